import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  canonicalJson,
  CERTIFICATE_KEYS_PATH,
  type CertificateKeys,
  MALFORMED_CERTIFICATE_NUMBER_MESSAGE,
  normalizeCertificateNumber,
  type PublicCertificate,
  CERTIFICATE_ALREADY_REVOKED_MESSAGE,
  certificatePublishedMessage,
  certificateRevokedMessage,
  certificateUnpublishedMessage,
  DIRECTORY_PAGE_SIZE,
  DIRECTORY_SEARCH_MAX_LENGTH,
  type DirectoryAnswer,
  REVOKED_NOT_PUBLISHED_MESSAGE,
  REVOKE_REASON_REQUIRED_MESSAGE,
  UNKNOWN_CERTIFICATE_MESSAGE,
} from '@/contract/certificates'
import type { CertificationRun } from '@/contract/certification'
import { LAB_MANAGER_ONLY_MESSAGE, LAB_ONLY_MESSAGE } from '@/contract/lab'
import { endpointPath, endpoints } from '@/contract/endpoints'
import { CERTIFIED_OK } from '@/contract/records'
import {
  createStaffMember,
  eventually,
  createVendor,
  startTestPortal,
  submitPayloadFor,
  type TestPortal,
  type TestStaff,
  type TestVendor,
} from '../test/portal.ts'
import { readRevokeFlags } from '../../scripts/revoke-certificate.ts'
import { readDevMailbox } from '../apps/dev-mailbox.ts'
import { issueCertificate, newCertificateNumber } from '../certification/issue-certificate.ts'
import { ephemeralSigner, loadSigner, registerSigner, SIGNING_KEY_FILE, verifySignature } from './keys.ts'
import { DirectorySnapshot } from './directory.ts'
import { certificateState, readPublicCertificate } from './read.ts'

/*
 * docs/decisions/0025: a certifying run gets one signed certificate, in the same
 * transaction as its result; anyone reads it by number and checks its signature against the
 * published keys; a certificate whose stored text was altered fails the check; the key is kept
 * in the data folder (or given), and a rotated key leaves the old certificates verifiable.
 */

let test: TestPortal
let vendor: TestVendor
let manager: TestStaff
let engineer: TestStaff
const signer = ephemeralSigner()

beforeAll(async () => {
  test = await startTestPortal({ certificates: { signer, validYears: 3 } })
  vendor = await createVendor(test, 'cora.cert@example.com', 'Cora')
  manager = await createStaffMember(test, 'rita.revoke@lab.example', 'Rita Revoke', 'Lab manager')
  engineer = await createStaffMember(test, 'eve.engineer@lab.example', 'Eve Engineer', 'Lab engineer')
}, 60_000)

afterAll(async () => {
  await test?.close()
})

const db = () => test.database.db
const main = (pathname: string) => fetch(`${test.portal.mainUrl}${pathname}`)

async function certify(serials: string[], firmware = '2.4.1') {
  const before = new Set(
    (await db().selectFrom('device_records').select('portfolio_manager_id').execute()).map(
      (row) => row.portfolio_manager_id,
    ),
  )
  const submitted = await vendor.browser.post(
    endpoints.submitPortfolio.path,
    submitPayloadFor(vendor.id, {
      deviceNumberList: serials,
      devicesToBeCertified: String(serials.length),
      baseFirmwareVersion: firmware,
    }),
  )
  expect([submitted.status, submitted.status === 200 ? '' : await submitted.text()]).toEqual([200, ''])
  const id = (await db().selectFrom('device_records').select('portfolio_manager_id').execute())
    .map((row) => row.portfolio_manager_id)
    .find((candidate) => !before.has(candidate))
  if (!id) throw new Error('No record was made.')
  const started = await vendor.browser.cert(endpoints.runTests.path, {
    body: { vendor_user_id: vendor.id, portfolio_manager_id: id },
    headers: { Origin: test.portal.mainUrl },
  })
  expect(started.status).toBe(200)
  await eventually(async () => {
    const row = await db()
      .selectFrom('device_records')
      .select('status')
      .where('portfolio_manager_id', '=', id)
      .executeTakeFirstOrThrow()
    return row.status === 'Completed'
  })
  return id
}

const certificatesOf = (id: string) =>
  db().selectFrom('certificates').selectAll().where('portfolio_manager_id', '=', id).execute()

describe('issuing', () => {
  it('gives a certifying run one signed certificate, anyone reads it by number and checks it', async () => {
    const id = await certify(['CERT0001', 'CERT0002'])
    const [row, ...more] = await certificatesOf(id)
    expect(more).toEqual([])
    expect(row?.number).toMatch(/^DCP-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/)
    const number = row!.number

    const keys = (await (await main(CERTIFICATE_KEYS_PATH)).json()) as CertificateKeys
    expect(keys.keys.map((key) => key.keyId)).toContain(signer.keyId)

    // Lower case, no dashes: the same certificate.
    const response = await main(
      endpointPath(endpoints.certificate.path, { number: number.toLowerCase().replaceAll('-', '') }),
    )
    expect(response.status).toBe(200)
    const certificate = (await response.json()) as PublicCertificate
    expect(certificate).toMatchObject({
      number,
      state: 'valid',
      keyId: signer.keyId,
      revocation: null,
      verifyUrl: `${test.portal.mainUrl}/verify/${number}`,
      content: {
        number,
        organization: { id: vendor.organizationId },
        device: { serialNumbers: ['CERT0001', 'CERT0002'], firmware: '2.4.1' },
        testPlan: { planId: 'wi-fi-mesh-device', name: 'Wi-Fi Mesh Device / Wi-Fi 6 Mesh', version: '1' },
        attempts: [{ attempt: 1, kind: 'full', outcome: CERTIFIED_OK }],
        issuer: 'Device Certification Portal',
      },
    })
    // The organization's id is its own, not the founding Owner's account id
    // (vendorUserId), which the published certificate would otherwise tell everyone.
    expect(certificate.content.organization.id).not.toBe(vendor.id)
    // Three years from the issue date; the payload is the content as canonical JSON.
    const issued = new Date(certificate.content.issuedAt)
    const expires = new Date(certificate.content.expiresAt)
    expect(expires.getUTCFullYear() - issued.getUTCFullYear()).toBe(3)
    expect(certificate.payload).toBe(canonicalJson(certificate.content))
    const key = keys.keys.find((candidate) => candidate.keyId === certificate.keyId)!
    expect(verifySignature(certificate.payload, certificate.signature, key.publicKey)).toBe(true)

    // Issued once: asking again for the run gives the same number and no second row.
    expect(await issueCertificate(db(), row!.run_id, { signer })).toBe(number)
    expect(await certificatesOf(id)).toHaveLength(1)
  })

  it('gives a run that failed no certificate', async () => {
    const id = await certify(['FAIL0001'], '0.9.4')
    expect(await certificatesOf(id)).toEqual([])
  })

  it('fails the check of a certificate whose stored text was altered', async () => {
    const id = await certify(['ALTER0001'])
    const [row] = await certificatesOf(id)
    const altered = row!.payload.replace('ALTER0001', 'ALTER0002')
    expect(altered).not.toBe(row!.payload)
    await db()
      .updateTable('certificates')
      .set({ payload: altered })
      .where('number', '=', row!.number)
      .execute()
    const read = await readPublicCertificate(db(), row!.number, test.portal.mainUrl)
    expect(read?.content.device.serialNumbers).toEqual(['ALTER0002'])
    expect(read?.signatureValid).toBe(false)
    // The signature by another key fails too.
    expect(verifySignature(row!.payload, row!.signature, ephemeralSigner().publicKey)).toBe(false)
    expect(verifySignature(row!.payload, row!.signature, signer.publicKey)).toBe(true)
  })

  it('answers a malformed number 400 and an unknown one 404, naming the field and nothing else', async () => {
    for (const malformed of ['DCP-1234', 'hello', 'DCP-UUUU-0000-0000', `DCP-${'0'.repeat(40)}`]) {
      const response = await main(endpointPath(endpoints.certificate.path, { number: malformed }))
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({
        message: MALFORMED_CERTIFICATE_NUMBER_MESSAGE,
        field: 'number',
      })
    }
    const unknown = await main(endpointPath(endpoints.certificate.path, { number: 'DCP-0000-0000-0000' }))
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({ message: UNKNOWN_CERTIFICATE_MESSAGE, field: 'number' })
  })
})

describe('states and numbers', () => {
  it('reads revoked before expired before valid', () => {
    const now = new Date('2026-11-26T12:00:00Z')
    const future = new Date('2029-11-26T12:00:00Z')
    const past = new Date('2026-11-26T11:59:59Z')
    expect(certificateState({ revoked_at: null, expires_at: future }, now)).toBe('valid')
    expect(certificateState({ revoked_at: null, expires_at: past }, now)).toBe('expired')
    expect(certificateState({ revoked_at: null, expires_at: now }, now)).toBe('expired')
    expect(certificateState({ revoked_at: past, expires_at: past }, now)).toBe('revoked')
  })

  it('draws numbers of the documented form, and reads them as people type them', () => {
    const drawn = new Set(Array.from({ length: 500 }, () => newCertificateNumber()))
    expect(drawn.size).toBe(500)
    for (const number of drawn) expect(normalizeCertificateNumber(number)).toBe(number)
    expect(normalizeCertificateNumber('dcp 7kq4 m9xz 2f8h')).toBe('DCP-7KQ4-M9XZ-2F8H')
    expect(normalizeCertificateNumber('DCP7KQ4M9XZ2F8H')).toBe('DCP-7KQ4-M9XZ-2F8H')
    // O is read as 0 and I or L as 1 (Crockford's base32), U is never one.
    expect(normalizeCertificateNumber('DCP-O1IL-0000-0000')).toBe('DCP-0111-0000-0000')
    expect(normalizeCertificateNumber('DCP-U000-0000-0000')).toBeNull()
    expect(normalizeCertificateNumber('')).toBeNull()
  })
})

describe('the key', () => {
  let dataDir: string
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-keys-'))
  })
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('is made once in the data folder, owner-readable only, and kept', () => {
    const first = loadSigner({ DATA_DIR: dataDir })
    const file = path.join(dataDir, SIGNING_KEY_FILE)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(readFileSync(file, 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----/)
    expect(loadSigner({ DATA_DIR: dataDir }).keyId).toBe(first.keyId)
  })

  it('comes from CERT_SIGNING_KEY when given, and refuses one that is not Ed25519', () => {
    const pem = readFileSync(path.join(dataDir, SIGNING_KEY_FILE), 'utf8')
    const given = loadSigner({ CERT_SIGNING_KEY: pem.replaceAll('\n', '\\n'), DATA_DIR: '/nonexistent' })
    expect(given.keyId).toBe(loadSigner({ DATA_DIR: dataDir }).keyId)
    expect(() => loadSigner({ CERT_SIGNING_KEY: 'not a key' })).toThrow(
      /^CERT_SIGNING_KEY must be an Ed25519 private key/,
    )
  })

  it('rotated, leaves the certificates the old key signed verifiable', async () => {
    const id = await certify(['ROTATE0001'])
    const [old] = await certificatesOf(id)
    const next = ephemeralSigner()
    await registerSigner(db(), next)
    await registerSigner(db(), next)
    const keys = (await (await main(CERTIFICATE_KEYS_PATH)).json()) as CertificateKeys
    expect(keys.keys.map((key) => key.keyId)).toEqual(expect.arrayContaining([signer.keyId, next.keyId]))
    expect(keys.keys.filter((key) => key.keyId === next.keyId)).toHaveLength(1)
    const read = await readPublicCertificate(db(), old!.number, test.portal.mainUrl)
    expect(read?.signatureValid).toBe(true)
    expect(read?.keyId).toBe(signer.keyId)
  })
})

describe('revoking', () => {
  it('is a Lab manager’s, with a reason; the record says Revoked, the Owners are told, once', async () => {
    const id = await certify(['REVOKE0001'])
    const [row] = await certificatesOf(id)
    const number = row!.number
    // The vendor's runs name the certificate and its state.
    const runs = await vendor.browser.cert(
      `${endpoints.listRuns.path}?vendor_user_id=${vendor.id}&portfolio_manager_id=${id}`,
      { method: 'GET' },
    )
    const [latest] = ((await runs.json()) as { runs: CertificationRun[] }).runs
    expect(latest?.certificate).toEqual({ number, state: 'valid', published: false })

    const revoke = (
      who: { browser: { post: (path: string, body: unknown) => Promise<Response> } },
      body: unknown,
    ) => who.browser.post(endpoints.labRevokeCertificate.path, body)
    const reason = 'The device on the bench was not the one declared.'
    expect(await answerOf(await revoke(vendor, { number, reason }))).toEqual({
      status: 403,
      body: { message: LAB_ONLY_MESSAGE },
    })
    expect(await answerOf(await revoke(engineer, { number, reason }))).toEqual({
      status: 403,
      body: { message: LAB_MANAGER_ONLY_MESSAGE },
    })
    expect(await answerOf(await revoke(manager, { number, reason: '   ' }))).toEqual({
      status: 400,
      body: { message: REVOKE_REASON_REQUIRED_MESSAGE, field: 'reason' },
    })
    expect(await answerOf(await revoke(manager, { number: 'DCP-0000-0000-0000', reason }))).toEqual({
      status: 404,
      body: { message: UNKNOWN_CERTIFICATE_MESSAGE, field: 'number' },
    })
    expect((await certificatesOf(id))[0]?.revoked_at).toBeNull()

    expect(await answerOf(await revoke(manager, { number: number.toLowerCase(), reason }))).toEqual({
      status: 200,
      body: { message: certificateRevokedMessage(number) },
    })
    expect(await answerOf(await revoke(manager, { number, reason: 'Again.' }))).toEqual({
      status: 409,
      body: { message: CERTIFICATE_ALREADY_REVOKED_MESSAGE, field: 'number' },
    })
    const record = (await (
      await main(endpointPath(endpoints.certificate.path, { number }))
    ).json()) as PublicCertificate
    expect(record.state).toBe('revoked')
    expect(record.revocation).toEqual({ reason, revokedAt: expect.stringMatching(/^\d{4}-/) as unknown })
    const [after] = await certificatesOf(id)
    expect(after).toMatchObject({ revoked_reason: reason, revoked_by: 'Rita Revoke (lab)' })

    // The organization's log says the lab did it; its Owner has the reason by mail.
    const logged = await db()
      .selectFrom('activity_log')
      .select(['action', 'actor_name', 'actor_kind', 'subject'])
      .where('organization_id', '=', vendor.organizationId)
      .where('action', '=', 'certificate.revoked')
      .execute()
    expect(logged).toEqual([
      {
        action: 'certificate.revoked',
        actor_name: 'Rita Revoke (lab)',
        actor_kind: 'lab',
        subject: `Beacon 6 (Nokia), certificate ${number}`,
      },
    ])
    const mails = await readDevMailbox(db(), 50)
    const told = mails.find((mail) => mail.subject === `Certificate ${number} revoked: Nokia Beacon 6`)
    expect(told?.to).toBe(vendor.email)
    expect(told?.text).toContain(`Reason: ${reason}`)
    expect(told?.text).toContain(`${test.portal.mainUrl}/verify/${number}`)
  })

  it('reads the command’s flags, naming the one that is wrong', () => {
    expect(readRevokeFlags(['--number', 'dcp-7kq4-m9xz-2f8h', '--reason', ' Fraud. '])).toEqual({
      number: 'dcp-7kq4-m9xz-2f8h',
      reason: 'Fraud.',
    })
    expect(readRevokeFlags(['--reason', 'Fraud.'])).toEqual({
      message:
        '--number is required.\nUsage: npm run certificate:revoke -- --number DCP-XXXX-XXXX-XXXX --reason "<why>"',
    })
    expect(readRevokeFlags(['--number', 'DCP-7KQ4-M9XZ-2F8H'])).toEqual({
      message: `--reason: ${REVOKE_REASON_REQUIRED_MESSAGE}`,
    })
  })
})

async function answerOf(response: Response) {
  return { status: response.status, body: (await response.json()) as unknown }
}

describe('the directory of certified devices', () => {
  const directory = async (query: Record<string, string> = {}) => {
    const response = await main(`${endpoints.directory.path}?${new URLSearchParams(query)}`)
    expect(response.status).toBe(200)
    return (await response.json()) as DirectoryAnswer
  }
  const publish = (number: string, published: boolean, who: TestVendor = vendor) =>
    who.browser.post(endpoints.publishCertificate.path, { vendorUserId: who.id, number, published })

  it('lists a certificate only once its organization publishes it, and drops it when revoked', async () => {
    const id = await certify(['DIR0001'])
    const [row] = await certificatesOf(id)
    const number = row!.number
    expect((await directory({ search: number })).items).toEqual([])

    // Another organization cannot list it: to them it does not exist.
    const stranger = await createVendor(test, 'sam.stranger@example.com', 'Sam')
    expect(await answerOf(await publish(number, true, stranger))).toEqual({
      status: 404,
      body: { message: UNKNOWN_CERTIFICATE_MESSAGE, field: 'number' },
    })
    expect(await answerOf(await publish(number, true))).toEqual({
      status: 200,
      body: { message: certificatePublishedMessage(number) },
    })
    const listed = await directory({ search: number.toLowerCase() })
    expect(listed).toEqual({
      items: [
        {
          number,
          vendor: 'Nokia',
          deviceName: 'Beacon 6',
          deviceType: row!.device_type,
          productClass: row!.product_class,
          organizationName: row!.organization_name,
          issuedAt: new Date(row!.issued_at).toISOString(),
          expiresAt: new Date(row!.expires_at).toISOString(),
          // The device's certified firmware (docs/decisions/0033).
          firmwareVersions: ['2.4.1'],
        },
      ],
      total: 1,
      page: 1,
      pageSize: DIRECTORY_PAGE_SIZE,
      facets: {
        vendors: ['Nokia'],
        deviceTypes: [row!.device_type],
        productClasses: [row!.product_class],
      },
    })
    // Filters are exact; a search's % and _ are searched for, not wildcards.
    expect((await directory({ vendor: 'Nokia', search: number })).total).toBe(1)
    expect((await directory({ vendor: 'Nokia Oy', search: number })).total).toBe(0)
    expect((await directory({ search: '%' })).total).toBe(0)

    // Revoked: it leaves the directory, and cannot be listed again.
    await answerOf(
      await manager.browser.post(endpoints.labRevokeCertificate.path, { number, reason: 'Mislabelled.' }),
    )
    expect((await directory({ search: number })).items).toEqual([])
    expect(await answerOf(await publish(number, true))).toEqual({
      status: 409,
      body: { message: REVOKED_NOT_PUBLISHED_MESSAGE, field: 'number' },
    })
    expect(await answerOf(await publish(number, false))).toEqual({
      status: 200,
      body: { message: certificateUnpublishedMessage(number) },
    })
  })

  it('pages newest first, and refuses a page that is not a whole number from 1', async () => {
    const page = await main(`${endpoints.directory.path}?page=0`)
    expect(page.status).toBe(400)
    expect(((await page.json()) as { field?: string }).field).toBe('page')
    const first = await directory()
    const issued = first.items.map((item) => item.issuedAt)
    expect(issued).toEqual([...issued].sort().reverse())
    expect((await directory({ page: '999' })).items).toEqual([])
  })

  it('is the same in every process: a change made through one snapshot is in the next read of another', async () => {
    // Two snapshots on one database stand for two processes (the two-process suite does it on PostgreSQL).
    const here = new DirectorySnapshot(db())
    const there = new DirectorySnapshot(db())
    const id = await certify(['DIR0002'])
    const [row] = await certificatesOf(id)
    const number = row!.number
    expect((await here.read({ search: number })).total).toBe(0)
    expect((await there.read({ search: number })).total).toBe(0)
    await publish(number, true)
    expect((await here.read({ search: number })).items.map((item) => item.number)).toEqual([number])
    expect((await there.read({ search: number })).items.map((item) => item.number)).toEqual([number])
    await publish(number, false)
    expect((await there.read({ search: number })).total).toBe(0)
    expect((await here.read({ search: number })).total).toBe(0)
  })

  it('keeps its order when an older certificate is published, and drops one at its expiry', async () => {
    const snapshot = new DirectorySnapshot(db())
    const older = await certificatesOf(await certify(['DIR0003']))
    const newer = await certificatesOf(await certify(['DIR0004']))
    await publish(newer[0]!.number, true)
    const before = await snapshot.read({})
    await publish(older[0]!.number, true)
    const after = await snapshot.read({})
    expect(after.total).toBe(before.total + 1)
    const numbers = after.items.map((item) => item.number)
    expect(numbers.indexOf(newer[0]!.number)).toBeLessThan(numbers.indexOf(older[0]!.number))
    const issued = after.items.map((item) => item.issuedAt)
    expect(issued).toEqual([...issued].sort().reverse())

    // Just before the older one's expiry it is listed; at it, it is not (nor its vendor, if alone).
    const expiry = new Date(older[0]!.expires_at)
    const search = { search: older[0]!.number }
    expect((await snapshot.read(search, new Date(expiry.getTime() - 1))).total).toBe(1)
    expect((await snapshot.read(search, expiry)).total).toBe(0)
  })

  it('answers a search of the longest length, and refuses a longer one naming the field', async () => {
    const longest = 'x'.repeat(DIRECTORY_SEARCH_MAX_LENGTH)
    expect((await directory({ search: longest })).total).toBe(0)
    const refused = await main(
      `${endpoints.directory.path}?${new URLSearchParams({ search: `${longest}x` })}`,
    )
    expect(await answerOf(refused)).toEqual({
      status: 400,
      body: { message: 'search must be at most 100 characters.', field: 'search' },
    })
  })
})

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CertificateKeys, CERTIFICATE_KEYS_PATH, type PublicCertificate } from '@/contract/certificates'
import { endpointPath, endpoints } from '@/contract/endpoints'
import { labStaffAddedMessage, LAB_STAFF_EMAIL_TAKEN_MESSAGE } from '@/contract/lab'
import {
  backupWrittenMessage,
  OPERATOR_BACKUP_PATH,
  OPERATOR_LAB_STAFF_PATH,
  OPERATOR_REFUSED_MESSAGE,
  OPERATOR_REVOKE_PATH,
  otherPortalMessage,
  portalNotAnsweringMessage,
  restoredMessage,
} from '@/contract/operator'
import { certificateRevokedMessage, UNKNOWN_CERTIFICATE_MESSAGE } from '@/contract/certificates'
import { loadSigner, verifySignature } from '../server/certificates/keys.ts'
import { folderBackup } from '../server/platform/backup/data-folder.ts'
import { openDatabase } from '../server/platform/db/database.ts'
import {
  createVendor,
  certificateIssued,
  startTestPortal,
  submitRecord,
  type TestPortal,
  type TestVendor,
} from '../server/test/portal.ts'
import { backupCommand } from './backup.ts'
import { addStaffCommand } from './lab-add-staff.ts'
import { operatorUrl } from './operator-client.ts'
import { restoreCommand } from './restore.ts'
import { revokeCommand } from './revoke-certificate.ts'

/*
 * docs/decisions/0048: a portal on PGlite in a data folder holding records, runs and certificates;
 * lab:add-staff, certificate:revoke and backup sent to it while it runs (its operator calls, which
 * refuse a caller from elsewhere); then it stops, the backup is restored into a new folder, a
 * portal starts there and finds everything, and its certificates still verify.
 */

const OPERATOR_TOKEN = 'operator-token-of-at-least-32-characters'
const folders: string[] = []
const folder = (name: string) => {
  const made = mkdtempSync(path.join(tmpdir(), `portal-${name}-`))
  folders.push(made)
  return made
}
const dataDir = folder('data')
const backupFile = path.join(folder('backups'), 'portal.tar.gz')
const restoredDir = path.join(folder('restored'), 'data')

/** A port nothing listens on (taken, then given back). */
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

/** A command's printed lines and exit code. */
async function run(
  command: (args: string[], env: NodeJS.ProcessEnv, out: never) => Promise<number>,
  args: string[],
  env: NodeJS.ProcessEnv,
) {
  const lines: string[] = []
  const out = {
    log: (line: string) => lines.push(line),
    error: (line: string) => lines.push(`error: ${line}`),
  }
  const code = await command(args, env, out as never)
  return { code, lines }
}

async function startOn(folderPath: string) {
  const database = await openDatabase({
    dataDir: folderPath,
    seeds: { addresses: false, demoAccount: false },
  })
  const signer = loadSigner({ DATA_DIR: folderPath })
  const test = await startTestPortal({
    database: { ...database, schema: undefined },
    certificates: { signer, validYears: 3 },
    operator: { token: OPERATOR_TOKEN, backup: folderBackup(database, folderPath) },
  })
  return { test, signer }
}

/** Submits a record for `owner`, runs it to completion and answers its certificate's number. */
async function certified(test: TestPortal, owner: TestVendor, serial: string) {
  const id = await submitRecord(test, owner, [serial], { devicesToBeCertified: '1' })
  const started = await owner.browser.cert(endpoints.runTests.path, {
    body: { vendor_user_id: owner.id, portfolio_manager_id: id },
    headers: { Origin: test.portal.mainUrl },
  })
  expect(started.status).toBe(200)
  return certificateIssued(test.database.db, id)
}

let test: TestPortal
let owner: TestVendor
let env: NodeJS.ProcessEnv
let kept: string
let revoked: string
let keyId: string

beforeAll(async () => {
  const started = await startOn(dataDir)
  test = started.test
  keyId = started.signer.keyId
  env = { MAIN_PORT: String(test.portal.mainPort), HOST: '127.0.0.1', DATA_DIR: dataDir }
  owner = await createVendor(test, 'bella.backup@example.com', 'Bella')
  kept = await certified(test, owner, 'BACKUP0001')
  revoked = await certified(test, owner, 'BACKUP0002')
}, 120_000)

afterAll(async () => {
  await test?.close()
  for (const made of folders) rmSync(made, { recursive: true, force: true })
})

describe('the operator commands against a running portal', () => {
  it('adds lab staff and revokes a certificate through the portal, with the commands’ lines and exit codes', async () => {
    expect(
      await run(
        addStaffCommand,
        ['--email', 'olga.operator@lab.example', '--name', 'Olga Operator', '--role', 'Lab manager'],
        env,
      ),
    ).toEqual({
      code: 0,
      lines: [
        'Olga Operator <olga.operator@lab.example> is now a Lab manager of the lab.',
        expect.stringMatching(
          new RegExp(
            `the set-password link is in the development mailbox, and here:\\n  ${test.portal.mainUrl}/lab/set-password\\?token=`,
          ),
        ),
      ],
    })
    expect(
      await run(addStaffCommand, ['--email', 'OLGA.operator@lab.example', '--name', 'Twin'], env),
    ).toEqual({
      code: 1,
      lines: [`error: --email: ${LAB_STAFF_EMAIL_TAKEN_MESSAGE}`],
    })
    expect(
      await run(revokeCommand, ['--number', revoked, '--reason', 'Sold under another name.'], env),
    ).toEqual({
      code: 0,
      lines: [`${certificateRevokedMessage(revoked)} Its Owners were told.`],
    })
    expect(await run(revokeCommand, ['--number', 'DCP-0000-0000-0000', '--reason', 'x'], env)).toEqual({
      code: 1,
      lines: [`error: --number: ${UNKNOWN_CERTIFICATE_MESSAGE}`],
    })
    const staff = await test.database.db.selectFrom('lab_staff').select(['email', 'role']).execute()
    expect(staff).toEqual([{ email: 'olga.operator@lab.example', role: 'Lab manager' }])
  })

  it('asks only the portal that holds the data folder, and says so when another answers or none does', async () => {
    // A folder another running process holds (this test's parent): the portal answering is not it.
    const held = folder('held')
    writeFileSync(path.join(held, 'pglite.lock'), String(process.ppid))
    const args = ['--email', 'wrong.portal@lab.example', '--name', 'Wrong Portal']
    expect(await run(addStaffCommand, args, { ...env, DATA_DIR: held })).toEqual({
      code: 1,
      lines: [`error: ${otherPortalMessage(test.portal.mainUrl, process.pid, process.ppid, held)}`],
    })
    // The portal holding the folder does not answer on MAIN_PORT.
    const elsewhere = { ...env, MAIN_PORT: String(await freePort()) }
    expect(await run(revokeCommand, ['--number', kept, '--reason', 'x'], elsewhere)).toEqual({
      code: 1,
      lines: [`error: ${portalNotAnsweringMessage(dataDir, process.pid, operatorUrl(elsewhere))}`],
    })
    const db = test.database.db
    expect(
      await db
        .selectFrom('lab_staff')
        .select('email')
        .where('email', '=', 'wrong.portal@lab.example')
        .execute(),
    ).toEqual([])
    expect(
      await db.selectFrom('certificates').select('revoked_at').where('number', '=', kept).executeTakeFirst(),
    ).toEqual({ revoked_at: null })
  })

  it('refuses a caller from elsewhere (through a proxy), and changes nothing; takes OPERATOR_TOKEN', async () => {
    const call = (pathname: string, headers: Record<string, string>, body?: object) =>
      fetch(`${test.portal.mainUrl}${pathname}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        ...(body ? { body: JSON.stringify(body) } : {}),
      })
    const remote = { 'X-Forwarded-For': '203.0.113.9' }
    const staffBody = { email: 'rex.remote@lab.example', name: 'Rex Remote', role: 'Lab manager' }
    for (const [pathname, body] of [
      [OPERATOR_LAB_STAFF_PATH, staffBody],
      [OPERATOR_REVOKE_PATH, { number: kept, reason: 'Remote.' }],
      [OPERATOR_BACKUP_PATH, undefined],
    ] as const) {
      const refusedHeaders: Array<Record<string, string>> = [
        remote,
        { Forwarded: 'for=203.0.113.9' },
        { ...remote, Authorization: `Bearer ${OPERATOR_TOKEN}x` },
        // A vendor's session is no operator's, and neither is a vendor's API token.
        { ...remote, Cookie: owner.browser.cookie },
        { ...remote, Authorization: 'Bearer dcp_not-an-operator-token' },
      ]
      for (const headers of refusedHeaders) {
        const answer = await call(pathname, headers, body)
        expect([pathname, answer.status, await answer.json()]).toEqual([
          pathname,
          403,
          { message: OPERATOR_REFUSED_MESSAGE },
        ])
      }
    }
    const db = test.database.db
    expect(
      await db.selectFrom('lab_staff').select('email').where('email', '=', staffBody.email).execute(),
    ).toEqual([])
    expect(
      await db.selectFrom('certificates').select('revoked_at').where('number', '=', kept).executeTakeFirst(),
    ).toEqual({ revoked_at: null })
    // With the token a caller from elsewhere is let in; a bad field is named, with 400.
    const withToken = { ...remote, Authorization: `Bearer ${OPERATOR_TOKEN}` }
    const refused = await call(OPERATOR_LAB_STAFF_PATH, withToken, { ...staffBody, email: 'not an address' })
    expect([refused.status, (await refused.json()).field]).toEqual([400, 'email'])
    const added = await call(OPERATOR_LAB_STAFF_PATH, withToken, staffBody)
    expect([added.status, (await added.json()).message]).toEqual([200, labStaffAddedMessage(staffBody.email)])
  })
})

describe('a backup of a running portal, restored into a new folder', () => {
  it('holds the records, the runs, the staff and the certificates, which still verify', async () => {
    const backup = await run(backupCommand, ['--out', backupFile], env)
    expect(backup.code).toBe(0)
    expect(backup.lines).toEqual([
      expect.stringMatching(
        /^Backup written to .+ \(\d+\.\d MB\), a snapshot the running portal took between two queries\.$/,
      ),
    ])
    expect(backup.lines[0]).toBe(
      backupWrittenMessage(
        backupFile,
        Number(/\((\d+\.\d) MB\)/.exec(backup.lines[0] ?? '')?.[1]) * 1_048_576,
        'portal',
      ),
    )
    await test.close()
    // With no portal on the folder, the command opens it itself.
    const offline = await run(backupCommand, ['--out', `${backupFile}.offline`], env)
    expect([offline.code, offline.lines]).toEqual([
      0,
      [
        expect.stringMatching(
          /^Backup written to .+ \(\d+\.\d MB\), from the data folder \(no portal was running on it\)\.$/,
        ),
      ],
    ])

    expect(await run(restoreCommand, ['--from', backupFile, '--data-dir', restoredDir], {})).toEqual({
      code: 0,
      lines: [restoredMessage(restoredDir, { records: 2, runs: 2, certificates: 2 })],
    })
    const restored = await startOn(restoredDir)
    test = restored.test
    // The signing key came along in the backup: the restored portal signs with the same key.
    expect(restored.signer.keyId).toBe(keyId)
    const db = test.database.db
    expect(await db.selectFrom('lab_staff').select('email').orderBy('email').execute()).toEqual([
      { email: 'olga.operator@lab.example' },
      { email: 'rex.remote@lab.example' },
    ])
    expect(await db.selectFrom('certification_runs').select('status').execute()).toEqual([
      { status: 'Completed' },
      { status: 'Completed' },
    ])
    const keys = (await (
      await fetch(`${test.portal.mainUrl}${CERTIFICATE_KEYS_PATH}`)
    ).json()) as CertificateKeys
    const read = async (number: string) =>
      (await (
        await fetch(`${test.portal.mainUrl}${endpointPath(endpoints.certificate.path, { number })}`)
      ).json()) as PublicCertificate
    for (const [number, state] of [
      [kept, 'valid'],
      [revoked, 'revoked'],
    ] as const) {
      const certificate = await read(number)
      expect([number, certificate.state]).toEqual([number, state])
      const key = keys.keys.find((candidate) => candidate.keyId === certificate.keyId)
      expect(key && verifySignature(certificate.payload, certificate.signature, key.publicKey)).toBe(true)
    }
  }, 60_000)
})

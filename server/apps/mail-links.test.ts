import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TOKEN_HEADER } from '@/contract/auth'
import { endpoints } from '@/contract/endpoints'
import {
  createStaffMember,
  createVendor,
  certificateIssued,
  eventually,
  newBrowser,
  registrationPayload,
  startTestPortal,
  submitPayloadFor,
  type Browser,
  type TestPortal,
  type TestStaff,
  type TestVendor,
} from '../test/portal.ts'

/*
 * Every link the portal mails is built from PORTAL_URL, never from the request's
 * Host or X-Forwarded-Host (which anyone can send: a set-password link to attacker.example handed
 * a lab account to whoever sent the header). Every call that mails a link is sent with both
 * headers poisoned, TRUST_PROXY=1 as behind a proxy; then every URL in every mail (text, HTML and
 * headers such as List-Unsubscribe) must start with PORTAL_URL.
 */

const PORTAL_URL = 'https://certification.portal.example'
const ATTACKER = 'attacker.example'
let test: TestPortal
let vendor: TestVendor
let manager: TestStaff
const trustProxy = process.env.TRUST_PROXY

beforeAll(async () => {
  process.env.TRUST_PROXY = '1'
  test = await startTestPortal({ publicUrl: PORTAL_URL })
  vendor = await createVendor(test, 'olga.owner@example.com', 'Olga')
  manager = await createStaffMember(test, 'mira.manager@lab.example', 'Mira Manager', 'Lab manager')
  await createStaffMember(test, 'sam.staff@lab.example', 'Sam Staff')
}, 60_000)

afterAll(async () => {
  if (trustProxy === undefined) delete process.env.TRUST_PROXY
  else process.env.TRUST_PROXY = trustProxy
  await test?.close()
})

/** A POST as `browser` with Host and X-Forwarded-Host naming the attacker (fetch cannot set Host). */
function poisoned(browser: Browser, url: string, body: unknown, origin?: string) {
  const target = new URL(url)
  const payload = JSON.stringify(body)
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const call = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: {
          Host: `${ATTACKER}:${target.port}`,
          'X-Forwarded-Host': ATTACKER,
          'X-Forwarded-Proto': 'https',
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(payload),
          ...(browser.cookie ? { Cookie: browser.cookie } : {}),
          ...(browser.token && !origin ? { [TOKEN_HEADER]: browser.token } : {}),
          ...(origin ? { Origin: origin } : {}),
        },
      },
      (response) => {
        let text = ''
        response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }))
      },
    )
    call.on('error', reject)
    call.end(payload)
  })
}

const mainCall = (browser: Browser, path: string, body: unknown) =>
  poisoned(browser, `${test.portal.mainUrl}${path}`, body)

async function mails() {
  return test.database.db
    .selectFrom('mail_outbox')
    .select(['to_address', 'subject', 'text_body', 'html_body', 'headers'])
    .orderBy('seq')
    .execute()
}

async function certifiedRecord() {
  const submitted = await vendor.browser.post(endpoints.submitPortfolio.path, submitPayloadFor(vendor.id))
  expect(submitted.status).toBe(200)
  const { portfolio_manager_id: id } = await test.database.db
    .selectFrom('device_records')
    .select('portfolio_manager_id')
    .where('organization_id', '=', vendor.organizationId)
    .executeTakeFirstOrThrow()
  const run = { vendor_user_id: vendor.id, portfolio_manager_id: id }
  // The certification service checks the page's origin against the host it was reached at: the
  // poisoned Host with a matching Origin is accepted, as a proxy passing both would be.
  const attackerPage = `http://${ATTACKER}:${test.portal.mainPort}`
  const started = await poisoned(
    vendor.browser,
    `${test.portal.certUrl}${endpoints.runTests.path}`,
    run,
    attackerPage,
  )
  expect(started.status).toBe(200)
  await certificateIssued(test.database.db, id)
  const emailed = await poisoned(
    vendor.browser,
    `${test.portal.certUrl}${endpoints.emailCertificate.path}`,
    run,
    attackerPage,
  )
  expect(emailed.status).toBe(200)
  return id
}

describe('links in mail come from PORTAL_URL', () => {
  it('for every call that mails a link, whatever Host and X-Forwarded-Host say', async () => {
    const visitor = await newBrowser(test.portal)
    const sent = [
      // Forgot password: a vendor's code, a lab staff member's set-password link, an unknown address.
      await mainCall(visitor, endpoints.forgotPassword.path, { emailId: vendor.email }),
      await mainCall(visitor, endpoints.forgotPassword.path, { emailId: 'sam.staff@lab.example' }),
      await mainCall(visitor, endpoints.forgotPassword.path, { emailId: 'nobody.here@example.com' }),
      // Registration: a new address and a taken one.
      await mainCall(visitor, endpoints.register.path, registrationPayload('nina.new@example.com')),
      await mainCall(visitor, endpoints.register.path, registrationPayload(vendor.email)),
      // An Owner's invitation, and a Lab manager's new member (the welcome link).
      await mainCall(vendor.browser, endpoints.inviteMember.path, {
        vendorUserId: vendor.id,
        emailId: 'ivan.invited@example.com',
        role: 'Engineer',
      }),
      await mainCall(manager.browser, endpoints.labAddStaff.path, {
        email: 'wendy.welcome@lab.example',
        name: 'Wendy Welcome',
        role: 'Lab engineer',
      }),
    ]
    expect(sent.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200, 200])

    // A certificate: the run's notifications, the mailed PDF, then a Lab manager's revocation.
    await certifiedRecord()
    const { number } = await test.database.db
      .selectFrom('certificates')
      .select('number')
      .executeTakeFirstOrThrow()
    const revoked = await mainCall(manager.browser, endpoints.labRevokeCertificate.path, {
      number,
      reason: 'Test of the links in mail.',
    })
    expect(revoked.status).toBe(200)
    // The run's notifications reach the development mailbox on the notifier's own time (later on PostgreSQL).
    const expected = [
      'Certificate DCP-… issued for Beacon 6',
      'Certificate DCP-… revoked: Nokia Beacon 6',
      'Certificate DCP-…: Nokia Beacon 6',
      'Certified: Beacon 6 (attempt 1)',
      'Invitation to join Olga Networks',
      'Set a new password for the lab console',
      'Your account for the certification lab console',
    ]
    const subjects = async () =>
      new Set((await mails()).map((mail) => mail.subject.replaceAll(number, 'DCP-…')))
    await eventually(async () => {
      const found = await subjects()
      return expected.every((subject) => found.has(subject))
    })

    const all = await mails()
    const links = all.flatMap(
      (mail) =>
        [mail.text_body, mail.html_body ?? '', mail.headers ?? '']
          .join('\n')
          .match(/https?:\/\/[^\s"'<>)\]]+/g)
          ?.map((link) => ({ subject: mail.subject.replaceAll(number, 'DCP-…'), link })) ?? [],
    )
    // Each kind of mail is there, and carries links.
    expect([...new Set(links.map(({ subject }) => subject))].sort()).toEqual(expected)
    expect(links.filter(({ link }) => !link.startsWith(`${PORTAL_URL}/`))).toEqual([])
    expect(all.filter((mail) => JSON.stringify(mail).includes(ATTACKER)).map((mail) => mail.subject)).toEqual(
      [],
    )
  }, 60_000)

  it('in the public certificate read and the API document', async () => {
    const { number } = await test.database.db
      .selectFrom('certificates')
      .select('number')
      .executeTakeFirstOrThrow()
    const visitor = await newBrowser(test.portal)
    const read = await visitor.call(endpoints.certificate.path.replace(':number', number), { method: 'GET' })
    expect(JSON.stringify(await read.json())).toContain(`${PORTAL_URL}/verify/${number}`)
    const document = await visitor.call('/api/openapi.json', { method: 'GET' })
    expect(await document.text()).toContain(`export PORTAL=${PORTAL_URL}`)
  })
})

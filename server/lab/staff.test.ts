import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints, type LabEndpointName } from '@/contract/endpoints'
import {
  LAB_MANAGER_ONLY_MESSAGE,
  LAB_ONLY_MESSAGE,
  LAB_PASSWORD_SET_MESSAGE,
  LAB_SET_PASSWORD_LINK_INVALID_MESSAGE,
  LAB_STAFF_EMAIL_TAKEN_MESSAGE,
  LAB_STAFF_NOT_FOUND_MESSAGE,
  LAST_LAB_MANAGER_MESSAGE,
  labCan,
  type LabStaffAnswer,
  labStaffAddedMessage,
  labStaffRemovedMessage,
  labStaffRoleChangedMessage,
  VENDOR_ONLY_MESSAGE,
} from '@/contract/lab'
import {
  LOGIN_SUCCESS_MESSAGE,
  PASSWORD_RULES_MESSAGE,
  PASSWORDS_DO_NOT_MATCH_MESSAGE,
} from '@/contract/messages'
import {
  codeSentMessage,
  INVALID_LOGIN_MESSAGE,
  LOGGED_OUT_MESSAGE,
  NOT_SIGNED_IN_MESSAGE,
  registrationSuccessMessage,
  SESSION_RENEWED_MESSAGE,
} from '@/contract/server-messages'
import { addStaff, readFlags } from '../../scripts/lab-add-staff.ts'
import { readDevMailbox } from '../apps/dev-mailbox.ts'
import {
  type Browser,
  createStaffMember,
  createVendor,
  newBrowser,
  startTestPortal,
  TEST_PASSWORD,
  type TestPortal,
  type TestStaff,
  type TestVendor,
  json,
} from '../test/portal.ts'

/*
 * docs/decisions/0024: the lab's staff accounts over real HTTP — the command, the
 * set-password link, the login on the vendors' login page, the staff page's calls, and the wall
 * between the two kinds of session: no vendor reaches a lab call, no lab session a vendor call.
 */

let test: TestPortal
let vendor: TestVendor
let manager: TestStaff
let engineer: TestStaff

beforeAll(async () => {
  test = await startTestPortal()
  vendor = await createVendor(test, 'vera.vendor@example.com', 'Vera')
  manager = await createStaffMember(test, 'mona.manager@lab.example', 'Mona Manager', 'Lab manager')
  engineer = await createStaffMember(test, 'eli.engineer@lab.example', 'Eli Engineer', 'Lab engineer')
}, 60_000)

afterAll(async () => {
  await test?.close()
})

const db = () => test.database.db
const NEW_PASSWORD = 'Lab#Bench2026'

const linkIn = (text: string) => /http:\/\/\S+\/lab\/set-password\?token=([\w-]+)/.exec(text)
async function latestLinkTo(email: string) {
  const mail = (await readDevMailbox(db())).find((item) => item.to === email)
  const match = mail ? linkIn(mail.text) : null
  if (!mail || !match?.[1]) throw new Error(`No set-password mail to ${email}.`)
  return { mail, link: match[0], token: match[1] }
}

/** A lab call by its endpoint: GET with a query, POST with a body. */
function labCall(browser: Browser, name: LabEndpointName, input: Record<string, string | boolean> = {}) {
  const endpoint = endpoints[name]
  if (endpoint.method === 'GET') {
    const query = new URLSearchParams(input as Record<string, string>).toString()
    return browser.call(`${endpoint.path}${query ? `?${query}` : ''}`, { method: 'GET' })
  }
  return browser.post(endpoint.path, input)
}

describe('npm run lab:add-staff', () => {
  it('reads its flags, naming the one that is missing or wrong', () => {
    expect(readFlags(['--email', 'a@lab.example', '--name', 'Ann'], {})).toEqual({
      email: 'a@lab.example',
      name: 'Ann',
      role: 'Lab engineer',
      portalUrl: 'http://localhost:7700',
    })
    expect(readFlags(['--name', 'Ann'], {})).toEqual({
      message: expect.stringMatching(/^--email is required\./),
    })
    expect(readFlags(['--email', 'a@lab.example'], {})).toEqual({
      message: expect.stringMatching(/^--name is required\./),
    })
    expect(readFlags(['--email', 'a@lab.example', '--name', 'Ann', '--role', 'Boss'], {})).toEqual({
      message: '--role must be one of: Lab engineer, Lab manager.',
    })
    expect(
      readFlags(['--email', 'a@lab.example', '--name', 'Ann', '--role', 'Lab manager'], {
        PORTAL_URL: 'https://lab.example.org',
      }),
    ).toMatchObject({ role: 'Lab manager', portalUrl: 'https://lab.example.org' })
  })

  it('adds a member with no password and mails a set-password link that works once', async () => {
    const result = await addStaff(db(), test.mailer, {
      email: 'nina.new@lab.example',
      name: 'Nina New',
      role: 'Lab engineer',
      portalUrl: 'http://localhost:7700',
    })
    expect(result).toMatchObject({ ok: true })
    const { mail, link, token } = await latestLinkTo('nina.new@lab.example')
    expect(result.ok && result.link).toBe(link)
    expect(mail.subject).toBe('Your account for the certification lab console')
    expect(mail.text).toContain('Hello Nina New,')
    expect(mail.text).toContain('as a Lab engineer.')
    expect(mail.text).toContain('The link works once, until ')

    const anonymous = await newBrowser(test.portal)
    // Before a password is set the member cannot log in, with the vendors' words.
    await json(await anonymous.attemptLogin('nina.new@lab.example', NEW_PASSWORD), 401)
    expect(await json(await labCall(anonymous, 'labSetPasswordInfo', { token }), 200)).toEqual({
      name: 'Nina New',
      email: 'nina.new@lab.example',
    })
    expect(
      await json(
        await anonymous.post(endpoints.labSetPassword.path, {
          token,
          password: 'short',
          confirmPassword: 'short',
        }),
        400,
      ),
    ).toEqual({ message: PASSWORD_RULES_MESSAGE, field: 'password' })
    expect(
      await json(
        await anonymous.post(endpoints.labSetPassword.path, {
          token,
          password: NEW_PASSWORD,
          confirmPassword: 'Lab#Bench2027',
        }),
        400,
      ),
    ).toEqual({ message: PASSWORDS_DO_NOT_MATCH_MESSAGE, field: 'confirmPassword' })
    expect(
      await json(
        await anonymous.post(endpoints.labSetPassword.path, {
          token,
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
        }),
        200,
      ),
    ).toEqual({ message: LAB_PASSWORD_SET_MESSAGE })
    // Once.
    const invalid = { message: LAB_SET_PASSWORD_LINK_INVALID_MESSAGE, field: 'token' }
    expect(
      await json(
        await anonymous.post(endpoints.labSetPassword.path, {
          token,
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
        }),
        400,
      ),
    ).toEqual(invalid)
    expect(await json(await labCall(anonymous, 'labSetPasswordInfo', { token }), 400)).toEqual(invalid)
    expect(await json(await labCall(anonymous, 'labSetPasswordInfo', { token: 'not-a-token' }), 400)).toEqual(
      invalid,
    )

    const auth = await json<Record<string, unknown>>(
      await anonymous.attemptLogin('NINA.NEW@lab.example', NEW_PASSWORD),
      200,
    )
    expect(auth).toEqual({
      name: 'Nina New',
      emailId: 'nina.new@lab.example',
      phoneNumber: '',
      vendorUserId: '',
      message: LOGIN_SUCCESS_MESSAGE,
      isPortfolioManagerPreviousReqSaved: 'NO',
      isPortfolioManagerSavedOrSubmittedDataExists: 'NO',
      isPortfolioManagerSubmittedDataExists: 'NO',
      organizations: [],
      labStaff: {
        staffId: expect.any(String),
        name: 'Nina New',
        email: 'nina.new@lab.example',
        role: 'Lab engineer',
      },
    })
  })

  it('refuses an address that is a vendor’s or a member’s, and adds nothing', async () => {
    const before = await db().selectFrom('lab_staff').select('id').execute()
    for (const email of ['vera.vendor@example.com', 'MONA.manager@lab.example']) {
      expect(
        await addStaff(db(), test.mailer, {
          email,
          name: 'Twin',
          role: 'Lab manager',
          portalUrl: 'http://x',
        }),
      ).toEqual({
        ok: false,
        message: `--email: ${LAB_STAFF_EMAIL_TAKEN_MESSAGE}`,
      })
    }
    expect(await db().selectFrom('lab_staff').select('id').execute()).toHaveLength(before.length)
  })

  it('refuses an expired link', async () => {
    const result = await addStaff(db(), test.mailer, {
      email: 'old.link@lab.example',
      name: 'Old Link',
      role: 'Lab engineer',
      portalUrl: 'http://localhost:7700',
    })
    expect(result.ok).toBe(true)
    const { token } = await latestLinkTo('old.link@lab.example')
    await db()
      .updateTable('lab_staff')
      .set({ set_password_expires_at: new Date(Date.now() - 1000) })
      .where('email', '=', 'old.link@lab.example')
      .execute()
    const anonymous = await newBrowser(test.portal)
    expect(await json(await labCall(anonymous, 'labSetPasswordInfo', { token }), 400)).toEqual({
      message: LAB_SET_PASSWORD_LINK_INVALID_MESSAGE,
      field: 'token',
    })
  })
})

describe('the login page, for staff and vendors alike', () => {
  it('answers a wrong staff password exactly as a wrong vendor password', async () => {
    const browser = await newBrowser(test.portal)
    const staff = await json(await browser.attemptLogin('eli.engineer@lab.example', 'Wrong#Pass2026'), 401)
    const vendorAnswer = await json(
      await browser.attemptLogin('vera.vendor@example.com', 'Wrong#Pass2026'),
      401,
    )
    const nobody = await json(await browser.attemptLogin('nobody@lab.example', 'Wrong#Pass2026'), 401)
    expect(staff).toEqual({ message: INVALID_LOGIN_MESSAGE })
    expect(vendorAnswer).toEqual(staff)
    expect(nobody).toEqual(staff)
  })

  it('keeps a lab session alive and logs it out', async () => {
    const member = await createStaffMember(test, 'kai.keep@lab.example', 'Kai Keep')
    expect(await json(await member.browser.post(endpoints.keepSessionAlive.path), 200)).toEqual({
      message: SESSION_RENEWED_MESSAGE,
    })
    expect((await labCall(member.browser, 'labState')).status).not.toBe(401)
    expect(await json(await member.browser.post(endpoints.logout.path), 200)).toEqual({
      message: LOGGED_OUT_MESSAGE,
    })
    expect(await json(await labCall(member.browser, 'labState'), 401)).toEqual({
      message: NOT_SIGNED_IN_MESSAGE,
    })
  })

  it('answers a registration with a staff address as any registration, and makes no vendor account', async () => {
    const browser = await newBrowser(test.portal)
    const response = await browser.post(endpoints.register.path, {
      firstName: 'Eli',
      lastName: 'Engineer',
      emailId: 'eli.engineer@lab.example',
      reEnteredEmailId: 'eli.engineer@lab.example',
      organization: 'Eli Networks',
      lob: 'Wireline',
      phoneNumber: '98450 12345',
      countryCode: '+91',
      country: 'India',
      state: 'Karnataka',
      city: 'Bengaluru',
    })
    const answer = await json<Record<string, unknown>>(response, 200)
    expect(answer).toMatchObject({
      status: 'SUCCESS',
      message: registrationSuccessMessage('eli.engineer@lab.example'),
    })
    const accounts = await db()
      .selectFrom('vendor_accounts')
      .select('id')
      .where('email_key', '=', 'eli.engineer@lab.example')
      .execute()
    expect(accounts).toEqual([])
  })

  it('mails a staff member who forgot their password a fresh set-password link', async () => {
    const browser = await newBrowser(test.portal)
    const answer = await json<Record<string, unknown>>(
      await browser.post(endpoints.forgotPassword.path, { emailId: 'eli.engineer@lab.example' }),
      200,
    )
    expect(answer).toMatchObject({ status: 'SUCCESS', message: codeSentMessage('eli.engineer@lab.example') })
    const { mail } = await latestLinkTo('eli.engineer@lab.example')
    expect(mail.subject).toBe('Set a new password for the lab console')
  })
})

describe('the wall between vendors and the lab', () => {
  const loggedIn = Object.entries(endpoints).flatMap(([name, endpoint]) =>
    endpoint.audience === 'lab' && endpoint.permission !== null ? [[name, endpoint.permission]] : [],
  ) as Array<[LabEndpointName, 'lab-read' | 'lab-act' | 'lab-manage']>

  it('refuses every lab call without a session (401) and with a vendor’s session (403)', async () => {
    const anonymous = await newBrowser(test.portal)
    for (const [name] of loggedIn) {
      expect([name, await json(await labCall(anonymous, name), 401)]).toEqual([
        name,
        { message: NOT_SIGNED_IN_MESSAGE },
      ])
      expect([name, await json(await labCall(vendor.browser, name), 403)]).toEqual([
        name,
        { message: LAB_ONLY_MESSAGE },
      ])
    }
  })

  it('refuses a Lab engineer every manager’s call, and lets a Lab manager through', async () => {
    for (const [name, permission] of loggedIn) {
      if (labCan('Lab engineer', permission)) continue
      expect([name, await json(await labCall(engineer.browser, name), 403)]).toEqual([
        name,
        { message: LAB_MANAGER_ONLY_MESSAGE },
      ])
      const response = await labCall(manager.browser, name)
      expect([name, response.status]).not.toEqual([name, 403])
      expect([name, response.status]).not.toEqual([name, 401])
    }
  })

  it('refuses a lab session every vendor call that needs a member', async () => {
    for (const name of ['listRecords', 'getPortfolio', 'team', 'activityLog', 'addComment'] as const) {
      const endpoint = endpoints[name]
      const response =
        endpoint.method === 'GET'
          ? await manager.browser.call(endpoint.path, { method: 'GET' })
          : await manager.browser.post(endpoint.path, {})
      expect([name, await json(response, 403)]).toEqual([name, { message: VENDOR_ONLY_MESSAGE }])
    }
  })
})

describe('the staff page’s calls', () => {
  it('lists the staff with their state', async () => {
    const { staff } = await json<LabStaffAnswer>(await labCall(manager.browser, 'labStaff'), 200)
    expect(staff.find((member) => member.email === 'mona.manager@lab.example')).toMatchObject({
      name: 'Mona Manager',
      role: 'Lab manager',
      state: 'active',
    })
    expect(staff.find((member) => member.email === 'old.link@lab.example')).toMatchObject({
      state: 'invited',
    })
  })

  it('adds a member by mail, refusing a taken or malformed address on its field', async () => {
    const added = await json<LabStaffAnswer & { message: string }>(
      await manager.browser.post(endpoints.labAddStaff.path, {
        email: ' paul.peer@lab.example ',
        name: 'Paul Peer',
        role: 'Lab manager',
      }),
      200,
    )
    expect(added.message).toBe(labStaffAddedMessage('paul.peer@lab.example'))
    expect(added.staff.find((member) => member.email === 'paul.peer@lab.example')).toMatchObject({
      state: 'invited',
      role: 'Lab manager',
    })
    const { link } = await latestLinkTo('paul.peer@lab.example')
    expect(link.startsWith(`${test.portal.mainUrl}/lab/set-password?token=`)).toBe(true)

    expect(
      await json(
        await manager.browser.post(endpoints.labAddStaff.path, {
          email: 'vera.vendor@example.com',
          name: 'V',
          role: 'Lab engineer',
        }),
        409,
      ),
    ).toEqual({ message: LAB_STAFF_EMAIL_TAKEN_MESSAGE, field: 'email' })
    const malformed = await json<{ field: string }>(
      await manager.browser.post(endpoints.labAddStaff.path, {
        email: 'not-an-address',
        name: 'N',
        role: 'Lab engineer',
      }),
      400,
    )
    expect(malformed.field).toBe('email')
    const badRole = await json<{ field: string }>(
      await manager.browser.post(endpoints.labAddStaff.path, {
        email: 'r@lab.example',
        name: 'R',
        role: 'Boss',
      }),
      400,
    )
    expect(badRole.field).toBe('role')
  })

  it('changes a role, and keeps the last Lab manager even when two managers demote each other at once', async () => {
    const other = await createStaffMember(test, 'olaf.other@lab.example', 'Olaf Other', 'Lab manager')
    // Three managers now (Mona, Olaf and Paul, who has no password yet): remove Paul first.
    const paul = (await json<LabStaffAnswer>(await labCall(manager.browser, 'labStaff'), 200)).staff.find(
      (member) => member.email === 'paul.peer@lab.example',
    )
    expect(
      await json(await manager.browser.post(endpoints.labRemoveStaff.path, { staffId: paul?.staffId }), 200),
    ).toMatchObject({ message: labStaffRemovedMessage('Paul Peer') })

    const [first, second] = await Promise.all([
      manager.browser.post(endpoints.labChangeStaffRole.path, {
        staffId: other.staffId,
        role: 'Lab engineer',
      }),
      other.browser.post(endpoints.labChangeStaffRole.path, {
        staffId: manager.staffId,
        role: 'Lab engineer',
      }),
    ])
    // One wins; the other is refused — as the last manager (409) when both ran together, or as
    // no manager any more (403) when the first had already demoted the second's caller.
    const [won, refused] = first.status === 200 ? [first, second] : [second, first]
    expect(won.status).toBe(200)
    const refusal = { status: refused.status, body: await refused.json() }
    expect([
      { status: 409, body: { message: LAST_LAB_MANAGER_MESSAGE, field: 'role' } },
      { status: 403, body: { message: LAB_MANAGER_ONLY_MESSAGE } },
    ]).toContainEqual(refusal)
    const managers = await db()
      .selectFrom('lab_staff')
      .select('name')
      .where('role', '=', 'Lab manager')
      .where('disabled_at', 'is', null)
      .execute()
    expect(managers).toHaveLength(1)
    const survivor = managers[0]?.name === 'Mona Manager' ? manager : other
    // The survivor cannot remove or demote itself either.
    expect(
      await json(
        await survivor.browser.post(endpoints.labRemoveStaff.path, { staffId: survivor.staffId }),
        409,
      ),
    ).toEqual({
      message: LAST_LAB_MANAGER_MESSAGE,
      field: 'staffId',
    })
    // Promote the other back, for the tests after this one.
    const demoted = survivor === manager ? other : manager
    expect(
      await json(
        await survivor.browser.post(endpoints.labChangeStaffRole.path, {
          staffId: demoted.staffId,
          role: 'Lab manager',
        }),
        200,
      ),
    ).toMatchObject({ message: labStaffRoleChangedMessage(demoted.name, 'Lab manager') })
  })

  it('ends a removed member’s session at once, and answers an unknown id on its field', async () => {
    const leaving = await createStaffMember(test, 'lea.leaving@lab.example', 'Lea Leaving')
    expect((await labCall(leaving.browser, 'labStaff')).status).toBe(403)
    expect(
      await json(
        await manager.browser.post(endpoints.labRemoveStaff.path, { staffId: leaving.staffId }),
        200,
      ),
    ).toMatchObject({ message: labStaffRemovedMessage('Lea Leaving') })
    expect(await json(await labCall(leaving.browser, 'labState'), 401)).toEqual({
      message: NOT_SIGNED_IN_MESSAGE,
    })
    const again = await newBrowser(test.portal)
    expect(await json(await again.attemptLogin('lea.leaving@lab.example', TEST_PASSWORD), 401)).toEqual({
      message: INVALID_LOGIN_MESSAGE,
    })
    for (const name of ['labRemoveStaff', 'labChangeStaffRole'] as const) {
      expect(
        await json(
          await manager.browser.post(endpoints[name].path, { staffId: leaving.staffId, role: 'Lab manager' }),
          404,
        ),
      ).toEqual({ message: LAB_STAFF_NOT_FOUND_MESSAGE, field: 'staffId' })
    }
  })
})

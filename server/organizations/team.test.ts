import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '@/contract/endpoints'
import { EMAIL_FORMAT_MESSAGE } from '@/contract/messages'
import { ROLE_DESCRIPTIONS, ROLE_REFUSALS, type Role } from '@/contract/roles'
import { EXAMPLE_DEVICE } from '@/contract/fixtures/payloads'
import { CERTIFIED_OK, VALIDATION_FAILURE } from '@/contract/records'
import { NOT_SIGNED_IN_MESSAGE, PORTFOLIO_SUBMITTED_MESSAGE } from '@/contract/server-messages'
import {
  ACTIVITY_ACTIONS,
  type ActivityAnswer,
  alreadyMemberMessage,
  INVITATION_LINK_EXPIRED_MESSAGE,
  INVITATION_LINK_REVOKED_MESSAGE,
  INVITATION_LINK_UNKNOWN_MESSAGE,
  INVITATION_LINK_USED_MESSAGE,
  INVITATION_NOT_FOUND_MESSAGE,
  INVITATIONS_PER_HOUR,
  INVITATIONS_TOO_MANY_MESSAGE,
  invitationForOtherEmailMessage,
  invitationRecipientTooManyMessage,
  invitationResentMessage,
  invitationRevokedMessage,
  invitationSentMessage,
  LAST_OWNER_MESSAGE,
  leftOrganizationMessage,
  MEMBER_NOT_FOUND_MESSAGE,
  memberRemovedMessage,
  ORGANIZATION_NOT_MEMBER_MESSAGE,
  roleChangedMessage,
  type TeamAnswer,
  type TeamChangeAnswer,
} from '@/contract/team'
import { readDevMailbox } from '../apps/dev-mailbox.ts'
import {
  type Browser,
  createVendor,
  gatedHarness,
  newBrowser,
  startTestPortal,
  submitPayloadFor,
  TEST_PASSWORD,
  type TestPortal,
  type TestVendor,
} from '../test/portal.ts'
import { SseClient } from '../test/sse.ts'

/*
 * docs/decisions/0023: the team calls over real HTTP — invitations by mail, joining
 * by registration or by accepting after login, roles, removal and leaving with at least one Owner
 * always left, the switch between organizations, and the activity log. Every refusal changes
 * nothing and says why.
 */

let test: TestPortal
let owner: TestVendor

beforeAll(async () => {
  test = await startTestPortal()
  owner = await createVendor(test, 'olga.owner@example.com', 'Olga')
}, 60_000)

afterAll(async () => {
  await test?.close()
})

const db = () => test.database.db

async function call<T>(browser: Browser, path: string, body: object, status = 200): Promise<T> {
  const response = await browser.post(path, { vendorUserId: browser.vendorUserId, ...body })
  const answer = (await response.json()) as T
  expect([path, response.status, answer]).toEqual([path, status, answer])
  return answer
}

async function team(browser: Browser): Promise<TeamAnswer> {
  const response = await browser.call(endpoints.team.path, { method: 'GET' })
  expect(response.status).toBe(200)
  return (await response.json()) as TeamAnswer
}

async function activity(browser: Browser, query: Record<string, string> = {}) {
  const search = new URLSearchParams({ vendorUserId: browser.vendorUserId, ...query })
  const response = await browser.call(`${endpoints.activityLog.path}?${search}`, { method: 'GET' })
  return { status: response.status, body: (await response.json()) as ActivityAnswer & { message?: string } }
}

/** The token of the newest invitation mailed to `to`. */
async function invitationTokenFor(to: string) {
  const mail = (await readDevMailbox(db())).find((item) => item.to === to)
  const token = mail?.text.match(/\/invitation\?token=([\w%-]+)/)?.[1]
  if (!mail || !token) throw new Error(`No invitation mailed to ${to}`)
  return { mail, token: decodeURIComponent(token) }
}

async function invite(emailId: string, role: Role, by: Browser = owner.browser) {
  const answer = await call<TeamChangeAnswer>(by, endpoints.inviteMember.path, { emailId, role })
  expect(answer.message).toBe(invitationSentMessage(emailId))
  return (await invitationTokenFor(emailId)).token
}

const joiner = { firstName: 'Nina', lastName: 'New', password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD }

/** Joins by the link with a name and a password (decision 0046), in a browser of its own. */
async function join(token: string, body: Partial<typeof joiner> = {}) {
  const browser = await newBrowser(test.portal)
  const response = await browser.post(endpoints.joinInvitation.path, { token, ...joiner, ...body })
  return { browser, status: response.status, body: (await response.json()) as Record<string, unknown> }
}

const count = async (table: 'vendor_accounts' | 'memberships' | 'invitations' | 'organizations') =>
  Number(
    (
      await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('rows'))
        .executeTakeFirstOrThrow()
    ).rows,
  )

describe('an invitation to someone without an account', () => {
  it('mails a link, and joining by it with a name and a password joins the organization with the role', async () => {
    const token = await invite('nina.new@example.com', 'Viewer')
    const { mail } = await invitationTokenFor('nina.new@example.com')
    expect(mail.subject).toBe('Invitation to join Olga Networks')
    expect(mail.text).toContain('Olga Tester invites you to join Olga Networks')
    expect(mail.text).toContain(`Viewer: ${ROLE_DESCRIPTIONS.Viewer}`)
    expect(mail.text).toContain(`${test.portal.mainUrl}/invitation?token=`)

    const page = await owner.browser.call(
      `${endpoints.getInvitation.path}?token=${encodeURIComponent(token)}`,
      {
        method: 'GET',
      },
    )
    expect(await page.json()).toMatchObject({
      state: 'valid',
      organizationName: 'Olga Networks',
      emailId: 'nina.new@example.com',
      role: 'Viewer',
      invitedBy: 'Olga Tester',
    })
    const listed = await team(owner.browser)
    expect(listed.invitations).toMatchObject([
      { emailId: 'nina.new@example.com', role: 'Viewer', state: 'pending' },
    ])

    // The names and the password follow spec §5's rules; a refusal makes nothing.
    const accounts = await count('vendor_accounts')
    const refusals = [
      [{ firstName: 'N1na' }, { message: 'Only letters are allowed.', field: 'firstName' }],
      [{ lastName: 'Ne' }, { message: 'Length must be between 3 and 50 characters.', field: 'lastName' }],
      [{ password: 'short', confirmPassword: 'short' }, { field: 'password' }],
      [
        { confirmPassword: `${TEST_PASSWORD}x` },
        { message: 'Passwords do not match.', field: 'confirmPassword' },
      ],
    ] as const
    for (const [body, refusal] of refusals) {
      const refused = await join(token, body)
      expect([refused.status, refused.body]).toMatchObject([400, refusal])
    }
    expect(await count('vendor_accounts')).toBe(accounts)

    // Joined: logged in at once as the invitation's address, in the organization with the role,
    // no new organization, no code mailed; the organization's details from the inviter.
    const organizations = await count('organizations')
    const mails = (await readDevMailbox(db())).length
    const joined = await join(token, { firstName: '  Nina ', lastName: 'New' })
    expect(joined.status).toBe(200)
    expect(joined.body).toMatchObject({
      name: 'Nina New',
      emailId: 'nina.new@example.com',
      organizationId: owner.organizationId,
      organizationName: 'Olga Networks',
      role: 'Viewer',
      message: 'Login is successful',
    })
    expect(joined.body.organizations).toHaveLength(1)
    expect(await count('organizations')).toBe(organizations)
    expect((await readDevMailbox(db())).length).toBe(mails)
    const nina = await db()
      .selectFrom('vendor_accounts')
      .select(['organization', 'lob', 'country', 'state', 'city', 'country_code', 'phone_number'])
      .where('email_key', '=', 'nina.new@example.com')
      .executeTakeFirstOrThrow()
    const olga = await db()
      .selectFrom('vendor_accounts')
      .select(['organization', 'lob', 'country', 'state', 'city', 'country_code', 'phone_number'])
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow()
    expect(nina).toEqual({ ...olga, organization: 'Olga Networks' })
    // The session is the new member's: it reads the team; the password logs in.
    expect((await team(joined.browser)).members.map((member) => member.emailId)).toContain(
      'nina.new@example.com',
    )
    const again = await newBrowser(test.portal)
    expect(await again.login('nina.new@example.com')).toMatchObject({ role: 'Viewer' })
    const logged = (await activity(owner.browser, { action: 'member.joined' })).body.entries
    expect(logged[0]).toMatchObject({ actorName: 'Nina New', subject: 'Nina New (Viewer)' })

    // The link worked once.
    const used = await join(token)
    expect([used.status, used.body]).toEqual([400, { message: INVITATION_LINK_USED_MESSAGE, field: 'token' }])
    const unknownPage = await owner.browser.call(`${endpoints.getInvitation.path}?token=not-a-token`, {
      method: 'GET',
    })
    expect(unknownPage.status).toBe(404)
    expect(await unknownPage.json()).toEqual({ message: INVITATION_LINK_UNKNOWN_MESSAGE, field: 'token' })
    const unknown = await join('not-a-token')
    expect([unknown.status, unknown.body]).toEqual([
      404,
      { message: INVITATION_LINK_UNKNOWN_MESSAGE, field: 'token' },
    ])
    expect((await team(owner.browser)).invitations).toEqual([])
  })
})

describe('an invitation to an existing account', () => {
  it('is accepted after login: the session acts for the organization', async () => {
    const eli = await createVendor(test, 'eli.engineer@example.com', 'Eli')
    const token = await invite('ELI.engineer@example.com', 'Engineer')
    const stranger = await createVendor(test, 'sam.stranger@example.com', 'Sam')
    const wrong = await stranger.browser.post(endpoints.acceptInvitation.path, { token })
    expect(wrong.status).toBe(403)
    expect(await wrong.json()).toEqual({
      message: invitationForOtherEmailMessage('ELI.engineer@example.com'),
      field: 'token',
    })

    const anonymous = await newBrowser(test.portal)
    const notSignedIn = await anonymous.post(endpoints.acceptInvitation.path, { token })
    expect(notSignedIn.status).toBe(401)
    expect(await notSignedIn.json()).toEqual({ message: NOT_SIGNED_IN_MESSAGE })

    const accepted = await eli.browser.post(endpoints.acceptInvitation.path, { token })
    expect(accepted.status).toBe(200)
    expect(await accepted.json()).toMatchObject({
      vendorUserId: eli.id,
      organizationId: owner.organizationId,
      role: 'Engineer',
    })
    const read = await team(eli.browser)
    expect(read.organizationId).toBe(owner.organizationId)
    // Invitations are the Owners' to see.
    expect(read.invitations).toEqual([])

    // Switching back to its own organization, and to one it is no member of.
    const back = await eli.browser.post(endpoints.switchOrganization.path, {
      organizationId: eli.organizationId,
    })
    expect(back.status).toBe(200)
    expect(await back.json()).toMatchObject({ organizationId: eli.organizationId, role: 'Owner' })
    const foreign = await eli.browser.post(endpoints.switchOrganization.path, {
      organizationId: stranger.organizationId,
    })
    expect(foreign.status).toBe(404)
    expect(await foreign.json()).toEqual({
      message: ORGANIZATION_NOT_MEMBER_MESSAGE,
      field: 'organizationId',
    })
    const forth = await eli.browser.post(endpoints.switchOrganization.path, {
      organizationId: owner.organizationId,
    })
    expect(forth.status).toBe(200)

    const used = await eli.browser.post(endpoints.acceptInvitation.path, { token })
    expect(used.status).toBe(400)
    expect(await used.json()).toEqual({ message: INVITATION_LINK_USED_MESSAGE, field: 'token' })
  })
})

describe('resend, revoke and expiry', () => {
  it('resend replaces the link; revoke and expiry make it unusable', async () => {
    const first = await invite('rita.resend@example.com', 'Engineer')
    const { invitations } = await team(owner.browser)
    const invitation = invitations.find((item) => item.emailId === 'rita.resend@example.com')
    if (!invitation) throw new Error('No invitation.')
    const resent = await call<TeamChangeAnswer>(owner.browser, endpoints.resendInvitation.path, {
      invitationId: invitation.invitationId,
    })
    expect(resent.message).toBe(invitationResentMessage('rita.resend@example.com'))
    const { token: second } = await invitationTokenFor('rita.resend@example.com')
    expect(second).not.toBe(first)
    expect((await join(first)).body).toEqual({ message: INVITATION_LINK_UNKNOWN_MESSAGE, field: 'token' })

    // Expired: seven days are over.
    await db()
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', invitation.invitationId)
      .execute()
    const accounts = await count('vendor_accounts')
    expect((await join(second)).body).toEqual({ message: INVITATION_LINK_EXPIRED_MESSAGE, field: 'token' })
    expect(await count('vendor_accounts')).toBe(accounts)
    expect((await team(owner.browser)).invitations).toMatchObject([{ state: 'expired' }])

    const revoked = await call<TeamChangeAnswer>(owner.browser, endpoints.revokeInvitation.path, {
      invitationId: invitation.invitationId,
    })
    expect(revoked.message).toBe(invitationRevokedMessage('rita.resend@example.com'))
    expect(revoked.team.invitations).toEqual([])
    const page = await owner.browser.call(
      `${endpoints.getInvitation.path}?token=${encodeURIComponent(second)}`,
      {
        method: 'GET',
      },
    )
    expect(await page.json()).toMatchObject({ state: 'revoked' })
    expect((await join(second)).body).toEqual({ message: INVITATION_LINK_REVOKED_MESSAGE, field: 'token' })
    await call(owner.browser, endpoints.revokeInvitation.path, { invitationId: invitation.invitationId }, 404)
  })
})

describe('bad input', () => {
  it('is refused naming the field, and changes nothing', async () => {
    const invitations = await count('invitations')
    const malformed = await owner.browser.post(endpoints.inviteMember.path, {
      vendorUserId: owner.id,
      emailId: 'not-an-address',
      role: 'Viewer',
    })
    expect(malformed.status).toBe(400)
    expect(await malformed.json()).toEqual({ message: EMAIL_FORMAT_MESSAGE, field: 'emailId' })
    const role = await owner.browser.post(endpoints.inviteMember.path, {
      vendorUserId: owner.id,
      emailId: 'valid@example.com',
      role: 'Admin',
    })
    expect(role.status).toBe(400)
    expect(await role.json()).toEqual({
      message: "role must be 'Owner', 'Engineer' or 'Viewer'.",
      field: 'role',
    })
    const member = await owner.browser.post(endpoints.inviteMember.path, {
      vendorUserId: owner.id,
      emailId: 'Olga.Owner@example.com',
      role: 'Viewer',
    })
    expect(member.status).toBe(409)
    expect(await member.json()).toEqual({
      message: alreadyMemberMessage('Olga.Owner@example.com'),
      field: 'emailId',
    })
    expect(await count('invitations')).toBe(invitations)

    const memberships = await count('memberships')
    expect(
      await call(
        owner.browser,
        endpoints.changeRole.path,
        { accountId: 'no-such-account', role: 'Viewer' },
        404,
      ),
    ).toEqual({ message: MEMBER_NOT_FOUND_MESSAGE, field: 'accountId' })
    expect(
      await call(owner.browser, endpoints.removeMember.path, { accountId: 'no-such-account' }, 404),
    ).toEqual({
      message: MEMBER_NOT_FOUND_MESSAGE,
      field: 'accountId',
    })
    expect(
      await call(owner.browser, endpoints.resendInvitation.path, { invitationId: 'no-such-invitation' }, 404),
    ).toEqual({ message: INVITATION_NOT_FOUND_MESSAGE, field: 'invitationId' })
    expect(await count('memberships')).toBe(memberships)
  })
})

describe('roles and the last Owner', () => {
  it('the only Owner cannot be demoted, removed or leave; another Owner can then', async () => {
    expect(
      await call(owner.browser, endpoints.changeRole.path, { accountId: owner.id, role: 'Engineer' }, 409),
    ).toEqual({ message: LAST_OWNER_MESSAGE, field: 'accountId' })
    expect(await call(owner.browser, endpoints.removeMember.path, { accountId: owner.id }, 409)).toEqual({
      message: LAST_OWNER_MESSAGE,
      field: 'accountId',
    })
    expect(await call(owner.browser, endpoints.leaveOrganization.path, {}, 409)).toEqual({
      message: LAST_OWNER_MESSAGE,
    })
    const olga = (await team(owner.browser)).members.find((member) => member.accountId === owner.id)
    expect(olga?.role).toBe('Owner')

    const eli = (await team(owner.browser)).members.find((member) => member.name === 'Eli Tester')
    if (!eli) throw new Error('Eli is no member.')
    const promoted = await call<TeamChangeAnswer>(owner.browser, endpoints.changeRole.path, {
      accountId: eli.accountId,
      role: 'Owner',
    })
    expect(promoted.message).toBe(roleChangedMessage('Eli Tester', 'Owner'))
    const demoted = await call<TeamChangeAnswer>(owner.browser, endpoints.changeRole.path, {
      accountId: eli.accountId,
      role: 'Engineer',
    })
    expect(demoted.message).toBe(roleChangedMessage('Eli Tester', 'Engineer'))
  })

  it('refuses an Engineer and a Viewer every change with the role’s reason', async () => {
    const viewer = await newBrowser(test.portal)
    await viewer.login('nina.new@example.com')
    const engineer = await newBrowser(test.portal)
    await engineer.login('eli.engineer@example.com')
    for (const browser of [viewer, engineer]) {
      expect(
        await call(browser, endpoints.inviteMember.path, { emailId: 'x@example.com', role: 'Viewer' }, 403),
      ).toEqual({ message: ROLE_REFUSALS.team })
      expect(await call(browser, endpoints.removeMember.path, { accountId: owner.id }, 403)).toEqual({
        message: ROLE_REFUSALS.team,
      })
      expect((await activity(browser)).status).toBe(403)
      // Every member reads the team.
      expect((await team(browser)).members.length).toBeGreaterThanOrEqual(3)
    }
  })

  it('another organization’s Owner cannot touch this team', async () => {
    const other = await createVendor(test, 'oscar.other@example.com', 'Oscar')
    const eli = (await team(owner.browser)).members.find((member) => member.name === 'Eli Tester')
    if (!eli) throw new Error('Eli is no member.')
    expect(await call(other.browser, endpoints.removeMember.path, { accountId: eli.accountId }, 404)).toEqual(
      {
        message: MEMBER_NOT_FOUND_MESSAGE,
        field: 'accountId',
      },
    )
    const invitation = (await db().selectFrom('invitations').select('id').executeTakeFirstOrThrow()).id
    await call(other.browser, endpoints.revokeInvitation.path, { invitationId: invitation }, 404)
    // A vendorUserId that is not the session's own is refused before anything.
    const spoofed = await other.browser.post(endpoints.removeMember.path, {
      vendorUserId: owner.id,
      accountId: eli.accountId,
    })
    expect(spoofed.status).toBe(403)
    expect((await team(owner.browser)).members.map((member) => member.name)).toContain('Eli Tester')
  })
})

describe('removal and leaving', () => {
  it('a removed member’s next call is 401 and its stream ends', async () => {
    const token = await invite('rob.removed@example.com', 'Engineer')
    const rob = await createVendor(test, 'rob.removed@example.com', 'Rob')
    const accepted = await rob.browser.post(endpoints.acceptInvitation.path, { token })
    expect(accepted.status).toBe(200)
    const submitted = await rob.browser.post(
      endpoints.submitPortfolio.path,
      submitPayloadFor(rob.id, { deviceNumberList: ['ROBSERIAL1', 'ROBSERIAL2'] }),
    )
    expect(await submitted.json()).toEqual({ message: PORTFOLIO_SUBMITTED_MESSAGE })
    const stream = await SseClient.of(rob.browser, test.portal.mainUrl)
    await stream.until((s) => s.named('hello').length === 1)

    const removed = await call<TeamChangeAnswer>(owner.browser, endpoints.removeMember.path, {
      accountId: rob.id,
    })
    expect(removed.message).toBe(memberRemovedMessage('Rob Tester'))
    expect(removed.team.members.map((member) => member.accountId)).not.toContain(rob.id)
    await stream.until((s) => s.ended, 5000, 'the end of the stream')
    stream.close()
    const next = await rob.browser.post(endpoints.listRecords.path, { vendorUserId: rob.id })
    expect(next.status).toBe(401)
    expect(await next.json()).toEqual({ message: NOT_SIGNED_IN_MESSAGE })
    // Rob still has his own organization.
    const again = await newBrowser(test.portal)
    expect((await again.login('rob.removed@example.com')).organizationId).toBe(rob.organizationId)
  })

  it('a member leaves', async () => {
    const viewer = await newBrowser(test.portal)
    await viewer.login('nina.new@example.com')
    const left = await call(viewer, endpoints.leaveOrganization.path, {})
    expect(left).toEqual({ message: leftOrganizationMessage('Olga Networks') })
    const next = await viewer.post(endpoints.listRecords.path, { vendorUserId: viewer.vendorUserId })
    expect(next.status).toBe(401)
    expect((await team(owner.browser)).members.map((member) => member.name)).not.toContain('Nina New')
  })
})

describe('the activity log', () => {
  it('lists the changes newest first, filtered by action and actor, a page at a time', async () => {
    const { status, body } = await activity(owner.browser)
    expect(status).toBe(200)
    const actions = body.entries.map((entry) => entry.action)
    expect(actions[0]).toBe('member.left')
    expect(actions).toEqual(
      expect.arrayContaining([
        'member.invited',
        'member.joined',
        'invitation.resent',
        'invitation.revoked',
        'member.role-changed',
        'member.removed',
        'member.left',
      ]),
    )
    const ids = body.entries.map((entry) => Number(entry.activityId))
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    expect(body.entries.find((entry) => entry.action === 'member.removed')).toMatchObject({
      actorName: 'Olga Tester',
      actorAccountId: owner.id,
      subject: 'Rob Tester (Engineer)',
    })

    const invited = await activity(owner.browser, { action: 'member.invited' })
    expect(invited.body.entries.every((entry) => entry.action === 'member.invited')).toBe(true)
    expect(invited.body.entries[0]?.subject).toBe('rob.removed@example.com (Engineer)')

    const eliId = body.entries.find((entry) => entry.actorName === 'Eli Tester')?.actorAccountId
    if (!eliId) throw new Error('No entry of Eli’s.')
    const byEli = await activity(owner.browser, { actorAccountId: eliId })
    expect(byEli.body.entries.map((entry) => entry.action)).toEqual(['member.joined'])

    const [, second] = body.entries
    if (!second) throw new Error('Too few entries.')
    const page = await activity(owner.browser, { before: second.activityId })
    expect(page.body.entries[0]?.activityId).toBe(body.entries[2]?.activityId)
    expect(body.next).toBeNull()

    const bad = await activity(owner.browser, { action: 'member.danced' })
    expect(bad.status).toBe(400)
    expect(bad.body).toEqual({
      message: `action must be ${ACTIVITY_ACTIONS.slice(0, -1)
        .map((action) => `'${action}'`)
        .join(', ')} or '${ACTIVITY_ACTIONS.at(-1)}'.`,
      field: 'action',
    })
  })
})

describe('the activity log of the organization’s data', () => {
  it('records submitting, commenting, starting a run and deleting, with the device as subject', async () => {
    const submitted = await owner.browser.post(
      endpoints.submitPortfolio.path,
      submitPayloadFor(owner.id, { deviceNumberList: ['LOGSERIAL1', 'LOGSERIAL2'] }),
    )
    expect(await submitted.json()).toEqual({ message: PORTFOLIO_SUBMITTED_MESSAGE })
    const list = await owner.browser.post(endpoints.listRecords.path, { vendorUserId: owner.id })
    const rows = (
      (await list.json()) as {
        portfolioManagerSubmittedDetailsList: Array<{
          portfolioManagerId: string
          vendor: string
          deviceName: string
        }>
      }
    ).portfolioManagerSubmittedDetailsList
    const [first, second] = rows
    if (!first || !second) throw new Error('Too few records.')
    const subject = `${first.deviceName} (${first.vendor})`
    const comment = await owner.browser.post(endpoints.addComment.path, {
      portfolioManagerId: first.portfolioManagerId,
      text: 'Logged, please.',
    })
    expect(comment.status).toBe(200)
    const started = await owner.browser.cert(endpoints.runTests.path, {
      body: { vendor_user_id: owner.id, portfolio_manager_id: first.portfolioManagerId },
    })
    expect(started.status).toBe(200)
    const deleted = await owner.browser.post(endpoints.deleteRecord.path, {
      vendorUserId: owner.id,
      portfolioManagerId: second.portfolioManagerId,
    })
    expect(deleted.status).toBe(200)

    const { body } = await activity(owner.browser)
    expect(body.entries.slice(0, 3).map((entry) => [entry.action, entry.actorName])).toEqual([
      ['record.deleted', 'Olga Tester'],
      ['run.started', 'Olga Tester'],
      ['comment.added', 'Olga Tester'],
    ])
    expect(body.entries[1]?.subject).toBe(subject)
    const submits = await activity(owner.browser, { action: 'record.submitted' })
    expect(submits.body.entries.length).toBeGreaterThanOrEqual(2)
  })
})

/** A member of `by`'s organization with `role`, joined through the mailed link. */
async function member(emailId: string, role: Role, by: Browser = owner.browser) {
  const token = await invite(emailId, role, by)
  expect((await join(token)).status).toBe(200)
  const browser = await newBrowser(test.portal)
  await browser.login(emailId)
  return browser
}

async function recordIds(browser: Browser) {
  const list = await browser.post(endpoints.listRecords.path, { vendorUserId: browser.vendorUserId })
  const body = (await list.json()) as {
    portfolioManagerSubmittedDetailsList: Array<{ portfolioManagerId: string }>
  }
  return body.portfolioManagerSubmittedDetailsList
}

async function certCall(browser: Browser, path: string, portfolioManagerId: string) {
  const response = await browser.cert(path, {
    body: { vendor_user_id: browser.vendorUserId, portfolio_manager_id: portfolioManagerId },
  })
  return { status: response.status, body: (await response.json()) as { runId?: string; message: string } }
}

describe('the activity log of edits, re-runs and certificates', () => {
  it('names the Engineer who edited, re-ran and mailed the certificate', async () => {
    const erin = await member('erin.engineer@example.com', 'Engineer')
    const before = new Set((await recordIds(erin)).map((row) => row.portfolioManagerId))
    const submitted = await erin.post(
      endpoints.submitPortfolio.path,
      submitPayloadFor(erin.vendorUserId, { deviceNumberList: ['RETEST0042', 'SN0042'] }),
    )
    expect(submitted.status).toBe(200)
    const record = (await recordIds(erin)).find((row) => !before.has(row.portfolioManagerId))
    if (!record) throw new Error('No record.')
    const id = record.portfolioManagerId
    const edited = await erin.post(endpoints.updateRecord.path, {
      ...EXAMPLE_DEVICE,
      deviceNumberList: ['RETEST0042', 'SN0043'],
      baseFirmwareVersion: '4.2.0',
      vendorUserId: erin.vendorUserId,
      portfolioManagerId: id,
    })
    expect(edited.status).toBe(200)
    /** Runs `path` on the record to its end; answers the record's verdict as its Owner reads it. */
    const runToEnd = async (path: string) => {
      const started = await certCall(erin, path, id)
      expect(started.status).toBe(200)
      await test.portal.executor.settled(started.body.runId ?? '')
      const record = await owner.browser.post(endpoints.getRecord.path, {
        vendorUserId: owner.id,
        portfolioManagerId: id,
      })
      return ((await record.json()) as { isCertified: string }).isCertified
    }
    expect(await runToEnd(endpoints.runTests.path)).toBe(VALIDATION_FAILURE)
    expect(await runToEnd(endpoints.rerunFailed.path)).toBe(CERTIFIED_OK)
    expect((await certCall(erin, endpoints.emailCertificate.path, id)).status).toBe(200)

    const { body } = await activity(owner.browser, { actor: erin.vendorUserId })
    const device = `${EXAMPLE_DEVICE.deviceName} (${EXAMPLE_DEVICE.vendor})`
    expect(body.entries.slice(0, 5).map((entry) => [entry.action, entry.actorName, entry.subject])).toEqual([
      ['certificate.emailed', 'Nina New', device],
      ['run.rerun', 'Nina New', device],
      ['run.started', 'Nina New', device],
      ['record.edited', 'Nina New', device],
      ['record.submitted', 'Nina New', device],
    ])
  })

  it('names who cancelled a run', async () => {
    const gate = gatedHarness()
    const lab = await startTestPortal({ harness: gate.harness })
    try {
      const lead = await createVendor(lab, 'carla.cancel@example.com', 'Carla')
      const submitted = await lead.browser.post(
        endpoints.submitPortfolio.path,
        submitPayloadFor(lead.id, { deviceNumberList: ['CANCEL0001', 'CANCEL0002'] }),
      )
      expect(submitted.status).toBe(200)
      const [record] = await recordIds(lead.browser)
      if (!record) throw new Error('No record.')
      expect((await certCall(lead.browser, endpoints.runTests.path, record.portfolioManagerId)).status).toBe(
        200,
      )
      const cancelled = await certCall(lead.browser, endpoints.cancelRun.path, record.portfolioManagerId)
      expect(cancelled.status).toBe(200)
      const search = new URLSearchParams({ vendorUserId: lead.id, action: 'run.cancelled' })
      const log = await lead.browser.call(`${endpoints.activityLog.path}?${search}`, { method: 'GET' })
      const { entries } = (await log.json()) as ActivityAnswer
      expect(entries.map((entry) => [entry.action, entry.actorName])).toEqual([
        ['run.cancelled', 'Carla Tester'],
      ])
    } finally {
      gate.openAll()
      await lab.close()
    }
  }, 30_000)
})

describe('limits on invitation mails', () => {
  it('refuses a sixth mail to one address within minutes, naming it, and sends nothing', async () => {
    const lead = await createVendor(test, 'lena.limits@example.com', 'Lena')
    const address = 'flooded@example.com'
    for (let sent = 0; sent < 5; sent += 1) {
      const answer = await lead.browser.post(endpoints.inviteMember.path, {
        vendorUserId: lead.id,
        emailId: address,
        role: 'Viewer',
      })
      expect(answer.status).toBe(200)
    }
    const mails = (await readDevMailbox(db())).filter((mail) => mail.to === address).length
    const invitations = await count('invitations')
    const refused = await lead.browser.post(endpoints.inviteMember.path, {
      vendorUserId: lead.id,
      emailId: address,
      role: 'Viewer',
    })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(await refused.json()).toEqual({
      message: invitationRecipientTooManyMessage(address),
      field: 'emailId',
    })
    const { invitations: pending } = await team(lead.browser)
    const resend = await lead.browser.post(endpoints.resendInvitation.path, {
      vendorUserId: lead.id,
      invitationId: pending[0]?.invitationId,
    })
    expect(resend.status).toBe(429)
    expect(await resend.json()).toEqual({
      message: invitationRecipientTooManyMessage(address),
      field: 'invitationId',
    })
    expect(await count('invitations')).toBe(invitations)
    expect((await readDevMailbox(db())).filter((mail) => mail.to === address).length).toBe(mails)
  })

  it(`refuses an organization's invitation past ${INVITATIONS_PER_HOUR} in an hour`, async () => {
    const lead = await createVendor(test, 'hana.hour@example.com', 'Hana')
    for (let sent = 0; sent < INVITATIONS_PER_HOUR; sent += 1) {
      const answer = await lead.browser.post(endpoints.inviteMember.path, {
        vendorUserId: lead.id,
        emailId: `guest${sent}@example.com`,
        role: 'Viewer',
      })
      expect(answer.status).toBe(200)
    }
    const invitations = await count('invitations')
    const refused = await lead.browser.post(endpoints.inviteMember.path, {
      vendorUserId: lead.id,
      emailId: 'one.more@example.com',
      role: 'Viewer',
    })
    expect(refused.status).toBe(429)
    expect(await refused.json()).toEqual({ message: INVITATIONS_TOO_MANY_MESSAGE, field: 'emailId' })
    expect(INVITATIONS_TOO_MANY_MESSAGE).toBe(
      'This organization has sent 50 invitations in the last hour. Please try again later.',
    )
    expect(await count('invitations')).toBe(invitations)
    // Another organization is not held back.
    expect((await invite('not.held@example.com', 'Viewer')).length).toBeGreaterThan(20)
  }, 60_000)
})

describe('two Owners at once', () => {
  it('demoting each other at the same moment leaves exactly one Owner', async () => {
    const ada = await createVendor(test, 'ada.alpha@example.com', 'Ada')
    const bo = await member('bo.beta@example.com', 'Owner', ada.browser)
    const answers = await Promise.all([
      ada.browser.post(endpoints.changeRole.path, {
        vendorUserId: ada.id,
        accountId: bo.vendorUserId,
        role: 'Viewer',
      }),
      bo.post(endpoints.changeRole.path, {
        vendorUserId: bo.vendorUserId,
        accountId: ada.id,
        role: 'Viewer',
      }),
    ])
    const outcomes = await Promise.all(
      answers.map(async (answer) => [answer.status, ((await answer.json()) as { message: string }).message]),
    )
    const won = outcomes.filter(([status]) => status === 200)
    const lost = outcomes.filter(([status]) => status !== 200)
    expect(won).toHaveLength(1)
    // The loser is refused either as the last Owner's demotion or, once demoted, for its role.
    expect([
      [409, LAST_OWNER_MESSAGE],
      [403, ROLE_REFUSALS.team],
    ]).toContainEqual(lost[0])
    const owners = (await team(ada.browser)).members.filter((item) => item.role === 'Owner')
    expect(owners).toHaveLength(1)
  })
})

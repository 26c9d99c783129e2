import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '@/contract/endpoints'
import { EVENTS_PATH } from '@/contract/events'
import { LAB_ONLY_MESSAGE } from '@/contract/lab'
import { LOGIN_SUCCESS_MESSAGE } from '@/contract/messages'
import type { Role } from '@/contract/roles'
import {
  NO_ORGANIZATION_MESSAGE,
  NOT_SIGNED_IN_MESSAGE,
  PORTFOLIO_SUBMITTED_MESSAGE,
} from '@/contract/server-messages'
import {
  ACCEPT_NAMES_ONE_INVITATION_MESSAGE,
  INVITATION_ACCOUNT_EXISTS_MESSAGE,
  invitationForOtherEmailMessage,
  invitationSentMessage,
  memberRemovedMessage,
  PENDING_INVITATION_NOT_FOUND_MESSAGE,
  type PendingInvitationsAnswer,
  type TeamAnswer,
} from '@/contract/team'
import { readDevMailbox } from '../apps/dev-mailbox.ts'
import {
  type Browser,
  createVendor,
  newBrowser,
  startTestPortal,
  submitPayloadFor,
  TEST_PASSWORD,
  type TestPortal,
  type TestVendor,
} from '../test/portal.ts'

/*
 * A member removed from their only organization can be invited back. Their login
 * succeeds into a session without an organization, which lists the invitations to the account's
 * own address and accepts one (by its id, or by the mailed link), and can make no other call of
 * an organization: those answer 403 with NO_ORGANIZATION_MESSAGE, as the login itself used to.
 */

let test: TestPortal
let owner: TestVendor
let recordId: string

beforeAll(async () => {
  test = await startTestPortal()
  owner = await createVendor(test, 'olga.owner@example.com', 'Olga')
  const submitted = await owner.browser.post(
    endpoints.submitPortfolio.path,
    submitPayloadFor(owner.id, { deviceNumberList: ['OLGA0001A', 'OLGA0001B'] }),
  )
  expect(await submitted.json()).toEqual({ message: PORTFOLIO_SUBMITTED_MESSAGE })
  recordId = (await recordIds(owner.browser, owner.id))[0] ?? ''
}, 60_000)

afterAll(async () => {
  await test?.close()
})

const db = () => test.database.db

async function recordIds(browser: Browser, vendorUserId: string) {
  const response = await browser.post(endpoints.listRecords.path, { vendorUserId })
  expect(response.status).toBe(200)
  const body = (await response.json()) as {
    portfolioManagerSubmittedDetailsList: Array<{ portfolioManagerId: string }>
  }
  return body.portfolioManagerSubmittedDetailsList.map((row) => row.portfolioManagerId)
}

/** Invites `emailId` as an Owner; answers the mailed link's token. */
async function invite(by: TestVendor, emailId: string, role: Role) {
  const response = await by.browser.post(endpoints.inviteMember.path, {
    vendorUserId: by.id,
    emailId,
    role,
  })
  expect(response.status).toBe(200)
  expect(((await response.json()) as { message: string }).message).toBe(invitationSentMessage(emailId))
  const mail = (await readDevMailbox(db())).find((item) => item.to === emailId)
  const token = mail?.text.match(/\/invitation\?token=([\w%-]+)/)?.[1]
  if (!token) throw new Error(`No invitation mailed to ${emailId}`)
  return decodeURIComponent(token)
}

async function invitationIdOf(by: TestVendor, emailId: string) {
  const response = await by.browser.call(endpoints.team.path, { method: 'GET' })
  const team = (await response.json()) as TeamAnswer
  const found = team.invitations.find((item) => item.emailId === emailId)
  if (!found) throw new Error(`No invitation to ${emailId}`)
  return found.invitationId
}

/**
 * A person who joined the owner's organization through its link (their only organization) and was
 * then removed: their account and password stay.
 */
async function removedMember(emailId: string, firstName: string) {
  const member = await createVendor(test, emailId, firstName)
  const token = await invite(owner, emailId, 'Engineer')
  const { browser } = member
  const accepted = await browser.post(endpoints.acceptInvitation.path, { token })
  expect(accepted.status).toBe(200)
  // Their own organization goes: the owner's is their only one.
  await db().deleteFrom('organizations').where('id', '=', member.organizationId).execute()
  const removed = await owner.browser.post(endpoints.removeMember.path, {
    vendorUserId: owner.id,
    accountId: member.id,
  })
  expect(((await removed.json()) as { message: string }).message).toBe(
    memberRemovedMessage(`${firstName} Tester`),
  )
  return { id: member.id, email: emailId, name: `${firstName} Tester`, browser }
}

async function pending(browser: Browser) {
  const response = await browser.call(endpoints.pendingInvitations.path, { method: 'GET' })
  return { status: response.status, body: (await response.json()) as PendingInvitationsAnswer }
}

describe('a removed member invited again', () => {
  it('logs in without an organization, sees the invitation, accepts it and acts with the invited role', async () => {
    const xavier = await removedMember('xavier.rejoin@example.com', 'Xavier')
    // The old session is over, as before.
    const stale = await xavier.browser.post(endpoints.listRecords.path, { vendorUserId: xavier.id })
    expect([stale.status, await stale.json()]).toEqual([401, { message: NOT_SIGNED_IN_MESSAGE }])

    await invite(owner, 'xavier.rejoin@example.com', 'Viewer')
    const invitationId = await invitationIdOf(owner, 'xavier.rejoin@example.com')

    const browser = await newBrowser(test.portal)
    const login = await browser.attemptLogin('xavier.rejoin@example.com', TEST_PASSWORD)
    expect(login.status).toBe(200)
    expect(await login.json()).toEqual({
      name: 'Xavier Tester',
      emailId: 'xavier.rejoin@example.com',
      phoneNumber: '98450 12345',
      vendorUserId: '',
      message: LOGIN_SUCCESS_MESSAGE,
      isPortfolioManagerPreviousReqSaved: 'NO',
      isPortfolioManagerSavedOrSubmittedDataExists: 'NO',
      isPortfolioManagerSubmittedDataExists: 'NO',
      organizations: [],
      noOrganization: true,
    })

    const listed = await pending(browser)
    expect(listed.status).toBe(200)
    expect(listed.body).toEqual({
      emailId: 'xavier.rejoin@example.com',
      invitations: [
        {
          invitationId,
          organizationName: 'Olga Networks',
          role: 'Viewer',
          invitedBy: 'Olga Tester',
          expiresAt: expect.any(String) as string,
        },
      ],
    })

    const accepted = await browser.post(endpoints.acceptInvitation.path, { invitationId })
    expect(accepted.status).toBe(200)
    expect(await accepted.json()).toMatchObject({
      vendorUserId: xavier.id,
      message: LOGIN_SUCCESS_MESSAGE,
      organizationId: owner.organizationId,
      organizationName: 'Olga Networks',
      role: 'Viewer',
      organizations: [
        { organizationId: owner.organizationId, organizationName: 'Olga Networks', role: 'Viewer' },
      ],
    })
    expect(await recordIds(browser, xavier.id)).toEqual([recordId])
    expect((await pending(browser)).body.invitations).toEqual([])
    const team = (await (
      await owner.browser.call(endpoints.team.path, { method: 'GET' })
    ).json()) as TeamAnswer
    expect(team.members.find((member) => member.accountId === xavier.id)?.role).toBe('Viewer')
    expect(team.invitations.map((item) => item.emailId)).not.toContain('xavier.rejoin@example.com')
  })

  it('accepts the mailed link while logged in without an organization', async () => {
    const yara = await removedMember('yara.rejoin@example.com', 'Yara')
    const token = await invite(owner, 'yara.rejoin@example.com', 'Engineer')
    const browser = await newBrowser(test.portal)
    expect((await browser.login(yara.email)).noOrganization).toBe(true)
    const accepted = await browser.post(endpoints.acceptInvitation.path, { token })
    expect(accepted.status).toBe(200)
    expect(await accepted.json()).toMatchObject({
      vendorUserId: yara.id,
      organizationId: owner.organizationId,
      role: 'Engineer',
    })
    expect(await recordIds(browser, yara.id)).toEqual([recordId])
  })

  it('joining through the link with the address of an account says to log in, and makes nothing', async () => {
    await removedMember('zoe.rejoin@example.com', 'Zoe')
    const token = await invite(owner, 'zoe.rejoin@example.com', 'Viewer')
    const mails = (await readDevMailbox(db())).length
    const browser = await newBrowser(test.portal)
    const response = await browser.post(endpoints.joinInvitation.path, {
      token,
      firstName: 'Zoe',
      lastName: 'Again',
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
    })
    expect(response.status).toBe(409)
    expect(await response.json()).toEqual({ message: INVITATION_ACCOUNT_EXISTS_MESSAGE, field: 'token' })
    expect((await readDevMailbox(db())).length).toBe(mails)
    // The link still works once logged in.
    await browser.login('zoe.rejoin@example.com')
    expect((await browser.post(endpoints.acceptInvitation.path, { token })).status).toBe(200)
  })
})

describe('a login without an organization', () => {
  it('lists only its own invitations that can be accepted now', async () => {
    const walt = await removedMember('walt.rejoin@example.com', 'Walt')
    const other = await createVendor(test, 'pia.other@example.com', 'Pia')
    const third = await createVendor(test, 'tom.third@example.com', 'Tom')
    await invite(owner, walt.email, 'Viewer')
    const revokedId = await invitationIdOf(owner, walt.email)
    const revoked = await owner.browser.post(endpoints.revokeInvitation.path, {
      vendorUserId: owner.id,
      invitationId: revokedId,
    })
    expect(revoked.status).toBe(200)
    await invite(other, walt.email, 'Engineer')
    const expiredId = await invitationIdOf(other, walt.email)
    await db()
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expiredId)
      .execute()
    const otherToken = await invite(third, 'someone.else@example.com', 'Owner')
    const otherId = await invitationIdOf(third, 'someone.else@example.com')

    const browser = await newBrowser(test.portal)
    await browser.login(walt.email)
    expect((await pending(browser)).body).toEqual({ emailId: walt.email, invitations: [] })

    // Another address's invitation can be accepted neither by its id nor by its link.
    for (const invitationId of [otherId, revokedId, expiredId, 'no-such-invitation']) {
      const byId = await browser.post(endpoints.acceptInvitation.path, { invitationId })
      expect([invitationId, byId.status, await byId.json()]).toEqual([
        invitationId,
        404,
        { message: PENDING_INVITATION_NOT_FOUND_MESSAGE, field: 'invitationId' },
      ])
    }
    const byToken = await browser.post(endpoints.acceptInvitation.path, { token: otherToken })
    expect([byToken.status, await byToken.json()]).toEqual([
      403,
      { message: invitationForOtherEmailMessage('someone.else@example.com'), field: 'token' },
    ])
    for (const body of [{}, { token: otherToken, invitationId: otherId }]) {
      const unnamed = await browser.post(endpoints.acceptInvitation.path, body)
      expect([unnamed.status, await unnamed.json()]).toEqual([
        400,
        { message: ACCEPT_NAMES_ONE_INVITATION_MESSAGE, field: 'token' },
      ])
    }
    // Nothing was joined.
    const members = await db()
      .selectFrom('memberships')
      .select('organization_id')
      .where('account_id', '=', walt.id)
      .execute()
    expect(members).toEqual([])
  })

  it('can make no call of an organization, the lab’s or the certification service’s', async () => {
    const vera = await removedMember('vera.rejoin@example.com', 'Vera')
    const browser = await newBrowser(test.portal)
    await browser.login(vera.email)
    const refusals = [
      await browser.post(endpoints.listRecords.path, { vendorUserId: vera.id }),
      await browser.post(endpoints.getPortfolio.path, { vendorUserId: vera.id }),
      await browser.post(endpoints.listRecords.path, { vendorUserId: owner.id }),
      await browser.call(endpoints.team.path, { method: 'GET' }),
      await browser.call(endpoints.notificationSettings.path, { method: 'GET' }),
      await browser.post(endpoints.inviteMember.path, {
        vendorUserId: vera.id,
        emailId: 'friend@example.com',
        role: 'Owner',
      }),
      await browser.call(`${EVENTS_PATH}?after=0`, { method: 'GET' }),
      await browser.cert(
        `${endpoints.listRuns.path}?${new URLSearchParams({ vendor_user_id: vera.id, portfolio_manager_id: recordId })}`,
        { method: 'GET' },
      ),
    ]
    for (const response of refusals) {
      expect([response.url, response.status, await response.json()]).toEqual([
        response.url,
        403,
        { message: NO_ORGANIZATION_MESSAGE },
      ])
    }
    const labCall = await browser.call(endpoints.labQueue.path, { method: 'GET' })
    expect([labCall.status, await labCall.json()]).toEqual([403, { message: LAB_ONLY_MESSAGE }])
    const switched = await browser.post(endpoints.switchOrganization.path, {
      organizationId: owner.organizationId,
    })
    expect(switched.status).toBe(404)
    // The session lives on (keep-alive), and Logout ends it.
    expect((await browser.post(endpoints.keepSessionAlive.path)).status).toBe(200)
    expect((await browser.post(endpoints.logout.path)).status).toBe(200)
    const after = await pending(browser)
    expect([after.status, after.body]).toEqual([401, { message: NOT_SIGNED_IN_MESSAGE }])
  })

  it('is not what an account with an organization gets: its login is the same as before', async () => {
    const browser = await newBrowser(test.portal)
    const auth = await browser.login(owner.email)
    expect(auth.noOrganization).toBeUndefined()
    expect(auth).toMatchObject({
      vendorUserId: owner.id,
      organizationId: owner.organizationId,
      role: 'Owner',
    })
  })
})

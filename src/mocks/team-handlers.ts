import { HttpResponse } from 'msw'
import type { AuthData } from '@/contract/auth'
import { can, ROLE_REFUSALS, type Role } from '@/contract/roles'
import * as said from '@/contract/server-messages'
import {
  ACCEPT_NAMES_ONE_INVITATION_MESSAGE,
  type ActivityAction,
  alreadyMemberMessage,
  INVITATION_LINK_EXPIRED_MESSAGE,
  INVITATION_LINK_REVOKED_MESSAGE,
  INVITATION_LINK_UNKNOWN_MESSAGE,
  INVITATION_LINK_USED_MESSAGE,
  INVITATION_NOT_FOUND_MESSAGE,
  INVITATION_VALID_DAYS,
  invitationResentMessage,
  invitationRevokedMessage,
  invitationSentMessage,
  isLastOwner,
  LAST_OWNER_MESSAGE,
  leftOrganizationMessage,
  MEMBER_NOT_FOUND_MESSAGE,
  memberRemovedMessage,
  ORGANIZATION_NOT_MEMBER_MESSAGE,
  ownerIds,
  PENDING_INVITATION_NOT_FOUND_MESSAGE,
  roleChangedMessage,
  type TeamAnswer,
} from '@/contract/team'
import { firstMessage } from '@/contract/validation/fields'
import { loginEmailSchema } from '@/contract/validation/login'
import { OTHER_ORGANIZATION } from '@/mocks/fixtures/roles'
import { INVITATION_TOKENS, LOGIN_WITHOUT_ORGANIZATION } from '@/mocks/fixtures/team'
import { FIXTURE_NOW, type MockVendor, world } from '@/mocks/fixtures/world'
import { answer, mockEndpoint, nextId, vendorById, vendorEndpoint } from '@/mocks/mock-endpoint'

/*
 * The team calls in the fixture world. Every fixture vendor acts for the fixture team's
 * organization (Nokia's) with its login's role — an Owner when the login names none — and the
 * handlers keep the server's rules: only Owners change the team, one Owner always remains, a
 * malformed address or an unknown id is refused and changes nothing.
 */

const roleOf = (vendor: MockVendor): Role => vendor.authData.role ?? 'Owner'

function teamAnswer(withInvitations: boolean): TeamAnswer {
  const { organizationId, organizationName, members, invitations } = world.team
  return {
    organizationId,
    organizationName,
    members: members.map((member) => ({ ...member })),
    invitations: withInvitations ? invitations.map((invitation) => ({ ...invitation })) : [],
  }
}

function refusedTeamChange(vendor: MockVendor) {
  return can(roleOf(vendor), 'team') ? undefined : answer(ROLE_REFUSALS.team, 403)
}

const changed = (message: string) => HttpResponse.json({ message, team: teamAnswer(true) })

function log(vendor: MockVendor, action: ActivityAction, subject: string) {
  world.nextId += 1
  const newest = Number(world.team.activity[0]?.activityId ?? '0')
  world.team.activity.unshift({
    activityId: String(Math.max(newest + 1, world.nextId)),
    at: FIXTURE_NOW.toISOString(),
    actorName: vendor.authData.name,
    actorAccountId: vendor.authData.vendorUserId,
    action,
    subject,
  })
}

/** The contract's last-Owner rule over the fixture team. */
const lastOwner = (accountId: string) => isLastOwner(ownerIds(world.team.members), accountId)
const refusal = (message: string, field: string, status: number) =>
  HttpResponse.json({ message, field }, { status })

function authFor(vendor: MockVendor, role: Role): AuthData {
  const { organizationId, organizationName } = world.team
  return {
    ...vendor.authData,
    organizationId,
    organizationName,
    role,
    organizations: [{ organizationId, organizationName, role }],
  }
}

export const teamHandlers = [
  // The call names no vendor (GET without a query): the fixture session is Nokia's vendor's.
  mockEndpoint('team', () => {
    const vendor = vendorById('v-nokia')
    return HttpResponse.json(teamAnswer(vendor === undefined || roleOf(vendor) === 'Owner'))
  }),

  vendorEndpoint('inviteMember', ({ body, vendor }) => {
    const refused = refusedTeamChange(vendor)
    if (refused) return refused
    const emailId = body.emailId.trim()
    const problem = firstMessage(loginEmailSchema, emailId)
    if (problem !== undefined) return refusal(problem, 'emailId', 400)
    const key = emailId.toLowerCase()
    if (world.team.members.some((member) => member.emailId.toLowerCase() === key)) {
      return refusal(alreadyMemberMessage(emailId), 'emailId', 409)
    }
    world.team.invitations = world.team.invitations.filter((item) => item.emailId.toLowerCase() !== key)
    world.nextId += 1
    const sentAt = FIXTURE_NOW.toISOString()
    world.team.invitations.unshift({
      invitationId: `inv-${world.nextId}`,
      emailId,
      role: body.role,
      invitedBy: vendor.authData.name,
      sentAt,
      expiresAt: new Date(FIXTURE_NOW.getTime() + INVITATION_VALID_DAYS * 86_400_000).toISOString(),
      state: 'pending',
      mailState: 'queued',
    })
    log(vendor, 'member.invited', `${emailId} (${body.role})`)
    return changed(invitationSentMessage(emailId))
  }),

  vendorEndpoint('resendInvitation', ({ body, vendor }) => {
    const refused = refusedTeamChange(vendor)
    if (refused) return refused
    const invitation = world.team.invitations.find((item) => item.invitationId === body.invitationId)
    if (!invitation) return refusal(INVITATION_NOT_FOUND_MESSAGE, 'invitationId', 404)
    invitation.sentAt = FIXTURE_NOW.toISOString()
    invitation.expiresAt = new Date(FIXTURE_NOW.getTime() + INVITATION_VALID_DAYS * 86_400_000).toISOString()
    invitation.state = 'pending'
    invitation.mailState = 'queued'
    log(vendor, 'invitation.resent', `${invitation.emailId} (${invitation.role})`)
    return changed(invitationResentMessage(invitation.emailId))
  }),

  vendorEndpoint('revokeInvitation', ({ body, vendor }) => {
    const refused = refusedTeamChange(vendor)
    if (refused) return refused
    const invitation = world.team.invitations.find((item) => item.invitationId === body.invitationId)
    if (!invitation) return refusal(INVITATION_NOT_FOUND_MESSAGE, 'invitationId', 404)
    world.team.invitations = world.team.invitations.filter((item) => item !== invitation)
    log(vendor, 'invitation.revoked', `${invitation.emailId} (${invitation.role})`)
    return changed(invitationRevokedMessage(invitation.emailId))
  }),

  vendorEndpoint('changeRole', ({ body, vendor }) => {
    const refused = refusedTeamChange(vendor)
    if (refused) return refused
    const member = world.team.members.find((item) => item.accountId === body.accountId)
    if (!member) return refusal(MEMBER_NOT_FOUND_MESSAGE, 'accountId', 404)
    if (body.role !== 'Owner' && lastOwner(member.accountId)) {
      return refusal(LAST_OWNER_MESSAGE, 'accountId', 409)
    }
    if (member.role !== body.role) {
      log(vendor, 'member.role-changed', `${member.name} (${member.role} → ${body.role})`)
      member.role = body.role
    }
    return changed(roleChangedMessage(member.name, body.role))
  }),

  vendorEndpoint('removeMember', ({ body, vendor }) => {
    const refused = refusedTeamChange(vendor)
    if (refused) return refused
    const member = world.team.members.find((item) => item.accountId === body.accountId)
    if (!member) return refusal(MEMBER_NOT_FOUND_MESSAGE, 'accountId', 404)
    if (lastOwner(member.accountId)) return refusal(LAST_OWNER_MESSAGE, 'accountId', 409)
    world.team.members = world.team.members.filter((item) => item !== member)
    log(vendor, 'member.removed', `${member.name} (${member.role})`)
    return changed(memberRemovedMessage(member.name))
  }),

  vendorEndpoint('leaveOrganization', ({ vendor }) => {
    const id = vendor.authData.vendorUserId
    const member = world.team.members.find((item) => item.accountId === id)
    if (lastOwner(id)) return answer(LAST_OWNER_MESSAGE, 409)
    world.team.members = world.team.members.filter((item) => item.accountId !== id)
    log(vendor, 'member.left', `${vendor.authData.name} (${member?.role ?? roleOf(vendor)})`)
    return answer(leftOrganizationMessage(world.team.organizationName))
  }),

  mockEndpoint('getInvitation', ({ body }) => {
    const states = Object.entries(INVITATION_TOKENS) as Array<[keyof typeof INVITATION_TOKENS, string]>
    const state = states.find(([, token]) => token === body.token)?.[0]
    if (!state) return refusal(INVITATION_LINK_UNKNOWN_MESSAGE, 'token', 404)
    const invitation = state === 'expired' ? world.team.invitations[1] : world.team.invitations[0]
    return HttpResponse.json({
      state: state === 'valid' ? 'valid' : state,
      organizationName: world.team.organizationName,
      emailId: invitation?.emailId ?? 'meera.iyer@nokia.com',
      role: invitation?.role ?? 'Engineer',
      invitedBy: invitation?.invitedBy ?? 'Priya Sharma',
      expiresAt: invitation?.expiresAt ?? FIXTURE_NOW.toISOString(),
    })
  }),

  // Logged in: the fixture answers as the first fixture vendor joined with the invited role. Issue
  // 31: an invitation is named by its link's token, or by its id from the session's pending list.
  mockEndpoint('acceptInvitation', ({ body: { token, invitationId } }) => {
    if ((token === undefined) === (invitationId === undefined)) {
      return refusal(ACCEPT_NAMES_ONE_INVITATION_MESSAGE, 'token', 400)
    }
    const vendor = vendorById('v-nokia')
    if (!vendor) return answer(said.NOT_SIGNED_IN_MESSAGE, 401)
    if (invitationId !== undefined) {
      const pending = world.team.invitationsToMe.find((item) => item.invitationId === invitationId)
      if (!pending) return refusal(PENDING_INVITATION_NOT_FOUND_MESSAGE, 'invitationId', 404)
      world.team.invitationsToMe = world.team.invitationsToMe.filter((item) => item !== pending)
      return HttpResponse.json(authFor(vendor, pending.role))
    }
    const messages: Record<string, string> = {
      [INVITATION_TOKENS.expired]: INVITATION_LINK_EXPIRED_MESSAGE,
      [INVITATION_TOKENS.used]: INVITATION_LINK_USED_MESSAGE,
      [INVITATION_TOKENS.revoked]: INVITATION_LINK_REVOKED_MESSAGE,
    }
    if (token !== INVITATION_TOKENS.valid) {
      return refusal(messages[token ?? ''] ?? INVITATION_LINK_UNKNOWN_MESSAGE, 'token', 400)
    }
    return HttpResponse.json(authFor(vendor, world.team.invitations[0]?.role ?? 'Engineer'))
  }),

  // Someone without an account joins by the link (decision 0046): the valid link's invitation, as
  // a new account named as typed; the other links answer as accepting them would.
  mockEndpoint('joinInvitation', ({ body }) => {
    const messages: Record<string, string> = {
      [INVITATION_TOKENS.expired]: INVITATION_LINK_EXPIRED_MESSAGE,
      [INVITATION_TOKENS.used]: INVITATION_LINK_USED_MESSAGE,
      [INVITATION_TOKENS.revoked]: INVITATION_LINK_REVOKED_MESSAGE,
    }
    if (body.token !== INVITATION_TOKENS.valid) {
      const message = messages[body.token]
      return message ? refusal(message, 'token', 400) : refusal(INVITATION_LINK_UNKNOWN_MESSAGE, 'token', 404)
    }
    const vendor = vendorById('v-nokia')
    const invitation = world.team.invitations[0]
    if (!vendor || !invitation) return refusal(INVITATION_LINK_UNKNOWN_MESSAGE, 'token', 404)
    const joined = authFor(vendor, invitation.role)
    return HttpResponse.json({
      ...joined,
      name: `${body.firstName.trim()} ${body.lastName.trim()}`,
      emailId: invitation.emailId,
      vendorUserId: nextId('acct'),
    })
  }),

  // The fixture session's own pending invitations (Kari Virtanen's, who was removed).
  mockEndpoint('pendingInvitations', () =>
    HttpResponse.json({
      emailId: LOGIN_WITHOUT_ORGANIZATION.emailId,
      invitations: world.team.invitationsToMe.map((item) => ({ ...item })),
    }),
  ),

  // Nokia's fixture vendor belongs to the fixture team's organization (with its login's role) and
  // to OTHER_ORGANIZATION: the switch acts for either and lists both.
  mockEndpoint('switchOrganization', ({ body }) => {
    const vendor = vendorById('v-nokia')
    if (!vendor) return answer(said.NOT_SIGNED_IN_MESSAGE, 401)
    const { organizationId, organizationName } = world.team
    const organizations = [
      { organizationId, organizationName, role: roleOf(vendor) },
      { ...OTHER_ORGANIZATION },
    ]
    const acting = organizations.find((organization) => organization.organizationId === body.organizationId)
    if (!acting) return refusal(ORGANIZATION_NOT_MEMBER_MESSAGE, 'organizationId', 404)
    return HttpResponse.json({ ...vendor.authData, ...acting, organizations } satisfies AuthData)
  }),
]

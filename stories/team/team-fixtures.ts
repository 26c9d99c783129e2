import { http, HttpResponse } from 'msw'
import { endpoints } from '@/contract/endpoints'
import type { Role } from '@/contract/roles'
import type {
  ActivityAction,
  ActivityEntry,
  Invitation,
  InvitationAnswer,
  InvitationLinkState,
  Member,
  TeamAnswer,
} from '@/contract/team'
import { NOKIA_ORGANIZATION } from '@/mocks/fixtures/roles'
import { endpointUrl } from '@/mocks/handlers'
import { authDataOf } from '../support/session'

/*
 * The team stories' own world (issue 18): Nokia's organization with Priya Sharma (the fixture
 * vendor v-nokia, logged in) in the role a story gives her, two colleagues, a pending and an
 * expired invitation, and an activity log of nine entries answered four a page so that Load more
 * shows. The handlers answer like the server's contract (src/contract/team.ts) and change this
 * world; `teamWorld(role)` makes a fresh one per story.
 */

export const PRIYA = 'v-nokia'
export const JONAS = 'a-jonas'
export const MEI = 'a-mei'
/** Page size of the stories' activity log (the server's is 50): small, so Load more shows. */
export const STORY_ACTIVITY_PAGE = 4
export const MALFORMED_EMAIL_MESSAGE = 'Enter a valid e-mail address, like name@example.com.'

export type TeamWorld = { team: TeamAnswer; activity: ActivityEntry[] }

const member = (
  accountId: string,
  name: string,
  emailId: string,
  role: Role,
  lastActiveAt: string | null,
): Member => ({
  accountId,
  name,
  emailId,
  role,
  joinedAt: '2026-09-01T08:00:00Z',
  lastActiveAt,
})

export const PENDING: Invitation = {
  invitationId: 'inv-lena',
  emailId: 'lena.koch@nokia.com',
  role: 'Engineer',
  invitedBy: 'Priya Sharma',
  sentAt: '2026-11-20T09:15:00Z',
  expiresAt: '2026-11-27T09:15:00Z',
  state: 'pending',
}

export const EXPIRED: Invitation = {
  invitationId: 'inv-omar',
  emailId: 'omar.haddad@nokia.com',
  role: 'Viewer',
  invitedBy: 'Priya Sharma',
  sentAt: '2026-11-02T14:40:00Z',
  expiresAt: '2026-11-09T14:40:00Z',
  state: 'expired',
}

const entry = (
  n: number,
  at: string,
  actorName: string,
  actorAccountId: string,
  action: ActivityAction,
  subject: string,
) => ({
  activityId: `act-${String(n).padStart(2, '0')}`,
  at,
  actorName,
  actorAccountId,
  action,
  subject,
})

export const ACTIVITY: ActivityEntry[] = [
  entry(9, '2026-11-23T10:05:00Z', 'Jonas Berg', JONAS, 'run.started', 'Beacon 6 (Nokia)'),
  entry(8, '2026-11-22T16:30:00Z', 'Priya Sharma', PRIYA, 'member.invited', 'lena.koch@nokia.com (Engineer)'),
  entry(7, '2026-11-22T11:12:00Z', 'Jonas Berg', JONAS, 'comment.added', 'MA5800-X7 (Huawei)'),
  entry(6, '2026-11-21T09:00:00Z', 'Jonas Berg', JONAS, 'record.edited', 'Beacon 10 (Nokia)'),
  entry(5, '2026-11-20T15:45:00Z', 'Priya Sharma', PRIYA, 'run.cancelled', 'Lightspan FX-8 (Nokia)'),
  entry(4, '2026-11-19T13:20:00Z', 'Jonas Berg', JONAS, 'record.submitted', 'Beacon 6 (Nokia)'),
  entry(3, '2026-11-18T08:10:00Z', 'Mei Tanaka', MEI, 'member.joined', 'mei.tanaka@nokia.com (Viewer)'),
  entry(2, '2026-11-02T14:40:00Z', 'Priya Sharma', PRIYA, 'member.invited', 'omar.haddad@nokia.com (Viewer)'),
  entry(1, '2026-11-01T10:00:00Z', 'Priya Sharma', PRIYA, 'member.invited', 'mei.tanaka@nokia.com (Viewer)'),
]

/**
 * Nokia's team with Priya in `role`. As an Owner she is the last one unless `otherOwner` makes
 * Jonas an Owner too; in another role Jonas is the Owner, so the organization always has one.
 */
export function teamWorld(
  role: Role = 'Owner',
  { otherOwner = false }: { otherOwner?: boolean } = {},
): TeamWorld {
  const priya = authDataOf(PRIYA)
  const jonasRole: Role = role !== 'Owner' || otherOwner ? 'Owner' : 'Engineer'
  return {
    team: {
      ...NOKIA_ORGANIZATION,
      members: [
        member(PRIYA, priya.name, priya.emailId, role, '2026-11-23T09:58:00Z'),
        member(JONAS, 'Jonas Berg', 'jonas.berg@nokia.com', jonasRole, '2026-11-23T10:05:00Z'),
        member(MEI, 'Mei Tanaka', 'mei.tanaka@nokia.com', 'Viewer', null),
      ],
      invitations: role === 'Owner' ? [PENDING, EXPIRED] : [],
    },
    activity: [...ACTIVITY],
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

type Body = Record<string, string>
const changed = (world: TeamWorld, message: string) => HttpResponse.json({ message, team: world.team })

/** Handlers answering the team calls from `world` (changing it). */
export function teamHandlers(world: TeamWorld) {
  const { team } = world
  return [
    http.get(endpointUrl(endpoints.team), () => HttpResponse.json(team)),
    http.post(endpointUrl(endpoints.inviteMember), async ({ request }) => {
      const body = (await request.json()) as Body
      const emailId = body.emailId ?? ''
      if (!EMAIL.test(emailId)) {
        return HttpResponse.json({ message: MALFORMED_EMAIL_MESSAGE, field: 'emailId' }, { status: 400 })
      }
      team.invitations = [
        {
          invitationId: `inv-${team.invitations.length + 1}`,
          emailId,
          role: body.role as Role,
          invitedBy: 'Priya Sharma',
          sentAt: '2026-11-23T10:30:00Z',
          expiresAt: '2026-11-30T10:30:00Z',
          state: 'pending',
        },
        ...team.invitations,
      ]
      return changed(world, `Invitation sent to ${emailId}.`)
    }),
    http.post(endpointUrl(endpoints.resendInvitation), async ({ request }) => {
      const { invitationId } = (await request.json()) as Body
      const invitation = team.invitations.find((candidate) => candidate.invitationId === invitationId)
      if (!invitation)
        return HttpResponse.json({ message: 'This invitation no longer exists.' }, { status: 404 })
      Object.assign(invitation, {
        state: 'pending',
        sentAt: '2026-11-23T10:30:00Z',
        expiresAt: '2026-11-30T10:30:00Z',
      })
      return changed(world, `Invitation sent again to ${invitation.emailId}.`)
    }),
    http.post(endpointUrl(endpoints.revokeInvitation), async ({ request }) => {
      const { invitationId } = (await request.json()) as Body
      const invitation = team.invitations.find((candidate) => candidate.invitationId === invitationId)
      team.invitations = team.invitations.filter((candidate) => candidate.invitationId !== invitationId)
      return changed(world, `Invitation to ${invitation?.emailId ?? 'them'} revoked.`)
    }),
    http.post(endpointUrl(endpoints.changeRole), async ({ request }) => {
      const { accountId, role } = (await request.json()) as Body
      const target = team.members.find((candidate) => candidate.accountId === accountId)
      if (target) target.role = role as Role
      return changed(world, `${target?.name ?? 'The member'} is now ${role}.`)
    }),
    http.post(endpointUrl(endpoints.removeMember), async ({ request }) => {
      const { accountId } = (await request.json()) as Body
      const target = team.members.find((candidate) => candidate.accountId === accountId)
      team.members = team.members.filter((candidate) => candidate.accountId !== accountId)
      return changed(world, `${target?.name ?? 'The member'} was removed from ${team.organizationName}.`)
    }),
    http.post(endpointUrl(endpoints.leaveOrganization), () =>
      HttpResponse.json({ message: `You left ${team.organizationName}.` }),
    ),
    http.get(endpointUrl(endpoints.activityLog), ({ request }) => {
      const query = new URL(request.url).searchParams
      const action = query.get('action')
      const actor = query.get('actorAccountId')
      const before = query.get('before')
      const matching = world.activity.filter(
        (candidate) =>
          (!action || candidate.action === action) && (!actor || candidate.actorAccountId === actor),
      )
      const start = before ? matching.findIndex((candidate) => candidate.activityId === before) + 1 : 0
      const entries = matching.slice(start, start + STORY_ACTIVITY_PAGE)
      const last = entries.at(-1)
      const next = last && start + STORY_ACTIVITY_PAGE < matching.length ? last.activityId : null
      return HttpResponse.json({ entries, next })
    }),
  ]
}

export const INVITATION_TOKEN = 'tok-lena-7f3a'

/** The invitation link's answer in this state. */
export const invitationAnswer = (state: InvitationLinkState): InvitationAnswer => ({
  state,
  organizationName: NOKIA_ORGANIZATION.organizationName,
  emailId: 'lena.koch@nokia.com',
  role: 'Engineer',
  invitedBy: 'Priya Sharma',
  expiresAt: state === 'expired' ? '2026-11-09T14:40:00Z' : '2026-11-27T09:15:00Z',
})

/** The invitation link's calls: its page answers `state`; accepting answers the login data of v-nokia in Nokia's organization. */
export function invitationHandlers(state: InvitationLinkState) {
  return [
    http.get(endpointUrl(endpoints.getInvitation), () => HttpResponse.json(invitationAnswer(state))),
    http.post(endpointUrl(endpoints.acceptInvitation), () =>
      HttpResponse.json({
        ...authDataOf(PRIYA),
        ...NOKIA_ORGANIZATION,
        role: 'Engineer',
        organizations: [{ ...NOKIA_ORGANIZATION, role: 'Engineer' }],
      }),
    ),
  ]
}

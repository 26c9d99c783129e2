// The organizations domain's public module: what other folders of server/ use of it (eslint.config.js).
export { logActivity, recordSubject } from './activity.ts'
export { invitationRoutes } from './invitation-routes.ts'
export { type InvitationRow, joinByInvitation, usableInvitation } from './invitations.ts'
export { markMemberActive, memberOf } from './members.ts'
export { createAccountWithOrganization, type MembershipRow, membershipsOf } from './memberships.ts'
export {
  invitationToAccept,
  loginWithoutOrganization,
  pendingInvitationRoutes,
} from './pending-invitations.ts'
export { teamRoutes } from './routes.ts'

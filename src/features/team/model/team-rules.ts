import {
  type Invitation,
  INVITATION_MAIL_LABELS,
  isLastOwner,
  LAST_OWNER_MESSAGE,
  type Member,
  ownerIds,
} from '@/contract/team'
import type { Role } from '@/contract/roles'
import { ROLE_REFUSALS } from '@/contract/roles'

/*
 * docs/decisions/0023 point 5: who may do what on the team page's rows. The server
 * decides every change again; these rules only spare a member a control that would be refused,
 * and say why next to it.
 */

/** An action the page offers: allowed, or disabled with the reason shown beside it. */
export type ActionRule = { allowed: true } | { allowed: false; reason: string }

const ALLOWED: ActionRule = { allowed: true }
const refused = (reason: string): ActionRule => ({ allowed: false, reason })

/** Why the last Owner may not be demoted or removed, nor leave: the server's refusal, word for word. */
export const LAST_OWNER_REASON = LAST_OWNER_MESSAGE

/** What one member's row offers the viewer: null where the action is not offered at all. */
export type MemberRowRules = {
  changeRole: ActionRule | null
  remove: ActionRule | null
  leave: ActionRule | null
}

/**
 * The row of `member` as `viewer` sees it: an Owner changes roles and removes others; every
 * member may leave (on their own row); the last Owner does none of these.
 */
export function memberRowRules(
  members: ReadonlyArray<Pick<Member, 'accountId' | 'role'>>,
  member: Pick<Member, 'accountId' | 'role'>,
  viewer: { accountId: string; role: Role },
): MemberRowRules {
  const self = member.accountId === viewer.accountId
  const lastOwner = isLastOwner(ownerIds(members), member.accountId)
  const owner = viewer.role === 'Owner'
  return {
    changeRole: owner ? (lastOwner ? refused(LAST_OWNER_REASON) : ALLOWED) : null,
    remove: owner && !self ? (lastOwner ? refused(LAST_OWNER_REASON) : ALLOWED) : null,
    leave: self ? (lastOwner ? refused(LAST_OWNER_REASON) : ALLOWED) : null,
  }
}

/** Whether the viewer sees the invitations and the activity log (an Owner), or why not. */
export function teamManagement(role: Role): ActionRule {
  return role === 'Owner' ? ALLOWED : refused(ROLE_REFUSALS.team)
}

/** How an invitation's state reads on its row. */
/** What the invitation's mail came to; null when none was sent (the address turned invitations off). */
export function invitationMailLabel(invitation: Pick<Invitation, 'mailState'>): string | null {
  return invitation.mailState ? INVITATION_MAIL_LABELS[invitation.mailState] : null
}

export function invitationStateLabel(invitation: Pick<Invitation, 'state'>): string {
  return invitation.state === 'expired' ? 'Expired' : 'Pending'
}

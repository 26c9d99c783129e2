import * as v from 'valibot'
import { idSchema, nameText, passwordText, text } from '@/contract/common'
import { roleSchema } from '@/contract/roles'

/*
 * docs/decisions/0023: an organization's team — members, invitations and the activity
 * log — and the calls that change it. Every call is the main service's, with the session cookie
 * and the Token header like the spec's; `vendorUserId` is the acting user, as in spec §7's
 * payloads, and the server decides by the session's membership and role, never by a body field.
 */

/** How long an invitation's link works. */
export const INVITATION_VALID_DAYS = 7
/** The link's path; the token is its `token` search parameter. */
export const INVITATION_PATH = '/invitation'

export const memberSchema = v.looseObject({
  accountId: v.string(),
  name: v.string(),
  emailId: v.string(),
  role: roleSchema,
  /** ISO 8601. */
  joinedAt: v.string(),
  /** ISO 8601; null before the member's first call for this organization. */
  lastActiveAt: v.nullable(v.string()),
})
export type Member = v.InferOutput<typeof memberSchema>

export const INVITATION_STATES = ['pending', 'expired'] as const
/** Whether the invitation's mail went: queued (being tried), sent, or failed after every retry. */
export const INVITATION_MAIL_STATES = ['queued', 'sent', 'failed'] as const
export type InvitationMailState = (typeof INVITATION_MAIL_STATES)[number]
/** What the Owner reads of an invitation's mail on the team page. */
export const INVITATION_MAIL_LABELS: Readonly<Record<InvitationMailState, string>> = {
  queued: 'Mail on its way: the portal is still trying to send it.',
  sent: 'Mail sent.',
  failed: 'Mail not delivered: check the address, then Resend.',
}
export const invitationSchema = v.looseObject({
  invitationId: v.string(),
  emailId: v.string(),
  role: roleSchema,
  invitedBy: v.string(),
  /** ISO 8601: when it was sent (or sent again). */
  sentAt: v.string(),
  /** ISO 8601: sentAt + INVITATION_VALID_DAYS. */
  expiresAt: v.string(),
  state: v.picklist(INVITATION_STATES),
  /** Absent when no mail was sent (the address turned invitations off). */
  mailState: v.optional(v.picklist(INVITATION_MAIL_STATES)),
})
export type Invitation = v.InferOutput<typeof invitationSchema>

/** GET /api/team: the members (every role reads them); pending invitations for Owners only. */
export const teamAnswerSchema = v.looseObject({
  organizationId: v.string(),
  organizationName: v.string(),
  members: v.array(memberSchema),
  invitations: v.array(invitationSchema),
})
export type TeamAnswer = v.InferOutput<typeof teamAnswerSchema>

const acting = { vendorUserId: idSchema }

/** POST /api/team/invitations/create */
export const invitePayloadSchema = v.object({ ...acting, emailId: text(254), role: roleSchema })

/** POST /api/team/invitations/resend and /revoke */
export const invitationActionPayloadSchema = v.object({ ...acting, invitationId: idSchema })

/** POST /api/team/members/role */
export const changeRolePayloadSchema = v.object({ ...acting, accountId: idSchema, role: roleSchema })

/** POST /api/team/members/remove */
export const removeMemberPayloadSchema = v.object({ ...acting, accountId: idSchema })

/** POST /api/team/leave */
export const leavePayloadSchema = v.object(acting)

/** The answer of a team change: what happened, and the team as it is now. */
export const teamChangeAnswerSchema = v.looseObject({ message: v.string(), team: teamAnswerSchema })
export type TeamChangeAnswer = v.InferOutput<typeof teamChangeAnswerSchema>

export const INVITATION_LINK_STATES = ['valid', 'expired', 'used', 'revoked'] as const
export type InvitationLinkState = (typeof INVITATION_LINK_STATES)[number]

/** GET /api/invitations/get?token=…: what the link's page shows (no login needed). */
export const invitationQuerySchema = v.object({ token: text(128) })
export const invitationAnswerSchema = v.looseObject({
  state: v.picklist(INVITATION_LINK_STATES),
  organizationName: v.string(),
  emailId: v.string(),
  role: roleSchema,
  invitedBy: v.string(),
  expiresAt: v.string(),
})
export type InvitationAnswer = v.InferOutput<typeof invitationAnswerSchema>

/**
 * POST /api/invitations/accept (logged in): joins and acts for the organization. The invitation
 * is named by its link's token, or by its id from the account's own pending list
 * (GET /api/invitations/pending): one of the two.
 */
export const acceptInvitationPayloadSchema = v.object({
  token: v.optional(text(128)),
  invitationId: v.optional(idSchema),
})
export type AcceptInvitationPayload = v.InferOutput<typeof acceptInvitationPayloadSchema>

/**
 * POST /api/invitations/join (docs/decisions/0046): someone without an account joins by the link
 * with a name and a password only. The e-mail is the invitation's; the organization and its
 * details are the organization's. The answer is the new login's data, as a login's.
 */
export const joinInvitationPayloadSchema = v.object({
  token: text(128),
  firstName: nameText(50),
  lastName: nameText(50),
  password: passwordText(128),
  confirmPassword: passwordText(128),
})
export type JoinInvitationPayload = v.InferOutput<typeof joinInvitationPayloadSchema>

/** The page of a logged-in account's pending invitations (the landing of a login without an organization). */
export const PENDING_INVITATIONS_PATH = '/invitations'

/** One invitation to the session's own address that can be accepted now. */
export const pendingInvitationSchema = v.looseObject({
  invitationId: v.string(),
  organizationName: v.string(),
  role: roleSchema,
  invitedBy: v.string(),
  /** ISO 8601. */
  expiresAt: v.string(),
})
export type PendingInvitation = v.InferOutput<typeof pendingInvitationSchema>

/**
 * GET /api/invitations/pending (logged in, with or without an organization): the invitations to
 * the account's address that are neither accepted, revoked nor expired, from organizations it is
 * no member of, newest first.
 */
export const pendingInvitationsAnswerSchema = v.looseObject({
  emailId: v.string(),
  invitations: v.array(pendingInvitationSchema),
})
export type PendingInvitationsAnswer = v.InferOutput<typeof pendingInvitationsAnswerSchema>

/** POST /api/session/organization (logged in): act for another of the account's organizations. */
export const switchOrganizationPayloadSchema = v.object({ organizationId: idSchema })

export const ACTIVITY_ACTIONS = [
  'record.submitted',
  'record.edited',
  'record.deleted',
  'record.revised',
  'run.started',
  'run.rerun',
  'run.cancelled',
  'comment.added',
  'certificate.emailed',
  'member.invited',
  'invitation.resent',
  'invitation.revoked',
  'member.joined',
  'member.role-changed',
  'member.removed',
  'member.left',
  // The lab's review of a finished run (by the lab, on the organization's record).
  'run.approved',
  'run.rejected',
  'certificate.revoked',
  // docs/decisions/0044: listing a certificate in the public directory, and taking it off.
  'certificate.listed',
  'certificate.unlisted',
  // docs/decisions/0026: personal API tokens.
  'token.created',
  'token.revoked',
  // Webhook endpoints (the portal disables one that failed for 24 hours).
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'webhook.disabled',
  'webhook.secret-rotated',
  // docs/decisions/0043: a delivery sent again, a test event.
  'webhook.resent',
  'webhook.test-sent',
  // docs/decisions/0034: the lab's review of the organization's 'Add New …' names.
  'catalogue.approved',
  'catalogue.mapped',
  'catalogue.declined',
  'catalogue.manufacturer-approved',
] as const
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number]

/** How the activity log names each action (its filter's options and its rows). */
export const ACTIVITY_LABELS: Readonly<Record<ActivityAction, string>> = {
  'record.submitted': 'Submitted a device',
  'record.edited': 'Edited a device',
  'record.deleted': 'Deleted a device',
  'record.revised': 'Made a new revision of a device',
  'run.started': 'Started certification',
  'run.rerun': 'Re-ran failed cases',
  'run.cancelled': 'Cancelled a run',
  'comment.added': 'Commented',
  'certificate.emailed': 'Emailed a certificate',
  'member.invited': 'Invited a member',
  'invitation.resent': 'Resent an invitation',
  'invitation.revoked': 'Revoked an invitation',
  'member.joined': 'Joined',
  'member.role-changed': 'Changed a role',
  'member.removed': 'Removed a member',
  'member.left': 'Left the organization',
  'run.approved': 'Approved a run',
  'run.rejected': 'Rejected a run',
  'certificate.revoked': 'Revoked a certificate',
  'certificate.listed': 'Listed a device in the public directory',
  'certificate.unlisted': 'Took a device off the public directory',
  'token.created': 'Created an API token',
  'token.revoked': 'Revoked an API token',
  'webhook.created': 'Added a webhook endpoint',
  'webhook.updated': 'Changed a webhook endpoint',
  'webhook.deleted': 'Deleted a webhook endpoint',
  'webhook.disabled': 'Disabled a failing webhook endpoint',
  'webhook.secret-rotated': 'Made a new signing secret for a webhook endpoint',
  'webhook.resent': 'Resent a webhook delivery',
  'webhook.test-sent': 'Sent a test event to a webhook endpoint',
  'catalogue.approved': 'Approved a catalogue name',
  'catalogue.mapped': 'Mapped a catalogue name',
  'catalogue.declined': 'Declined a catalogue name',
  'catalogue.manufacturer-approved': 'Approved the organization as a manufacturer',
}

export const activityEntrySchema = v.looseObject({
  activityId: v.string(),
  /** ISO 8601. */
  at: v.string(),
  actorName: v.string(),
  actorAccountId: v.nullable(v.string()),
  action: v.picklist(ACTIVITY_ACTIONS),
  /** What the action was about, as a person reads it: 'Beacon 6 (Nokia)', 'priya@example.com (Viewer)'. */
  subject: v.string(),
})
export type ActivityEntry = v.InferOutput<typeof activityEntrySchema>

/** GET /api/team/activity: newest first, 50 a page; `before` is the last entry's activityId. */
export const ACTIVITY_PAGE_SIZE = 50
/** The longest text the log's search takes. */
export const ACTIVITY_SEARCH_MAX_LENGTH = 100
/**
 * docs/decisions/0044: how long the log keeps a line — the default life of a certificate
 * (CERTIFICATE_VALID_YEARS), so that a certified device's history can be read while it is certified.
 */
export const ACTIVITY_RETENTION_YEARS = 3
export const ACTIVITY_RETENTION_NOTE = `The log keeps each line for ${ACTIVITY_RETENTION_YEARS} years, then deletes it.`

const ACTIVITY_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/
/** A bound of the log's date range: a day (YYYY-MM-DD, UTC) or an instant (ISO 8601 with its offset). */
const activityTime = v.optional(
  v.pipe(
    v.string(),
    v.check(
      (value) => ACTIVITY_TIME_PATTERN.test(value) && !Number.isNaN(Date.parse(value)),
      'must be a date (YYYY-MM-DD) or a time in ISO 8601 with its offset',
    ),
  ),
)
/** Where a day-only `to` ends: the whole day is in the range. */
export function activityRangeEnd(to: string): Date {
  const end = new Date(to)
  if (/^\d{4}-\d{2}-\d{2}$/.test(to)) end.setUTCDate(end.getUTCDate() + 1)
  return end
}

/** The log's filters, the list's and the export's: text, date range, member, action. */
const activityFilterEntries = {
  vendorUserId: idSchema,
  /** Text in the subject or the actor's name, any case. */
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(ACTIVITY_SEARCH_MAX_LENGTH))),
  from: activityTime,
  /** Inclusive: a day-only `to` includes that whole day. */
  to: activityTime,
  action: v.optional(v.picklist(ACTIVITY_ACTIONS, 'action must be one of the activity log’s actions')),
  actorAccountId: v.optional(idSchema),
}
/** A range whose `to` ends before its `from` (400, field to). */
export const ACTIVITY_RANGE_ORDER_MESSAGE = 'to must not be before from.'
/** Whether the range's `from` comes before the end of its `to` (either may be absent). */
export const activityRangeInOrder = (input: { from?: string; to?: string }) =>
  input.from === undefined ||
  input.to === undefined ||
  new Date(input.from).getTime() < activityRangeEnd(input.to).getTime()
export const activityQuerySchema = v.object({ ...activityFilterEntries, before: v.optional(idSchema) })

export const ACTIVITY_EXPORT_FORMATS = ['csv', 'json'] as const
export type ActivityExportFormat = (typeof ACTIVITY_EXPORT_FORMATS)[number]
/** GET /api/team/activity/export: every line the filters select, newest first, as a file. */
export const activityExportQuerySchema = v.object({
  ...activityFilterEntries,
  format: v.picklist(ACTIVITY_EXPORT_FORMATS),
})
/** The export's columns, in order (the CSV's header row; the JSON's keys are activityEntrySchema's). */
export const ACTIVITY_EXPORT_COLUMNS = [
  'activityId',
  'at',
  'actorName',
  'actorAccountId',
  'action',
  'subject',
] as const
export const activityAnswerSchema = v.looseObject({
  entries: v.array(activityEntrySchema),
  /** The `before` of the next page; null on the last. */
  next: v.nullable(v.string()),
})
export type ActivityAnswer = v.InferOutput<typeof activityAnswerSchema>

/* The team calls' messages (the server's answers; the mocks answer the same words). */

export const invitationSentMessage = (emailId: string) => `Invitation sent to ${emailId}.`
export const invitationResentMessage = (emailId: string) => `Invitation sent again to ${emailId}.`
export const invitationRevokedMessage = (emailId: string) => `The invitation to ${emailId} was withdrawn.`
export const roleChangedMessage = (name: string, role: string) => `${name} is now ${role}.`
export const memberRemovedMessage = (name: string) => `${name} was removed from the organization.`
export const leftOrganizationMessage = (organizationName: string) => `You have left ${organizationName}.`
export const alreadyMemberMessage = (emailId: string) =>
  `${emailId} is already a member of this organization.`
/** Demoting, removing or the leaving of the organization's only Owner (409, nothing changes). */
export const LAST_OWNER_MESSAGE =
  'An organization needs at least one Owner. Make another member an Owner first.'

/** The ids of the members who are Owners. */
export const ownerIds = (members: ReadonlyArray<{ accountId: string; role: string }>) =>
  members.filter((member) => member.role === 'Owner').map((member) => member.accountId)

/**
 * The last-Owner rule (decision 0023), written once for the server, the team screen and the
 * fixture world: taking `accountId`'s Owner role away (a demotion, a removal, leaving) would
 * leave the organization without an Owner.
 */
export const isLastOwner = (owners: ReadonlyArray<string>, accountId: string) =>
  owners.length <= 1 && owners.includes(accountId)
export const INVITATION_NOT_FOUND_MESSAGE = 'No pending invitation with this id exists in this organization.'
export const MEMBER_NOT_FOUND_MESSAGE = 'No member with this id exists in this organization.'
export const ORGANIZATION_NOT_MEMBER_MESSAGE = 'You are not a member of this organization.'
export const INVITATION_LINK_UNKNOWN_MESSAGE =
  'This invitation link is not valid. Please check the link in the mail, or ask an Owner to invite you again.'
export const INVITATION_LINK_EXPIRED_MESSAGE =
  'This invitation link has expired. Ask an Owner of the organization to send it again.'
export const INVITATION_LINK_USED_MESSAGE =
  'This invitation link has already been used. Sign in, or ask an Owner for a new invitation.'
export const INVITATION_LINK_REVOKED_MESSAGE =
  'This invitation was withdrawn. Ask an Owner of the organization for a new one.'
/** What a link that no longer works says, by its state (the page's note, accept's refusal). */
export const INVITATION_LINK_STATE_MESSAGES: Readonly<Record<Exclude<InvitationLinkState, 'valid'>, string>> =
  {
    expired: INVITATION_LINK_EXPIRED_MESSAGE,
    used: INVITATION_LINK_USED_MESSAGE,
    revoked: INVITATION_LINK_REVOKED_MESSAGE,
  }
export const invitationForOtherEmailMessage = (emailId: string) =>
  `This invitation is for ${emailId}. Sign in with that address to accept it.`
export const alreadyJoinedMessage = (organizationName: string) =>
  `You are already a member of ${organizationName}.`
/** Accept without a token or an invitationId, or with both (400, field token). */
export const ACCEPT_NAMES_ONE_INVITATION_MESSAGE =
  'Name the invitation to accept: the token of its link, or its invitationId.'
/** Accept by an id that is no pending invitation to the session's address (404, field invitationId). */
export const PENDING_INVITATION_NOT_FOUND_MESSAGE =
  'No pending invitation with this id is addressed to you. It may have been withdrawn or have expired.'
/**
 * Registering through a valid link whose address already has an account (409, field
 * invitationToken): only the link's holder, who reads that address's mail, can get this answer.
 */
export const INVITATION_ACCOUNT_EXISTS_MESSAGE =
  'This e-mail address already has an account. Log in with it to accept the invitation.'

/**
 * Invitation mails (invite and resend) per organization: INVITATIONS_PER_HOUR in an hour; and to
 * one address, the portal's limit on mails to a recipient (5 in 10 minutes, with the codes' mails).
 * Past either, the call answers 429 with Retry-After and sends nothing.
 */
export const INVITATIONS_PER_HOUR = 50
export const INVITATIONS_TOO_MANY_MESSAGE = `This organization has sent ${INVITATIONS_PER_HOUR} invitations in the last hour. Please try again later.`
export const invitationRecipientTooManyMessage = (emailId: string) =>
  `Too many mails went to ${emailId} in the last few minutes. Please try again later.`

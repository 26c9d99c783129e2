import * as v from 'valibot'

/*
 * docs/decisions/0028: e-mail notifications. What a vendor user is told by mail, the
 * settings page's words, the signed unsubscribe link's page and calls, and every message they
 * answer. The server (server/notifications/), the fixture world (src/mocks/notification-*.ts) and
 * the screens (src/features/notifications/) read the same constants.
 */

/** The kinds of notification mail, in the order the settings page lists them. */
export const NOTIFICATION_KINDS = [
  'runFinished',
  'certificateIssued',
  'commentReceived',
  'maintenance',
  'invitation',
] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

/**
 * The lab staff's kinds (the conversation with vendors, mailed): a staff member's own
 * switches, on the lab's Notifications page (/lab/notifications). Lab staff are no members, so
 * none of the vendor kinds applies to them.
 */
export const LAB_NOTIFICATION_KINDS = [
  'vendorComment',
  'recordRevised',
  'runAwaitingReview',
  'recordAssigned',
] as const
export type LabNotificationKind = (typeof LAB_NOTIFICATION_KINDS)[number]
/** Any kind, a vendor member's or a lab staff member's. */
export type AnyNotificationKind = NotificationKind | LabNotificationKind
/** What an unsubscribe link turns off: one kind, or every kind ('all'). */
export type UnsubscribeScope = AnyNotificationKind | 'all'

/** Kinds that belong to one organization (set per organization); the invitation is the account's. */
export const ORGANIZATION_KINDS = [
  'runFinished',
  'certificateIssued',
  'commentReceived',
  'maintenance',
] as const satisfies readonly NotificationKind[]

export const NOTIFICATION_KIND_LABELS: Readonly<Record<AnyNotificationKind, string>> = {
  runFinished: 'Certification run finished',
  certificateIssued: 'Certificate issued',
  commentReceived: 'Comment from the lab',
  maintenance: 'Lab maintenance',
  invitation: 'Invitations to organizations',
  vendorComment: 'Comment from a vendor',
  recordRevised: 'New revision of a device',
  runAwaitingReview: 'A run awaits review',
  recordAssigned: 'A record was assigned to you',
}

export const NOTIFICATION_KIND_DESCRIPTIONS: Readonly<Record<AnyNotificationKind, string>> = {
  runAwaitingReview:
    'When a run ends while the lab reviews results (docs/decisions/0045): the device, its organization, how many cases failed and a link to the record in the console.',
  recordAssigned:
    'When another member of the lab assigns a record to you: who did, the device and a link to the record in the console.',
  recordRevised:
    'When a vendor makes a new revision of a device (new firmware or serial numbers): who, the firmware and a link to the record in the console.',
  vendorComment:
    'When someone of a vendor’s team comments on one of their records: who wrote it, the text and a link to the record in the console.',
  runFinished:
    'When a run of your organization ends Certified or with a Validation Failure: the failed cases, the attempt and a link to the record.',
  certificateIssued:
    'When your organization gets a certificate: its number, validity and verification address.',
  commentReceived: 'When the lab answers on one of your organization’s records.',
  maintenance:
    'When the lab goes into maintenance while your organization’s runs are held, and when it ends.',
  invitation: 'When an Owner of another organization invites this address to join it.',
}

/** The settings page's path (the lab's own for staff) and the public unsubscribe page's. */
export const NOTIFICATION_SETTINGS_PATH = '/settings/notifications'
export const LAB_NOTIFICATION_SETTINGS_PATH = '/lab/notifications'

export const isLabNotificationKind = (scope: string): scope is LabNotificationKind =>
  (LAB_NOTIFICATION_KINDS as readonly string[]).includes(scope)
/** Where the unsubscribe page sends someone to manage the rest: the lab's page for a lab kind's link. */
export const notificationSettingsPathOf = (scope: UnsubscribeScope | undefined) =>
  scope !== undefined && isLabNotificationKind(scope)
    ? LAB_NOTIFICATION_SETTINGS_PATH
    : NOTIFICATION_SETTINGS_PATH
export const UNSUBSCRIBE_PATH = '/unsubscribe'
/** RFC 8058 one-click unsubscribe: what mail providers POST (form-encoded List-Unsubscribe=One-Click). */
export const ONE_CLICK_UNSUBSCRIBE_PATH = '/api/notifications/one-click'

/* ------------------------------------------------------------------------------ schemas */

export const notificationKindSchema = v.picklist(NOTIFICATION_KINDS)

export const notificationSettingSchema = v.looseObject({
  kind: notificationKindSchema,
  enabled: v.boolean(),
})

/** GET /api/notifications/settings: the logged-in member's settings for the organization of the session. */
export const notificationSettingsAnswerSchema = v.looseObject({
  organizationId: v.string(),
  organizationName: v.string(),
  /** Where the mails go (the account's address). */
  emailId: v.string(),
  /** Every kind, in NOTIFICATION_KINDS' order. */
  settings: v.array(notificationSettingSchema),
})
export type NotificationSettingsAnswer = v.InferOutput<typeof notificationSettingsAnswerSchema>

/** GET /api/lab/notifications/settings: the logged-in lab staff member's settings. */
export const labNotificationSettingsAnswerSchema = v.looseObject({
  /** Where the mails go (the staff member's address). */
  emailId: v.string(),
  /** Every lab kind, in LAB_NOTIFICATION_KINDS' order. */
  settings: v.array(v.looseObject({ kind: v.picklist(LAB_NOTIFICATION_KINDS), enabled: v.boolean() })),
})
export type LabNotificationSettingsAnswer = v.InferOutput<typeof labNotificationSettingsAnswerSchema>

/** POST /api/lab/notifications/settings/update: one switch. */
export const updateLabNotificationSettingPayloadSchema = v.object({
  kind: v.picklist(LAB_NOTIFICATION_KINDS),
  enabled: v.boolean(),
})

/*
 * Refusals of bad input are worded by the contract's one reader (src/contract/refusals.ts,
 * docs/decisions/0015): the field's key and the rule. These are those words for these calls.
 */
export const NOTIFICATION_KIND_REFUSAL_MESSAGE = `kind must be ${NOTIFICATION_KINDS.map((kind) => `'${kind}'`)
  .slice(0, -1)
  .join(', ')} or 'invitation'.`
export const NOTIFICATION_ENABLED_REFUSAL_MESSAGE = 'Enabled is not valid.'
export const LAB_NOTIFICATION_KIND_REFUSAL_MESSAGE =
  "kind must be 'vendorComment', 'recordRevised', 'runAwaitingReview' or 'recordAssigned'."
export const UNSUBSCRIBE_TOKEN_REQUIRED_MESSAGE = 'token is required.'
export const UNSUBSCRIBE_TOKEN_TOO_LONG_MESSAGE = 'token must be at most 600 characters.'

/** POST /api/notifications/settings/update: one switch. */
export const updateNotificationSettingPayloadSchema = v.object({
  kind: notificationKindSchema,
  enabled: v.boolean(),
})

/** A token as the link carries it: 'n1.' and base64url parts; anything else is refused unread. */
export const UNSUBSCRIBE_TOKEN_PATTERN = /^n1\.[A-Za-z0-9_-]{1,400}\.[A-Za-z0-9_-]{43}$/
export const UNSUBSCRIBE_TOKEN_INVALID_MESSAGE =
  'This unsubscribe link is not valid: it may have been changed or cut short. Nothing was changed. Open the link from the mail again, or sign in to manage your notifications.'

const tokenSchema = v.pipe(v.string(), v.nonEmpty(), v.maxLength(600))

/** GET /api/notifications/unsubscribe?token=…: what the link would turn off (changes nothing). */
export const unsubscribeQuerySchema = v.looseObject({ token: tokenSchema })
/** POST /api/notifications/unsubscribe: turns it off. */
export const unsubscribePayloadSchema = v.object({ token: tokenSchema })

export const unsubscribeInfoSchema = v.looseObject({
  scope: v.picklist([...NOTIFICATION_KINDS, ...LAB_NOTIFICATION_KINDS, 'all']),
  /** What it turns off, as the page says it ('Certification run finished'; 'every notification'). */
  label: v.string(),
  /** The address the mails go to. */
  emailId: v.string(),
  /** The organization it applies to; null for the account's own (invitations, an address without account, lab staff). */
  organizationName: v.nullable(v.string()),
  /** Whether it is already off. */
  alreadyOff: v.boolean(),
})
export type UnsubscribeInfo = v.InferOutput<typeof unsubscribeInfoSchema>

export const unsubscribeAnswerSchema = v.looseObject({
  message: v.string(),
  info: unsubscribeInfoSchema,
})
export type UnsubscribeAnswer = v.InferOutput<typeof unsubscribeAnswerSchema>

/* ------------------------------------------------------------------------------ messages */

export const notificationSettingSavedMessage = (kind: AnyNotificationKind, enabled: boolean) =>
  `Saved: “${NOTIFICATION_KIND_LABELS[kind]}” mails are ${enabled ? 'on' : 'off'}.`
export const NOTIFICATION_SETTING_FAILED_MESSAGE =
  'Your change was not saved: the switch is back as it was. Try again.'
export const ALL_NOTIFICATIONS_OFF_MESSAGE =
  'Every notification is off: you get no mail from the portal but sign-in codes and certificates you send yourself.'
export const LAB_ALL_NOTIFICATIONS_OFF_MESSAGE =
  'Every notification is off: vendors’ comments, new revisions, runs awaiting review and assignments still show in the console’s queue, but no mail tells you of them.'
export const NOTIFICATIONS_PAGE_TITLE = 'Notifications'
export const notificationsPageIntro = (emailId: string, organizationName: string) =>
  `Mails go to ${emailId}. The settings below apply to ${organizationName}; invitations apply to your account.`

export const labNotificationsPageIntro = (emailId: string) =>
  `Mails go to ${emailId}. These settings are yours alone; every lab staff member chooses their own.`

export const unsubscribeScopeLabel = (scope: UnsubscribeScope) =>
  scope === 'all' ? 'every notification' : NOTIFICATION_KIND_LABELS[scope]

export const UNSUBSCRIBE_PAGE_TITLE = 'Unsubscribe'
export const unsubscribeQuestion = (info: Pick<UnsubscribeInfo, 'label' | 'emailId' | 'organizationName'>) =>
  info.organizationName === null
    ? `Stop “${info.label}” mails to ${info.emailId}?`
    : `Stop “${info.label}” mails to ${info.emailId} for ${info.organizationName}?`
export const UNSUBSCRIBE_BUTTON_LABEL = 'Unsubscribe'
export const unsubscribedMessage = (info: Pick<UnsubscribeInfo, 'label' | 'emailId'>) =>
  `Done: “${info.label}” mails to ${info.emailId} are off.`
export const unsubscribeAlreadyOffMessage = (info: Pick<UnsubscribeInfo, 'label' | 'emailId'>) =>
  `“${info.label}” mails to ${info.emailId} are already off.`
export const UNSUBSCRIBE_MANAGE_HINT = 'Sign in to turn notifications back on or choose each kind.'
export const UNSUBSCRIBE_MANAGE_LINK = 'Manage notifications'
/** The one-click POST's plain-text answer (mail providers read the status; a person may read this). */
export const ONE_CLICK_DONE_MESSAGE = 'You are unsubscribed.'
export const ONE_CLICK_BODY_MESSAGE =
  'A one-click unsubscribe is a POST with the form body List-Unsubscribe=One-Click.'

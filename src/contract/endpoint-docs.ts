import type { EndpointName } from '@/contract/endpoints'

/*
 * Issue 21 (docs/decisions/0029): the words the OpenAPI document (src/contract/openapi.ts) adds to
 * the endpoint table — a summary per call, its group, and the refusals the call's own handler can
 * answer beyond those the document derives from the table (400 from the request schema, 401/403
 * from the call's permission, 403 from the CSRF guard, 413/415 for bodies). Kept beside the table
 * so that a new call gets its line here; src/contract/openapi.test.ts names any call without one.
 */

export const ENDPOINT_TAGS = {
  session: 'Session and accounts',
  reference: 'Reference data',
  portfolio: 'Devices (portfolio)',
  records: 'Device records',
  certification: 'Certification service',
  team: 'Team and invitations',
  certificates: 'Certificates',
  lab: 'Lab console',
  tokens: 'API tokens',
  notifications: 'Notifications',
  webhooks: 'Webhooks',
} as const
export type EndpointTag = keyof typeof ENDPOINT_TAGS

/** What the document says of the tags, in this order. */
export const ENDPOINT_TAG_DESCRIPTIONS: Readonly<Record<EndpointTag, string>> = {
  session:
    'The session bootstrap, login and logout, registration and passwords. Calls of the browser; a pipeline uses an API token instead.',
  reference:
    'Public reference data the forms read: countries with their states and cities, the device catalogue.',
  portfolio: 'The portfolio form: read and save the draft, submit a device for certification (spec §3, §7).',
  records: 'Submitted device records: list, read, edit while Submitted, delete, comments.',
  certification:
    'The certification service, on its own port (see `servers`): start, re-run and cancel runs, follow them, download results and the certificate.',
  team: 'The organization’s members, roles, invitations and activity log.',
  certificates: 'Issued certificates anyone can verify, and the directory of certified devices.',
  lab: 'The certification lab’s own console. Lab staff sessions only; never an API token.',
  tokens:
    'Personal API tokens for pipelines: listed, created (the secret answered once) and revoked with a signed-in session only.',
  notifications:
    'A member’s e-mail notification switches (signed-in session only), and the signed unsubscribe link every notification mail carries, which works without a login.',
  webhooks:
    'The organization’s webhook endpoints (an Owner changes them), their delivery log, redelivery and a test event. Each delivery is signed: `Webhook-Signature: v1=<hex HMAC-SHA256 of "<Webhook-Timestamp>.<body>">`, refused by a receiver past 5 minutes.',
}

/** A refusal status a call's handler can answer by itself (beyond those derived from the table). */
export type HandlerRefusal = 400 | 401 | 404 | 409 | 429

export type EndpointDoc = {
  summary: string
  description?: string
  tag: EndpointTag
  refusals?: ReadonlyArray<HandlerRefusal>
  /**
   * Answered without a login too (the login only adds to the answer): the document marks the
   * security optional and lists no 401/403 of a login.
   */
  loginOptional?: true
}

export const ENDPOINT_DOCS: Readonly<Partial<Record<EndpointName, EndpointDoc>>> = {
  token: {
    tag: 'session',
    summary: 'Start a session and get its CSRF token',
    description:
      'Sets the session cookie (`portal_session`) and answers the text `SUCCESS` with a fresh token in the `Token` response header. A browser sends that token back as the `Token` header on every state-changing main-service call. Not needed with an API token.',
  },
  portalConfig: {
    tag: 'session',
    summary: 'Where the certification service listens',
    description:
      'The port of the certification service beside this main service (null when unknown: use 7600). A client calls the certification service on the main service’s host at that port.',
  },
  addressData: {
    tag: 'reference',
    summary: 'Countries with their calling codes; with `country`, its states and cities',
  },
  login: { tag: 'session', summary: 'Log in', refusals: [401, 429] },
  logout: { tag: 'session', summary: 'Log out: end the session on the server' },
  keepSessionAlive: {
    tag: 'session',
    summary: 'Continue the session (renew the idle timer)',
    refusals: [401],
  },
  register: {
    tag: 'session',
    summary: 'Register an organization and its first account',
    description: 'Answers `status` and `message`; a code is mailed to the address.',
    refusals: [429],
  },
  changePassword: {
    tag: 'session',
    summary: 'Create the password with the mailed code',
    description:
      'Answers text (spec §7): an empty 200, or the refusal’s message with the field in `X-Field`.',
  },
  forgotPassword: { tag: 'session', summary: 'Mail a code to reset a password', refusals: [429] },
  resetPassword: { tag: 'session', summary: 'Reset the password with the mailed code' },
  catalogue: {
    tag: 'reference',
    summary: 'The device catalogue: vendors, device names, types and product classes',
    description: 'Public: with a login, the organization’s own ‘Add New …’ names are listed too.',
    loginOptional: true,
  },
  getPortfolio: { tag: 'portfolio', summary: 'Read the saved draft and the account’s registration details' },
  savePortfolio: {
    tag: 'portfolio',
    summary: 'Save the draft (one section, or all when `saveSection` is absent)',
    refusals: [409],
  },
  submitPortfolio: {
    tag: 'portfolio',
    summary: 'Submit a device for certification',
    description:
      'Creates a device record in status Submitted. Send an `Idempotency-Key` header so that a retried submit does not make a second record: a repeat gets the first answer.',
    refusals: [409],
  },
  listRecords: { tag: 'records', summary: 'List the organization’s submitted device records' },
  deleteRecord: { tag: 'records', summary: 'Delete a record while it is Submitted', refusals: [404, 409] },
  getRecord: { tag: 'records', summary: 'Read one submitted record for editing', refusals: [404, 409] },
  updateRecord: {
    tag: 'records',
    summary: 'Change a record’s device details while it is Submitted',
    refusals: [404, 409],
  },
  listComments: { tag: 'records', summary: 'The comments on a record', refusals: [404] },
  addComment: { tag: 'records', summary: 'Add a comment to a record', refusals: [404] },
  runTests: {
    tag: 'certification',
    summary: 'Start certification of a device record (spec §7 run-tests)',
    description:
      'Runs the device’s whole test plan. The record goes Submitted → InProgress (or Maintenance) → Completed with `CERTIFIED-OK` or `Validation failure`. Follow it with `GET /runs` or the `run.finished` webhook.',
    refusals: [404, 409],
  },
  rerunFailed: {
    tag: 'certification',
    summary: 'Run again the cases the latest attempt did not pass',
    refusals: [404, 409],
  },
  cancelRun: { tag: 'certification', summary: 'Cancel the record’s run in progress', refusals: [404, 409] },
  listRuns: {
    tag: 'certification',
    summary: 'A record’s runs with their test cases and logs',
    refusals: [404],
  },
  runResults: { tag: 'certification', summary: 'Download a run’s results (JSON)', refusals: [404] },
  certificatePdf: {
    tag: 'certification',
    summary: 'Download the certificate (PDF) of a run that certified its record',
    refusals: [404, 409],
  },
  emailCertificate: {
    tag: 'certification',
    summary: 'Mail the certificate (PDF) to the caller',
    refusals: [404, 409],
  },
  team: { tag: 'team', summary: 'The organization’s members and invitations' },
  inviteMember: { tag: 'team', summary: 'Invite a member with a role', refusals: [409, 429] },
  resendInvitation: { tag: 'team', summary: 'Send an invitation again', refusals: [404, 409, 429] },
  revokeInvitation: { tag: 'team', summary: 'Revoke an invitation', refusals: [404, 409] },
  changeRole: { tag: 'team', summary: 'Change a member’s role', refusals: [404, 409] },
  removeMember: { tag: 'team', summary: 'Remove a member', refusals: [404, 409] },
  leaveOrganization: { tag: 'team', summary: 'Leave the organization', refusals: [404, 409] },
  activityLog: { tag: 'team', summary: 'The organization’s activity log' },
  getInvitation: { tag: 'team', summary: 'Read an invitation by its link’s token', refusals: [404, 409] },
  acceptInvitation: {
    tag: 'team',
    summary: 'Accept an invitation',
    description:
      'Names the invitation by its link’s `token`, or by its `invitationId` from the account’s pending invitations (then only one addressed to the account’s own e-mail). A login without an organization may make this call.',
    refusals: [401, 404, 409],
  },
  pendingInvitations: {
    tag: 'team',
    summary: 'The pending invitations to your own e-mail address',
    description:
      'Also answered to a login whose account belongs to no organization (any more), which may make no other call of an organization.',
    refusals: [401],
  },
  switchOrganization: {
    tag: 'team',
    summary: 'Act for another organization the account belongs to',
    refusals: [401, 404],
  },
  labState: { tag: 'lab', summary: 'The bench’s state: maintenance and review' },
  labQueue: { tag: 'lab', summary: 'The lab’s queue of records and runs' },
  labRecord: { tag: 'lab', summary: 'One record with its runs, for the lab', refusals: [404] },
  labAddComment: { tag: 'lab', summary: 'Comment on a record as the lab', refusals: [404] },
  labStartRun: { tag: 'lab', summary: 'Start a run on a vendor’s behalf', refusals: [404, 409] },
  labRerunFailed: { tag: 'lab', summary: 'Re-run failed cases on a vendor’s behalf', refusals: [404, 409] },
  labCancelRun: { tag: 'lab', summary: 'Cancel a run', refusals: [404, 409] },
  labReview: { tag: 'lab', summary: 'Approve or reject a finished run', refusals: [404, 409] },
  labStartMaintenance: { tag: 'lab', summary: 'Put the bench in maintenance', refusals: [409] },
  labEndMaintenance: { tag: 'lab', summary: 'End the maintenance', refusals: [409] },
  labReviewSetting: { tag: 'lab', summary: 'Turn the review of finished runs on or off', refusals: [409] },
  labStaff: { tag: 'lab', summary: 'The lab’s staff' },
  labAddStaff: { tag: 'lab', summary: 'Add a staff member', refusals: [409] },
  labChangeStaffRole: { tag: 'lab', summary: 'Change a staff member’s role', refusals: [404, 409] },
  labRemoveStaff: { tag: 'lab', summary: 'Remove a staff member', refusals: [404, 409] },
  labRevokeCertificate: { tag: 'lab', summary: 'Revoke a certificate with a reason', refusals: [404, 409] },
  labNotificationSettings: { tag: 'lab', summary: 'Your own notification switches as lab staff' },
  labUpdateNotificationSetting: {
    tag: 'lab',
    summary: 'Turn one kind of the lab’s notification mails on or off',
  },
  labSetPasswordInfo: { tag: 'lab', summary: 'Read a set-password link', refusals: [404] },
  labSetPassword: { tag: 'lab', summary: 'Set a staff member’s password from the link', refusals: [404] },
  certificateKeys: { tag: 'certificates', summary: 'The public keys that sign certificates' },
  directory: { tag: 'certificates', summary: 'The directory of certified devices' },
  listApiTokens: { tag: 'tokens', summary: 'List your API tokens (an Owner: every member’s)' },
  createApiToken: {
    tag: 'tokens',
    summary: 'Create an API token (its secret is answered once)',
    refusals: [409],
  },
  revokeApiToken: { tag: 'tokens', summary: 'Revoke an API token', refusals: [404] },
  webhooks: { tag: 'webhooks', summary: 'The organization’s webhook endpoints' },
  createWebhook: {
    tag: 'webhooks',
    summary: 'Add a webhook endpoint (its signing secret is answered once)',
    refusals: [409],
  },
  updateWebhook: {
    tag: 'webhooks',
    summary: 'Change an endpoint’s events, or enable or disable it',
    refusals: [404],
  },
  deleteWebhook: { tag: 'webhooks', summary: 'Delete a webhook endpoint', refusals: [404] },
  webhookDeliveries: {
    tag: 'webhooks',
    summary: 'An endpoint’s delivery log, newest first',
    refusals: [404],
  },
  redeliverWebhook: { tag: 'webhooks', summary: 'Send a delivery again now', refusals: [404, 409] },
  pingWebhook: { tag: 'webhooks', summary: 'Send a test event to an endpoint', refusals: [404, 409] },
  rotateWebhookSecret: {
    tag: 'webhooks',
    summary: 'Make a new signing secret for an endpoint (answered once; the old one stops signing)',
    refusals: [404],
  },
  notificationSettings: { tag: 'notifications', summary: 'Your e-mail notification switches' },
  updateNotificationSetting: {
    tag: 'notifications',
    summary: 'Turn one kind of notification mail on or off',
  },
  unsubscribeInfo: {
    tag: 'notifications',
    summary: 'What an unsubscribe link turns off (changes nothing)',
    refusals: [400],
  },
  unsubscribe: {
    tag: 'notifications',
    summary: 'Turn off the mails an unsubscribe link names',
    refusals: [400],
  },
  publishCertificate: {
    tag: 'certificates',
    summary: 'List or unlist a certificate in the directory',
    refusals: [404, 409],
  },
  certificate: { tag: 'certificates', summary: 'Verify a certificate by its number', refusals: [400, 404] },
}

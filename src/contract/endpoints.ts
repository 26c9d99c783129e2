import type * as v from 'valibot'
import * as address from '@/contract/address'
import * as apiTokens from '@/contract/api-tokens'
import * as auth from '@/contract/auth'
import * as catalogue from '@/contract/catalogue'
import * as certificates from '@/contract/certificates'
import * as certification from '@/contract/certification'
import { messageAnswerSchema, portalConfigAnswerSchema, statusAnswerSchema } from '@/contract/common'
import * as portfolio from '@/contract/portfolio'
import * as records from '@/contract/records'
import * as lab from '@/contract/lab'
import * as notifications from '@/contract/notifications'
import * as team from '@/contract/team'
import * as webhooks from '@/contract/webhooks'

/*
 * Every call the portal makes, in one table: which service answers it, the method and path, the
 * request and answer schemas, how the answer is read, and what the browser sends with it.
 * The screens' api/ files, the MSW handlers and the server routes are all built from this table.
 *
 * - main: the main service (spec §7: cookies, JSON headers and the Token header on every call).
 * - certification: the certification-test service on port 7600, sent no token (spec §7) but, as a
 *   deliberate tightening of §7's "no cookies", the vendor's session cookie: the service accepts
 *   only the owning vendor's session (docs/decisions/0006).
 */

type AnySchema = v.GenericSchema

export type Endpoint = {
  service: 'main' | 'certification'
  method: 'GET' | 'POST'
  path: string
  /** The body (POST) or the query parameters (GET), or null when the call takes nothing. */
  request: AnySchema | null
  /** The answer on success; null for answers read as text. */
  answer: AnySchema | null
  /** How the answer is read (spec §7: JSON, text for change-password and the token bootstrap). */
  answerType: 'json' | 'text'
  cookies: boolean
  token: boolean
  /**
   * Not named in spec §7: added by ARCHITECTURE.md's decisions or by one of this repository's
   * (docs/decisions/0005 lists them).
   */
  addedBy?: 'architecture'
}

const main = { service: 'main', cookies: true, token: true } as const
const cert = { service: 'certification', cookies: true, token: false } as const

export const endpoints = {
  token: { ...main, method: 'GET', path: '/api/token', request: null, answer: null, answerType: 'text' },
  portalConfig: {
    ...main,
    method: 'GET',
    path: '/api/portal-config',
    request: null,
    answer: portalConfigAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  addressData: {
    ...main,
    method: 'GET',
    path: '/api/registration/get-country-state-city-list',
    request: address.addressQuerySchema,
    answer: address.addressAnswerSchema,
    answerType: 'json',
  },
  login: {
    ...main,
    method: 'POST',
    path: '/api/login',
    request: auth.loginPayloadSchema,
    answer: auth.authDataSchema,
    answerType: 'json',
  },
  logout: {
    ...main,
    method: 'POST',
    path: '/api/logout',
    request: null,
    answer: messageAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  keepSessionAlive: {
    ...main,
    method: 'POST',
    path: '/api/session/keep-alive',
    request: null,
    answer: messageAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  register: {
    ...main,
    method: 'POST',
    path: '/api/registration/create',
    request: auth.registrationPayloadSchema,
    answer: auth.registrationAnswerSchema,
    answerType: 'json',
  },
  changePassword: {
    ...main,
    method: 'POST',
    path: '/api/registration/change-password',
    request: auth.changePasswordPayloadSchema,
    answer: null,
    answerType: 'text',
  },
  forgotPassword: {
    ...main,
    method: 'POST',
    path: '/api/registration/forget-password',
    request: auth.forgotPasswordPayloadSchema,
    answer: auth.forgotPasswordAnswerSchema,
    answerType: 'json',
  },
  resetPassword: {
    ...main,
    method: 'POST',
    path: '/api/registration/reset-password',
    request: auth.resetPasswordPayloadSchema,
    answer: statusAnswerSchema,
    answerType: 'json',
  },
  catalogue: {
    ...main,
    method: 'GET',
    path: '/api/portfoliomanager/get-vendor-devicename-devicetype-productclass-list',
    request: null,
    answer: catalogue.catalogueAnswerSchema,
    answerType: 'json',
  },
  getPortfolio: {
    ...main,
    method: 'POST',
    path: '/api/portfoliomanager/get',
    request: portfolio.vendorUserIdPayloadSchema,
    answer: portfolio.savedPortfolioSchema,
    answerType: 'json',
  },
  savePortfolio: {
    ...main,
    method: 'POST',
    path: '/api/portfoliomanager/save',
    request: portfolio.savePayloadSchema,
    answer: messageAnswerSchema,
    answerType: 'json',
  },
  submitPortfolio: {
    ...main,
    method: 'POST',
    path: '/api/portfoliomanager/create',
    request: portfolio.submitPayloadSchema,
    answer: messageAnswerSchema,
    answerType: 'json',
  },
  listRecords: {
    ...main,
    method: 'POST',
    path: '/api/portfoliomanager/list',
    request: portfolio.vendorUserIdPayloadSchema,
    answer: records.recordListAnswerSchema,
    answerType: 'json',
  },
  deleteRecord: {
    ...main,
    method: 'POST',
    path: '/api/portfoliomanager/delete',
    request: records.deleteRecordPayloadSchema,
    answer: messageAnswerSchema,
    answerType: 'json',
  },
  /** Edit on the dashboard: one submitted record, read for the form (docs/decisions/0012). */
  getRecord: {
    ...main,
    method: 'POST',
    path: '/api/portfoliomanager/record/get',
    request: portfolio.recordDetailsPayloadSchema,
    answer: portfolio.recordDetailsSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  /** The form's Submit in edit mode: the record's device details changed in place, while Submitted. */
  updateRecord: {
    ...main,
    method: 'POST',
    path: '/api/portfoliomanager/record/update',
    request: portfolio.updateRecordPayloadSchema,
    answer: messageAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  listComments: {
    ...main,
    method: 'POST',
    path: '/api/portfoliomanager/comments/list',
    request: certification.commentListPayloadSchema,
    answer: certification.commentListAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  addComment: {
    ...main,
    method: 'POST',
    path: '/api/portfoliomanager/comments/add',
    request: certification.addCommentPayloadSchema,
    answer: certification.addCommentAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  runTests: {
    ...cert,
    method: 'POST',
    path: '/run-tests',
    request: certification.runTestsPayloadSchema,
    answer: messageAnswerSchema,
    answerType: 'json',
  },
  rerunFailed: {
    ...cert,
    method: 'POST',
    path: '/run-tests/rerun-failed',
    request: certification.rerunFailedPayloadSchema,
    answer: certification.runStartedAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  cancelRun: {
    ...cert,
    method: 'POST',
    path: '/run-tests/cancel',
    request: certification.cancelRunPayloadSchema,
    answer: messageAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  listRuns: {
    ...cert,
    method: 'GET',
    path: '/runs',
    request: certification.runListQuerySchema,
    answer: certification.runListAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  runResults: {
    ...cert,
    method: 'GET',
    path: '/runs/:runId/results.json',
    request: null,
    answer: certification.runResultsSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  // Issue 20: Download Certificate, the signed certificate's PDF (opened as a file, not read as JSON).
  certificatePdf: {
    ...cert,
    method: 'GET',
    path: '/runs/:runId/certificate.pdf',
    request: null,
    answer: null,
    answerType: 'text',
    addedBy: 'architecture',
  },
  emailCertificate: {
    ...cert,
    method: 'POST',
    path: '/certificates/email',
    request: certification.emailCertificatePayloadSchema,
    answer: messageAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  // Issue 18 (docs/decisions/0023): the organization's team, invitations and activity log.
  team: {
    ...main,
    method: 'GET',
    path: '/api/team',
    request: null,
    answer: team.teamAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  inviteMember: {
    ...main,
    method: 'POST',
    path: '/api/team/invitations/create',
    request: team.invitePayloadSchema,
    answer: team.teamChangeAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  resendInvitation: {
    ...main,
    method: 'POST',
    path: '/api/team/invitations/resend',
    request: team.invitationActionPayloadSchema,
    answer: team.teamChangeAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  revokeInvitation: {
    ...main,
    method: 'POST',
    path: '/api/team/invitations/revoke',
    request: team.invitationActionPayloadSchema,
    answer: team.teamChangeAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  changeRole: {
    ...main,
    method: 'POST',
    path: '/api/team/members/role',
    request: team.changeRolePayloadSchema,
    answer: team.teamChangeAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  removeMember: {
    ...main,
    method: 'POST',
    path: '/api/team/members/remove',
    request: team.removeMemberPayloadSchema,
    answer: team.teamChangeAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  leaveOrganization: {
    ...main,
    method: 'POST',
    path: '/api/team/leave',
    request: team.leavePayloadSchema,
    answer: messageAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  activityLog: {
    ...main,
    method: 'GET',
    path: '/api/team/activity',
    request: team.activityQuerySchema,
    answer: team.activityAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  getInvitation: {
    ...main,
    method: 'GET',
    path: '/api/invitations/get',
    request: team.invitationQuerySchema,
    answer: team.invitationAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  acceptInvitation: {
    ...main,
    method: 'POST',
    path: '/api/invitations/accept',
    request: team.acceptInvitationPayloadSchema,
    answer: auth.authDataSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  // The invitations to the logged-in account's own address, with or without an organization.
  pendingInvitations: {
    ...main,
    method: 'GET',
    path: '/api/invitations/pending',
    request: null,
    answer: team.pendingInvitationsAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  switchOrganization: {
    ...main,
    method: 'POST',
    path: '/api/session/organization',
    request: team.switchOrganizationPayloadSchema,
    answer: auth.authDataSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  // Issue 19 (docs/decisions/0024): the lab console's calls (lab staff sessions only; src/contract/lab.ts).
  labState: {
    ...main,
    method: 'GET',
    path: '/api/lab/state',
    request: null,
    answer: lab.labStateSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  labQueue: {
    ...main,
    method: 'GET',
    path: '/api/lab/queue',
    request: lab.labQueueQuerySchema,
    answer: lab.labQueueAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  labRecord: {
    ...main,
    method: 'GET',
    path: '/api/lab/record',
    request: lab.labRecordQuerySchema,
    answer: lab.labRecordAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  labAddComment: {
    ...main,
    method: 'POST',
    path: '/api/lab/comments/add',
    request: lab.labAddCommentPayloadSchema,
    answer: certification.addCommentAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  labStartRun: {
    ...main,
    method: 'POST',
    path: '/api/lab/runs/start',
    request: lab.labRunActionPayloadSchema,
    answer: certification.runStartedAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  labRerunFailed: {
    ...main,
    method: 'POST',
    path: '/api/lab/runs/rerun-failed',
    request: lab.labRunActionPayloadSchema,
    answer: certification.runStartedAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  labCancelRun: {
    ...main,
    method: 'POST',
    path: '/api/lab/runs/cancel',
    request: lab.labRunActionPayloadSchema,
    answer: messageAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  labReview: {
    ...main,
    method: 'POST',
    path: '/api/lab/runs/review',
    request: lab.labReviewPayloadSchema,
    answer: messageAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  labStartMaintenance: {
    ...main,
    method: 'POST',
    path: '/api/lab/maintenance/start',
    request: lab.startMaintenancePayloadSchema,
    answer: lab.labStateSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  labEndMaintenance: {
    ...main,
    method: 'POST',
    path: '/api/lab/maintenance/end',
    request: null,
    answer: lab.labStateSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  labReviewSetting: {
    ...main,
    method: 'POST',
    path: '/api/lab/review-setting',
    request: lab.reviewSettingPayloadSchema,
    answer: lab.labStateSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  labStaff: {
    ...main,
    method: 'GET',
    path: '/api/lab/staff',
    request: null,
    answer: lab.labStaffAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  labAddStaff: {
    ...main,
    method: 'POST',
    path: '/api/lab/staff/add',
    request: lab.addLabStaffPayloadSchema,
    answer: lab.labStaffChangeAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  labChangeStaffRole: {
    ...main,
    method: 'POST',
    path: '/api/lab/staff/role',
    request: lab.changeLabStaffRolePayloadSchema,
    answer: lab.labStaffChangeAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  labRemoveStaff: {
    ...main,
    method: 'POST',
    path: '/api/lab/staff/remove',
    request: lab.labStaffActionPayloadSchema,
    answer: lab.labStaffChangeAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  labRevokeCertificate: {
    ...main,
    method: 'POST',
    path: '/api/lab/certificates/revoke',
    request: certificates.revokeCertificatePayloadSchema,
    answer: messageAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  // A lab staff member's own notification settings (issue 21 for the lab's side, docs/decisions/0028 point 9).
  labNotificationSettings: {
    ...main,
    method: 'GET',
    path: '/api/lab/notifications/settings',
    request: null,
    answer: notifications.labNotificationSettingsAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  labUpdateNotificationSetting: {
    ...main,
    method: 'POST',
    path: '/api/lab/notifications/settings/update',
    request: notifications.updateLabNotificationSettingPayloadSchema,
    answer: notifications.labNotificationSettingsAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  labSetPasswordInfo: {
    ...main,
    method: 'GET',
    path: '/api/lab/set-password',
    request: lab.labSetPasswordQuerySchema,
    answer: lab.labSetPasswordInfoSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  labSetPassword: {
    ...main,
    method: 'POST',
    path: '/api/lab/set-password',
    request: lab.labSetPasswordPayloadSchema,
    answer: messageAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  // Issue 20 (docs/decisions/0025): certificates anyone can verify (no session needed).
  certificateKeys: {
    ...main,
    method: 'GET',
    path: certificates.CERTIFICATE_KEYS_API_PATH,
    request: null,
    answer: certificates.certificateKeysSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  directory: {
    ...main,
    method: 'GET',
    path: '/api/certified-devices',
    request: certificates.directoryQuerySchema,
    answer: certificates.directoryAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  publishCertificate: {
    ...main,
    method: 'POST',
    path: '/api/certificates/publish',
    request: certificates.publishCertificatePayloadSchema,
    answer: messageAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  certificate: {
    ...main,
    method: 'GET',
    path: certificates.CERTIFICATE_API_PATH,
    request: null,
    answer: certificates.publicCertificateSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  // Issue 21 (docs/decisions/0028): e-mail notifications — a member's settings and the signed unsubscribe link.
  notificationSettings: {
    ...main,
    method: 'GET',
    path: '/api/notifications/settings',
    request: null,
    answer: notifications.notificationSettingsAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  updateNotificationSetting: {
    ...main,
    method: 'POST',
    path: '/api/notifications/settings/update',
    request: notifications.updateNotificationSettingPayloadSchema,
    answer: notifications.notificationSettingsAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  unsubscribeInfo: {
    ...main,
    method: 'GET',
    path: '/api/notifications/unsubscribe',
    request: notifications.unsubscribeQuerySchema,
    answer: notifications.unsubscribeInfoSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  unsubscribe: {
    ...main,
    method: 'POST',
    path: '/api/notifications/unsubscribe',
    request: notifications.unsubscribePayloadSchema,
    answer: notifications.unsubscribeAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  // Issue 21 (docs/decisions/0026): personal API tokens, managed with a signed-in session only.
  listApiTokens: {
    ...main,
    method: 'GET',
    path: '/api/tokens',
    request: apiTokens.listApiTokensQuerySchema,
    answer: apiTokens.apiTokensAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  createApiToken: {
    ...main,
    method: 'POST',
    path: '/api/tokens/create',
    request: apiTokens.createApiTokenPayloadSchema,
    answer: apiTokens.createApiTokenAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  revokeApiToken: {
    ...main,
    method: 'POST',
    path: '/api/tokens/revoke',
    request: apiTokens.revokeApiTokenPayloadSchema,
    answer: apiTokens.revokeApiTokenAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  // Issue 21 (docs/decisions/0027): the organization's webhook endpoints and their deliveries.
  webhooks: {
    ...main,
    method: 'GET',
    path: '/api/webhooks',
    request: null,
    answer: webhooks.webhooksAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  createWebhook: {
    ...main,
    method: 'POST',
    path: '/api/webhooks/create',
    request: webhooks.createWebhookPayloadSchema,
    answer: webhooks.createWebhookAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  updateWebhook: {
    ...main,
    method: 'POST',
    path: '/api/webhooks/update',
    request: webhooks.updateWebhookPayloadSchema,
    answer: webhooks.webhookChangeAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  deleteWebhook: {
    ...main,
    method: 'POST',
    path: '/api/webhooks/delete',
    request: webhooks.webhookEndpointPayloadSchema,
    answer: webhooks.webhookChangeAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  webhookDeliveries: {
    ...main,
    method: 'GET',
    path: '/api/webhooks/deliveries',
    request: webhooks.webhookDeliveriesQuerySchema,
    answer: webhooks.webhookDeliveriesAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  redeliverWebhook: {
    ...main,
    method: 'POST',
    path: '/api/webhooks/redeliver',
    request: webhooks.redeliverWebhookPayloadSchema,
    answer: messageAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  pingWebhook: {
    ...main,
    method: 'POST',
    path: '/api/webhooks/ping',
    request: webhooks.webhookEndpointPayloadSchema,
    answer: messageAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
  rotateWebhookSecret: {
    ...main,
    method: 'POST',
    path: '/api/webhooks/rotate-secret',
    request: webhooks.webhookEndpointPayloadSchema,
    answer: webhooks.createWebhookAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
  },
} as const satisfies Record<string, Endpoint>

export type EndpointName = keyof typeof endpoints

/** The printable report beside results.json (Download Results, decision 8). */
export const RUN_REPORT_PATH = '/runs/:runId/results.html'

/** Fills the `:name` parts of a path, encoded. */
export function endpointPath(path: string, params: Record<string, string> = {}) {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`The path ${path} needs a value for :${name}.`)
    return encodeURIComponent(value)
  })
}

import type { Kysely, Transaction } from 'kysely'
import type { MailFooter, NotificationMail } from '@/contract/mails/notification-mails'
import {
  type AnyNotificationKind,
  LAB_NOTIFICATION_SETTINGS_PATH,
  type LabNotificationKind,
  NOTIFICATION_SETTINGS_PATH,
  ONE_CLICK_UNSUBSCRIBE_PATH,
  type ORGANIZATION_KINDS,
  UNSUBSCRIBE_PATH,
} from '@/contract/notifications'
import type { Database } from '../platform/db/schema.ts'
import { labRecipientsOf, recipientsOf } from './settings.ts'
import { signUnsubscribeToken, type UnsubscribeSubject } from './unsubscribe-token.ts'

/*
 * The notifications one change makes: a row per recipient whose switch is on, the mail rendered
 * with its footer and unsubscribe links (docs/decisions/0028 points 2–5, 9).
 */

export type Db = Kysely<Database> | Transaction<Database>

/** What planning needs: the secret that signs unsubscribe links and the portal's public address. */
export type PlanContext = { secret: string; publicUrl: string }

export type NewJob = {
  dedupe_key: string
  kind: AnyNotificationKind
  topic: string
  /** The member it mails, or null for a lab staff member (lab_staff_id). */
  account_id: string | null
  lab_staff_id: string | null
  organization_id: string
  mail: NotificationMail
}

function footerFor(
  ctx: PlanContext,
  kind: (typeof ORGANIZATION_KINDS)[number],
  accountId: string,
  organizationId: string,
  organizationName: string,
): MailFooter {
  const subject: UnsubscribeSubject = { type: 'account', accountId, organizationId }
  const token = signUnsubscribeToken(ctx.secret, { subject, scope: kind })
  return {
    kind,
    reason: `you are a member of ${organizationName} on the Device Certification Portal`,
    unsubscribeUrl: `${ctx.publicUrl}${UNSUBSCRIBE_PATH}?token=${token}`,
    oneClickUrl: `${ctx.publicUrl}${ONE_CLICK_UNSUBSCRIBE_PATH}?token=${token}`,
    manageUrl: `${ctx.publicUrl}${NOTIFICATION_SETTINGS_PATH}`,
  }
}

export async function jobsFor(
  ctx: PlanContext,
  trx: Db,
  kind: (typeof ORGANIZATION_KINDS)[number],
  topic: string,
  organizationId: string,
  render: (to: string, footer: MailFooter, organizationName: string) => NotificationMail,
): Promise<NewJob[]> {
  const organization = await organizationOf(trx, organizationId)
  if (!organization) return []
  const recipients = await recipientsOf(trx, organizationId, kind)
  return recipients.map((recipient) => ({
    dedupe_key: `${kind}:${topic}:${recipient.accountId}`,
    kind,
    topic,
    account_id: recipient.accountId,
    lab_staff_id: null,
    organization_id: organizationId,
    mail: render(
      recipient.email,
      footerFor(ctx, kind, recipient.accountId, organizationId, organization.name),
      organization.name,
    ),
  }))
}

/** The lab staff's jobs for one change (point 9): every staff member whose switch is on. */
export async function labJobsFor(
  ctx: PlanContext,
  trx: Db,
  kind: LabNotificationKind,
  topic: string,
  organizationId: string,
  render: (to: string, footer: MailFooter, organizationName: string) => NotificationMail,
  /** Only this staff member (a record assigned to them), when their switch is on. */
  onlyStaffId?: string,
): Promise<NewJob[]> {
  const organization = await organizationOf(trx, organizationId)
  if (!organization) return []
  const everyone = await labRecipientsOf(trx, kind)
  const recipients = onlyStaffId
    ? everyone.filter((recipient) => recipient.staffId === onlyStaffId)
    : everyone
  return recipients.map((recipient) => {
    const token = signUnsubscribeToken(ctx.secret, {
      subject: { type: 'staff', staffId: recipient.staffId },
      scope: kind,
    })
    const footer: MailFooter = {
      kind,
      reason: 'you are on the certification lab’s staff on the Device Certification Portal',
      unsubscribeUrl: `${ctx.publicUrl}${UNSUBSCRIBE_PATH}?token=${token}`,
      oneClickUrl: `${ctx.publicUrl}${ONE_CLICK_UNSUBSCRIBE_PATH}?token=${token}`,
      manageUrl: `${ctx.publicUrl}${LAB_NOTIFICATION_SETTINGS_PATH}`,
    }
    return {
      dedupe_key: `${kind}:${topic}:staff:${recipient.staffId}`,
      kind,
      topic,
      account_id: null,
      lab_staff_id: recipient.staffId,
      organization_id: organizationId,
      mail: render(recipient.email, footer, organization.name),
    }
  })
}

export const organizationOf = (trx: Db, organizationId: string) =>
  trx.selectFrom('organizations').select('name').where('id', '=', organizationId).executeTakeFirst()

export const recordOf = (trx: Db, portfolioManagerId: string) =>
  trx
    .selectFrom('device_records')
    .select(['device_name', 'vendor'])
    .where('portfolio_manager_id', '=', portfolioManagerId)
    .executeTakeFirst()
export const recordUrl = (ctx: PlanContext, deviceName: string) =>
  `${ctx.publicUrl}/dashboard?search=${encodeURIComponent(deviceName)}`

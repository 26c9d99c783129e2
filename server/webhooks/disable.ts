import type { Kysely, Transaction } from 'kysely'
import { webhookDisabledMail } from '@/contract/mails/webhook-disabled-mail'
import { WEBHOOK_RETRY_WINDOW_MS, webhookDisabledSubject, WEBHOOKS_PATH } from '@/contract/webhooks'
import type { Database } from '../platform/db/schema.ts'
import type { Mailer } from '../platform/mailer.ts'
import { queueMail } from '../platform/mail-jobs.ts'
import { logActivity } from '../organizations/index.ts'

/*
 * docs/decisions/0027 points 5 and 9: the portal disables an endpoint —
 * after 24 hours of failed deliveries ('failing'), or at once when its URL no longer passes the
 * destination check ('destination'). The change and its activity line are one transaction; the
 * organization's Owners are mailed after it commits.
 */

export type PortalDisableReason = 'failing' | 'destination'

export type DisabledEndpoint = {
  url: string
  organization_id: string
  reason: PortalDisableReason
  /** 'failing': the first failure of the run and the last attempt's error. */
  failingSince?: Date
  error?: string
}

/**
 * Disables the endpoint if it is still enabled, with the activity line; answers whether this call
 * disabled it (another delivery's attempt, in this process or another, finds it done).
 */
export async function disableEndpoint(
  trx: Transaction<Database>,
  endpoint: { id: string; url: string; organization_id: string },
  reason: PortalDisableReason,
  now: Date,
): Promise<boolean> {
  const changed = await trx
    .updateTable('webhook_endpoints')
    .set({ enabled: false, disabled_reason: reason, disabled_at: now })
    .where('id', '=', endpoint.id)
    .where('enabled', '=', true)
    .returning('id')
    .executeTakeFirst()
  if (!changed) return false
  await logActivity(trx, {
    organizationId: endpoint.organization_id,
    actorAccountId: null,
    actorName: 'The portal',
    action: 'webhook.disabled',
    subject: webhookDisabledSubject(endpoint.url, reason),
  })
  return true
}

/**
 * After a failed attempt: the endpoint's run of failures starts (failing_since) if it had not,
 * and the endpoint is disabled once the run has lasted 24 hours (answered, to mail its Owners).
 */
export async function afterFailure(
  trx: Transaction<Database>,
  endpointId: string,
  { startedAt, now, error }: { startedAt: Date; now: Date; error: string },
): Promise<DisabledEndpoint | null> {
  const endpoint = await trx
    .selectFrom('webhook_endpoints')
    .select(['id', 'url', 'enabled', 'failing_since', 'organization_id'])
    .where('id', '=', endpointId)
    .forUpdate()
    .executeTakeFirst()
  if (!endpoint) return null
  const failingSince = endpoint.failing_since ?? startedAt
  if (!endpoint.failing_since) {
    await trx
      .updateTable('webhook_endpoints')
      .set({ failing_since: failingSince })
      .where('id', '=', endpoint.id)
      .execute()
  }
  if (!endpoint.enabled || now.getTime() - failingSince.getTime() < WEBHOOK_RETRY_WINDOW_MS) return null
  if (!(await disableEndpoint(trx, endpoint, 'failing', now))) return null
  const { url, organization_id } = endpoint
  return { url, organization_id, reason: 'failing', failingSince, error }
}

const LOG_LINES: Record<PortalDisableReason, string> = {
  failing: 'Webhook endpoint disabled after 24 hours of failed deliveries.',
  destination: 'Webhook endpoint disabled: its URL no longer passes the destination check; nothing was sent.',
}

/** Mails the organization's Owners that the portal disabled `endpoint` (never the secret or a body). */
export async function mailOwnersOfDisabled(
  {
    db,
    mailer,
    publicUrl,
    logger,
  }: {
    db: Kysely<Database>
    mailer: Mailer
    publicUrl: string
    logger: { warn(fields: object, message: string): void }
  },
  endpoint: DisabledEndpoint,
) {
  const owners = await db
    .selectFrom('memberships as m')
    .innerJoin('vendor_accounts as a', 'a.id', 'm.account_id')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select(['a.email', 'o.name'])
    .where('m.organization_id', '=', endpoint.organization_id)
    .where('m.role', '=', 'Owner')
    .execute()
  logger.warn({ url: endpoint.url, organizationId: endpoint.organization_id }, LOG_LINES[endpoint.reason])
  const link = `${publicUrl}${WEBHOOKS_PATH}`
  for (const owner of owners) {
    const common = { to: owner.email, organizationName: owner.name, url: endpoint.url, link }
    try {
      await queueMail(
        { db, mailer },
        endpoint.reason === 'failing'
          ? webhookDisabledMail({
              ...common,
              reason: 'failing',
              failingSince: (endpoint.failingSince ?? new Date()).toISOString(),
              lastError: endpoint.error ?? '',
            })
          : webhookDisabledMail({ ...common, reason: 'destination' }),
      )
    } catch (error) {
      logger.warn({ to: owner.email, err: String(error) }, 'The webhook-disabled mail could not be sent.')
    }
  }
}

import type { Transaction } from 'kysely'
import type { PortalEvent } from '@/contract/events'
import { CERTIFICATE_ISSUED_JOB, type CertificateIssuedJob } from '../certification/index.ts'
import type { Database } from '../platform/db/schema.ts'
import type { LoggedEvent } from '../platform/jobs/event-log.ts'
import type { JobHandler } from '../platform/jobs/runner.ts'
import { enqueueCertificateIssued, enqueueForPortalEvent } from './deliveries.ts'
import { type WebhookDeliveryOptions, webhookDeliveryJobs } from './delivery-job.ts'
import { pruneWebhookDeliveries } from './prune.ts'

/*
 * Where the webhooks' deliveries come from: the events log, read after each commit by the job
 * runner (server/platform/jobs), and the job written with each certificate. Neither the events
 * nor the certificates know that webhooks exist. The same runner sends them (delivery-job.ts).
 */

/** The webhooks' cursor in event_cursors. */
export const WEBHOOKS_CURSOR = 'webhooks'

/** The deliveries of one logged event, written with the cursor's move. */
export function deliveriesOfEvent(trx: Transaction<Database>, event: LoggedEvent) {
  return enqueueForPortalEvent(
    trx,
    event.organization_id,
    event.data as unknown as Omit<PortalEvent, 'seq' | 'at'>,
    event.created_at,
  )
}

/** certificate.issued: the deliveries of one issued certificate, written with the job's mark. */
export const certificateIssuedDeliveries: JobHandler = {
  async write(trx, payload) {
    const { number } = payload as CertificateIssuedJob
    const certificate = await trx
      .selectFrom('certificates')
      .select(['organization_id', 'portfolio_manager_id', 'run_id', 'issued_at', 'expires_at'])
      .where('number', '=', number)
      .executeTakeFirst()
    if (!certificate) return
    await enqueueCertificateIssued(trx, certificate.organization_id, {
      recordId: certificate.portfolio_manager_id,
      runId: certificate.run_id,
      number,
      issuedAt: certificate.issued_at,
      expiresAt: certificate.expires_at,
    })
  },
}

/**
 * What the job runner does for the webhooks: writing the deliveries, sending them unless
 * `delivery` is null (a test that sends them with a runner of its own, on its own clock), and
 * deleting the finished ones after 30 days (prune.ts).
 */
export function webhookJobs(delivery: WebhookDeliveryOptions | null) {
  return {
    readers: { [WEBHOOKS_CURSOR]: deliveriesOfEvent },
    prunes: [pruneWebhookDeliveries],
    handlers: {
      [CERTIFICATE_ISSUED_JOB]: certificateIssuedDeliveries,
      ...(delivery ? webhookDeliveryJobs(delivery) : {}),
    },
  }
}

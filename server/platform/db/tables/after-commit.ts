import type { ColumnType, Generated, GeneratedAlways } from 'kysely'
import type { AnyNotificationKind, LabNotificationKind, NotificationKind } from '@/contract/notifications'
import type { CreatedAt, NullableTime, TextList, Time } from './columns.ts'

/* What follows a change: the events log, mail, the job queue, notifications and webhooks. */

/** A stored live event (migration 0008, server/events): `data` is the PortalEvent without seq and at. */
export interface EventsTable {
  seq: GeneratedAlways<number>
  organization_id: string
  type: string
  portfolio_manager_id: string | null
  run_id: string | null
  /** Write with JSON.stringify(data). */
  data: ColumnType<Record<string, unknown>, string, string>
  created_at: CreatedAt
}

export type MailAttachment = {
  filename: string
  contentType: string
  /** base64 */
  content: string
}

export interface MailOutboxTable {
  id: Generated<string>
  to_address: string
  subject: string
  text_body: string
  html_body: string | null
  /** Write with JSON.stringify(attachments). */
  attachments: ColumnType<MailAttachment[] | null, string | null | undefined, string | null>
  created_at: CreatedAt
  sent_at: NullableTime
  /** Write order (migration 0005). */
  seq: GeneratedAlways<number>
  /** The mail's extra headers as JSON, e.g. List-Unsubscribe (migration 0016); null when none. */
  headers: ColumnType<string | null, string | null | undefined, string | null>
}

/** A member's notification switch (migration 0016): scope is an organization's id, or '' (invitations). */
export interface NotificationSettingsTable {
  account_id: string
  scope: string
  kind: NotificationKind
  enabled: boolean
  updated_at: CreatedAt
}

/** A lab staff member's switch per lab kind (migration 0017); no row means on. */
export interface LabNotificationSettingsTable {
  staff_id: string
  kind: LabNotificationKind
  enabled: boolean
  updated_at: CreatedAt
}

/** An address without an account that turned invitation mails off (migration 0016). */
export interface NotificationAddressOptoutsTable {
  email_key: string
  created_at: CreatedAt
}

/** Per reader of the events log, the last event it has turned into work (migration 0020). */
export interface EventCursorsTable {
  consumer: string
  /** bigint, read as a number. */
  last_seq: ColumnType<number, number, number>
  updated_at: CreatedAt
}

/** One planned notification mail and whether it went out (migration 0016); a job sends it (0022). */
export interface NotificationJobsTable {
  id: GeneratedAlways<number>
  dedupe_key: string
  kind: AnyNotificationKind
  topic: string
  account_id: string | null
  organization_id: string | null
  /** The lab staff member it mails (migration 0017); account_id is then null. */
  lab_staff_id: ColumnType<string | null, string | null | undefined, string | null>
  to_address: string
  subject: string
  text_body: string
  html_body: string
  /** JSON of the mail's headers. */
  headers: string
  created_at: CreatedAt
  attempts: ColumnType<number, number | undefined, number>
  sent_at: NullableTime
  failed_at: NullableTime
  last_error: string | null
}

export type JobStatus = 'pending' | 'running' | 'done' | 'dead'

/** One piece of work after a commit (migration 0020, server/platform/jobs/). */
export interface JobsTable {
  id: GeneratedAlways<number>
  kind: string
  topic: string | null
  /** JSON written as a string, read parsed; null once the job is done. */
  payload: ColumnType<unknown, string | null, string | null>
  status: ColumnType<JobStatus, JobStatus | undefined, JobStatus>
  attempts: ColumnType<number, number | undefined, number>
  max_attempts: number
  run_at: CreatedAt
  lease_owner: string | null
  lease_until: NullableTime
  last_error: string | null
  created_at: CreatedAt
  finished_at: NullableTime
}

/** Migration 0015, docs/decisions/0027: an organization's webhook endpoint. */
export interface WebhookEndpointsTable {
  id: string
  organization_id: string
  url: string
  events: TextList
  /** The signing secret, AES-256-GCM under the server's secret (server/webhooks/secrets.ts). */
  secret_encrypted: string
  secret_hint: string
  enabled: Generated<boolean>
  /** 'destination' (migration 0018): the URL no longer passes the destination check. */
  disabled_reason: 'owner' | 'failing' | 'destination' | null
  disabled_at: NullableTime
  failing_since: NullableTime
  created_by: string | null
  created_at: CreatedAt
  /** Migration 0026: the Owner's note ('' when none). */
  description: ColumnType<string, string | undefined, string>
}

export type WebhookDeliveryStatus = 'pending' | 'delivering' | 'succeeded' | 'failed'

/** The webhooks' mailbox: one row per event and endpoint, written in the change's transaction; sent by its job (kind webhook.delivery, topic its id). */
export interface WebhookDeliveriesTable {
  id: string
  endpoint_id: string
  event_id: string
  type: string
  body: string
  status: ColumnType<WebhookDeliveryStatus, WebhookDeliveryStatus | undefined, WebhookDeliveryStatus>
  created_at: CreatedAt
  next_attempt_at: CreatedAt
  retry_until: NullableTime
  attempts: Generated<number>
  last_attempt_at: NullableTime
  last_response_code: number | null
  last_error: string | null
  delivered_at: NullableTime
}

export interface WebhookAttemptsTable {
  id: GeneratedAlways<number>
  delivery_id: string
  attempt: number
  started_at: Time
  duration_ms: number
  response_code: number | null
  error: string | null
  process_id: string
  /** Migration 0026: the headers sent (JSON object written as a string, read parsed; never the secret); null before 0026. */
  request_headers: ColumnType<unknown, string | null | undefined, string | null>
  /** The body as sent; null before 0026. */
  request_body: string | null
  /** The first 4 KB of the answer's body (null: no answer, or before 0026). */
  response_body: string | null
  response_truncated: Generated<boolean>
  /** Whether the attempt was made after migration 0026 (its request and response were recorded). */
  recorded: Generated<boolean>
}

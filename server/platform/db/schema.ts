import type { ColumnType, Generated, GeneratedAlways, Selectable } from 'kysely'
import type { RunKind, TestCaseState } from '@/contract/certification'
import type { LabRole } from '@/contract/lab'
import type { Role } from '@/contract/roles'
import type { ActivityAction } from '@/contract/team'
import type { AnyNotificationKind, LabNotificationKind, NotificationKind } from '@/contract/notifications'
import type { ApiTokenScope } from '@/contract/api-tokens'
import type { StoredStatus } from '@/contract/run-status'

/*
 * The tables of the portal's database as Kysely sees them. Tables and columns are snake_case and
 * the interfaces use the same names (no name-mapping plugin), so raw `sql` and the query builder
 * read alike.
 *
 * Both drivers read timestamptz as Date, text[] as string[], jsonb as parsed JSON and bigint
 * (e.g. count(*)) as number. Write jsonb as a JSON string (JSON.stringify): node-postgres would
 * otherwise send a JS array as a PostgreSQL array.
 */

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>
type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
type Time = ColumnType<Date, Date | string, Date | string>
type TextList = ColumnType<string[], string[] | undefined, string[]>
type CertificationResult = '' | 'CERTIFIED-OK' | 'Validation failure'

export interface SeedRunsTable {
  name: string
  version: string
  applied_at: CreatedAt
}

export interface VendorAccountsTable {
  id: Generated<string>
  /** As the vendor typed it. */
  email: string
  /** lower(email), computed by the database: look accounts up with `email_key = lower(…)`. */
  email_key: GeneratedAlways<string>
  first_name: string
  last_name: string
  organization: string
  /** 'Wireline', 'Wireless' or 'Wireline,Wireless'. */
  lob: string
  phone_number: string
  country_code: string
  country: string
  state: string
  city: string
  /** Null until the Create Password dialog sets it; such an account cannot log in. */
  password_hash: string | null
  password_changed_at: NullableTime
  created_at: CreatedAt
  /** Raised by triggers on every change of the account's portfolio data (migration 0002). */
  data_version: ColumnType<number, never, never>
}

/** An organization: it owns the portfolio, the records, the runs and the comments (migration 0009). */
export interface OrganizationsTable {
  id: Generated<string>
  name: string
  created_at: CreatedAt
  /** Raised by triggers on every change of the organization's records (migration 0009). */
  data_version: ColumnType<number, never, never>
}

/**
 * An organization's id before migration 0019 (its founding account's) and the id it has since
 *: links made before it still find the organization (organizations.ts).
 */
export interface OrganizationIdChangesTable {
  old_id: string
  new_id: string
  changed_at: CreatedAt
}

/** An account's membership of an organization, with its role there (migration 0009). */
export interface MembershipsTable {
  organization_id: string
  account_id: string
  role: Role
  created_at: CreatedAt
  /** The member's last call for this organization (written at most once a minute). */
  last_active_at: NullableTime
}

/** An invitation to an organization (migration 0010); the link's token is stored as its SHA-256. */
export interface InvitationsTable {
  id: Generated<string>
  organization_id: string
  /** As the Owner typed it. */
  email: string
  /** lower(trim(email)). */
  email_key: string
  role: Role
  token_hash: string
  invited_by: string | null
  sent_at: CreatedAt
  expires_at: Time
  accepted_at: NullableTime
  accepted_by: ColumnType<string | null, string | null | undefined, string | null>
  revoked_at: NullableTime
}

/** The organization's activity log (migration 0010), written in the transaction of each change. */
export interface ActivityLogTable {
  /** bigint identity, read as a number (see the top of this file). */
  id: GeneratedAlways<number>
  organization_id: string
  at: CreatedAt
  actor_account_id: string | null
  actor_name: string
  action: ActivityAction
  subject: string
  /** 'lab' when the lab did it on the organization's behalf (migration 0011). */
  actor_kind: ColumnType<'member' | 'lab', 'member' | 'lab' | undefined, 'member' | 'lab'>
}

export type OneTimeCodePurpose = 'create-password' | 'reset-password'

export interface OneTimeCodesTable {
  id: Generated<string>
  account_id: string
  purpose: OneTimeCodePurpose
  code_hash: string
  expires_at: Time
  attempts: Generated<number>
  used_at: NullableTime
  created_at: CreatedAt
}

export interface SessionsTable {
  /** SHA-256 (hex) of the session token; the token itself is only in the cookie. */
  id: string
  /** Null for a visitor's session before login. */
  account_id: string | null
  /** The organization the session acts for (migration 0009); null for a visitor's. */
  organization_id: ColumnType<string | null, string | null | undefined, string | null>
  csrf_token_hash: string | null
  created_at: CreatedAt
  last_seen_at: CreatedAt
  expires_at: Time
  /** A lab staff member's session (migration 0011); account_id and organization_id are then null. */
  lab_staff_id: ColumnType<string | null, string | null | undefined, string | null>
}

/** The lab's staff (migration 0011): never vendor accounts, never members. */
export interface LabStaffTable {
  id: Generated<string>
  email: string
  /** lower(email), computed by the database. */
  email_key: GeneratedAlways<string>
  name: string
  role: LabRole
  /** Null until the set-password link is used. */
  password_hash: string | null
  password_changed_at: NullableTime
  /** SHA-256 of the set-password link's token while it is unused. */
  set_password_token_hash: string | null
  set_password_expires_at: NullableTime
  created_at: CreatedAt
  last_active_at: NullableTime
  /** Set when a Lab manager removed them: they cannot log in. */
  disabled_at: NullableTime
}

/** The one row of the lab's state (migration 0011): maintenance is on while maintenance_reason is set. */
export interface LabStateTable {
  id: ColumnType<number, number | undefined, never>
  maintenance_reason: string | null
  maintenance_started_at: NullableTime
  maintenance_expected_end: NullableTime
  maintenance_started_by: string | null
  review_required: ColumnType<boolean, boolean | undefined, boolean>
  updated_at: CreatedAt
}

/**
 * A counter of the login and mail limits (migration 0007, server/http/rate-limit.ts),
 * one row per key such as 'login-pair:<account>|<address>' or 'mail-client:<address>'.
 */
export interface RateLimitsTable {
  key: string
  count: ColumnType<number, number | undefined, number>
  window_started_at: CreatedAt
  last_counted_at: CreatedAt
  /** Until when the key is refused; null when it is not. */
  blocked_until: NullableTime
  /** A login pair's last success: the account-wide cap spares an address its owner logs in from. */
  succeeded_at: NullableTime
}

/** Draft text fields default to '' in the database, so a section save may leave the others out. */
type DraftText = ColumnType<string, string | undefined, string>

export interface PortfolioDraftsTable {
  account_id: string
  saved_portfolio_manager_id: Generated<string>
  organization_name: DraftText
  description: DraftText
  business_contact_name: DraftText
  email_id: DraftText
  country_code: DraftText
  phone_number: DraftText
  best_time_to_reach: DraftText
  days: DraftText
  address: DraftText
  country: DraftText
  state: DraftText
  city: DraftText
  business_domain: DraftText
  vendor: DraftText
  device_name: DraftText
  device_type: DraftText
  product_class: DraftText
  devices_to_be_certified: DraftText
  device_number_list: TextList
  base_firmware_version: DraftText
  year_of_manufacturing: DraftText
  is_eng_build_available: DraftText
  /** True once the draft was submitted; the next save starts a new draft. */
  is_submitted: ColumnType<boolean, boolean | undefined, boolean>
  created_at: CreatedAt
  updated_at: CreatedAt
}

export interface DeviceRecordsTable {
  portfolio_manager_id: Generated<string>
  /** The organization that owns it (migration 0009). */
  organization_id: string
  /** The member who submitted it (null once that account is gone). */
  submitted_by: ColumnType<string | null, string | null | undefined, string | null>
  organization_name: DraftText
  vendor: string
  device_name: string
  device_type: string
  product_class: string
  base_firmware_version: string
  business_domain: string
  devices_to_be_certified: DraftText
  device_number_list: TextList
  year_of_manufacturing: DraftText
  is_eng_build_available: DraftText
  creation_time: CreatedAt
  /** The vendor user's name at submission. */
  created_by: string
  status: ColumnType<StoredStatus, StoredStatus | undefined, StoredStatus>
  is_certified: ColumnType<CertificationResult, CertificationResult | undefined, CertificationResult>
  /** The savedPortfolioManagerId the submit named; one record per draft (migration 0004). */
  submitted_from_draft: ColumnType<string | null, string | null | undefined, string | null>
}

export interface CatalogueVendorsTable {
  vendor: string
  created_at: CreatedAt
}

export interface CatalogueDeviceNamesTable {
  vendor: string
  device_name: string
  /** The vendor account that chose 'Add New Device Name', or null for the seeded catalogue. */
  added_by: string | null
  created_at: CreatedAt
}

export interface CatalogueDeviceTypesTable {
  device_name: string
  device_type: string
  added_by: string | null
  created_at: CreatedAt
}

export interface CatalogueProductClassesTable {
  device_type: string
  product_class: string
  added_by: string | null
  created_at: CreatedAt
}

export interface CountriesTable {
  /** ISO 3166-1 alpha-2. */
  country_code: string
  name: string
  /** '+91', '+1-684' (see server/platform/db/seed.ts for the normalisation). */
  calling_code: string
}

export interface StatesTable {
  country_code: string
  state_code: string
  name: string
}

export interface CitiesTable {
  country_code: string
  state_code: string
  name: string
}

export interface CertificationRunsTable {
  run_id: Generated<string>
  portfolio_manager_id: string
  status: ColumnType<StoredStatus, StoredStatus | undefined, StoredStatus>
  is_certified: ColumnType<CertificationResult, CertificationResult | undefined, CertificationResult>
  /** Which harness ran it, e.g. 'simulated-lab' or 'command'. */
  harness: string
  /** Why a run ended without a verdict (e.g. the server stopped during it). */
  failure_reason: string | null
  started_at: CreatedAt
  finished_at: NullableTime
  /** The executor (one per process) running it now, while lease_expires_at is ahead (migration 0003). */
  lease_owner: string | null
  lease_expires_at: NullableTime
  /** The attempt's number among the record's runs, from 1 (migration 0008). */
  attempt: ColumnType<number, number | undefined, number>
  /** 'full' (Start Certify: the whole plan) or 'rerun' (the cases the latest attempt did not pass). */
  kind: ColumnType<RunKind, RunKind | undefined, RunKind>
  /** The name of the user who started it. */
  started_by: DraftText
  /** The lab's review when the programme reviews (migration 0011): pending, approved or rejected. */
  review_state: ColumnType<
    'pending' | 'approved' | 'rejected' | null,
    'pending' | 'approved' | 'rejected' | null | undefined,
    'pending' | 'approved' | 'rejected' | null
  >
  reviewed_by: ColumnType<string | null, string | null | undefined, string | null>
  reviewed_at: NullableTime
  review_reason: ColumnType<string | null, string | null | undefined, string | null>
}

export interface RunTestCasesTable {
  run_id: string
  /** Order of the case in the test plan, from 0. */
  position: number
  name: string
  state: ColumnType<TestCaseState, TestCaseState | undefined, TestCaseState>
  started_at: NullableTime
  finished_at: NullableTime
  log: TextList
}

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

export interface CommentsTable {
  comment_id: Generated<string>
  portfolio_manager_id: string
  /** The vendor member who wrote it; null for the lab's (migration 0011). */
  account_id: string | null
  author: string
  text: string
  created_at: CreatedAt
  /** Which side wrote it, and the author's role there (migration 0011). */
  author_kind: ColumnType<'vendor' | 'lab', 'vendor' | 'lab' | undefined, 'vendor' | 'lab'>
  author_role: ColumnType<string, string | undefined, string>
  lab_staff_id: ColumnType<string | null, string | null | undefined, string | null>
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

/** A submit's answer under its Idempotency-Key (migration 0006). */
export interface SubmitAnswersTable {
  account_id: string
  idempotency_key: string
  status: number
  /** Write with JSON.stringify(answer). */
  answer: ColumnType<unknown, string, string>
  created_at: CreatedAt
}

/** Every key that signs or signed certificates (migration 0012): public halves only. */
export interface CertificateKeysTable {
  key_id: string
  algorithm: Generated<string>
  /** The raw 32-byte Ed25519 public key, base64url. */
  public_key: string
  created_at: Generated<Date>
  retired_at: Date | null
}

/** One issued certificate per certifying run (migration 0012). */
export interface CertificatesTable {
  number: string
  run_id: string
  portfolio_manager_id: string
  organization_id: string
  organization_name: string
  vendor: string
  device_name: string
  device_type: string
  product_class: string
  /** The signed text, exactly as signed (canonical JSON of CertificateContent). */
  payload: string
  /** Ed25519 signature of payload, base64url. */
  signature: string
  key_id: string
  issued_at: Date
  expires_at: Date
  revoked_at: Date | null
  revoked_reason: string | null
  revoked_by: string | null
  published: Generated<boolean>
  /** Stamped by a trigger on every insert and update (migration 0013): the directory's change feed. */
  directory_seq: Generated<string>
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

/** Migration 0014, docs/decisions/0026: personal API tokens, stored as their SHA-256. */
export interface ApiTokensTable {
  id: Generated<string>
  organization_id: string
  account_id: string
  name: string
  scope: ApiTokenScope
  token_hash: string
  hint: string
  created_at: CreatedAt
  expires_at: NullableTime
  last_used_at: NullableTime
  revoked_at: NullableTime
  revoked_by: ColumnType<string | null, string | null | undefined, string | null>
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
}

export interface Database {
  seed_runs: SeedRunsTable
  vendor_accounts: VendorAccountsTable
  organizations: OrganizationsTable
  organization_id_changes: OrganizationIdChangesTable
  lab_staff: LabStaffTable
  lab_state: LabStateTable
  memberships: MembershipsTable
  invitations: InvitationsTable
  activity_log: ActivityLogTable
  one_time_codes: OneTimeCodesTable
  sessions: SessionsTable
  rate_limits: RateLimitsTable
  portfolio_drafts: PortfolioDraftsTable
  device_records: DeviceRecordsTable
  catalogue_vendors: CatalogueVendorsTable
  catalogue_device_names: CatalogueDeviceNamesTable
  catalogue_device_types: CatalogueDeviceTypesTable
  catalogue_product_classes: CatalogueProductClassesTable
  countries: CountriesTable
  states: StatesTable
  cities: CitiesTable
  certification_runs: CertificationRunsTable
  run_test_cases: RunTestCasesTable
  comments: CommentsTable
  mail_outbox: MailOutboxTable
  submit_answers: SubmitAnswersTable
  events: EventsTable
  certificate_keys: CertificateKeysTable
  certificates: CertificatesTable
  notification_settings: NotificationSettingsTable
  notification_address_optouts: NotificationAddressOptoutsTable
  event_cursors: EventCursorsTable
  notification_jobs: NotificationJobsTable
  jobs: JobsTable
  lab_notification_settings: LabNotificationSettingsTable
  api_tokens: ApiTokensTable
  webhook_endpoints: WebhookEndpointsTable
  webhook_deliveries: WebhookDeliveriesTable
  webhook_attempts: WebhookAttemptsTable
}

export type DeviceRow = Selectable<DeviceRecordsTable>
export type CertificationRunRow = Selectable<CertificationRunsTable>
export type RunTestCaseRow = Selectable<RunTestCasesTable>

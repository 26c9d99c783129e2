import type { Selectable } from 'kysely'
import type {
  ActivityLogTable,
  ApiTokensTable,
  InvitationsTable,
  MembershipsTable,
  OneTimeCodesTable,
  OrganizationIdChangesTable,
  OrganizationsTable,
  RateLimitsTable,
  SeedRunsTable,
  SessionsTable,
  VendorAccountsTable,
} from './tables/accounts.ts'
import type {
  CatalogueDeviceNamesTable,
  CatalogueDeviceTypesTable,
  CatalogueProductClassesTable,
  CatalogueVendorsTable,
  CitiesTable,
  CommentsTable,
  CountriesTable,
  DeviceRecordsTable,
  RecordRevisionsTable,
  PortfolioDraftsTable,
  StatesTable,
  SubmitAnswersTable,
} from './tables/portfolio.ts'
import type {
  CertificateKeysTable,
  CertificatesTable,
  CertificationRunsTable,
  LabAssignmentsTable,
  LabStaffTable,
  LabStateTable,
  RunTestCasesTable,
} from './tables/certification.ts'
import type {
  EventCursorsTable,
  EventsTable,
  JobsTable,
  LabNotificationSettingsTable,
  MailOutboxTable,
  NotificationAddressOptoutsTable,
  NotificationJobsTable,
  NotificationSettingsTable,
  WebhookAttemptsTable,
  WebhookDeliveriesTable,
  WebhookEndpointsTable,
} from './tables/after-commit.ts'
import type { TestPlansTable, TestPlanVersionsTable } from './tables/programme.ts'

/*
 * The tables of the portal's database as Kysely sees them: described one area to a file in
 * tables/, named here in `Database`, which every query is typed by. Tables and columns are snake_case and
 * the interfaces use the same names (no name-mapping plugin), so raw `sql` and the query builder
 * read alike.
 *
 * Both drivers read timestamptz as Date, text[] as string[], jsonb as parsed JSON and bigint
 * (e.g. count(*)) as number. Write jsonb as a JSON string (JSON.stringify): node-postgres would
 * otherwise send a JS array as a PostgreSQL array.
 */

export type * from './tables/accounts.ts'
export type * from './tables/portfolio.ts'
export type * from './tables/certification.ts'
export type * from './tables/after-commit.ts'

export interface Database {
  seed_runs: SeedRunsTable
  vendor_accounts: VendorAccountsTable
  organizations: OrganizationsTable
  organization_id_changes: OrganizationIdChangesTable
  lab_staff: LabStaffTable
  lab_state: LabStateTable
  lab_assignments: LabAssignmentsTable
  memberships: MembershipsTable
  invitations: InvitationsTable
  activity_log: ActivityLogTable
  one_time_codes: OneTimeCodesTable
  sessions: SessionsTable
  rate_limits: RateLimitsTable
  portfolio_drafts: PortfolioDraftsTable
  device_records: DeviceRecordsTable
  record_revisions: RecordRevisionsTable
  catalogue_vendors: CatalogueVendorsTable
  catalogue_device_names: CatalogueDeviceNamesTable
  catalogue_device_types: CatalogueDeviceTypesTable
  catalogue_product_classes: CatalogueProductClassesTable
  countries: CountriesTable
  states: StatesTable
  cities: CitiesTable
  certification_runs: CertificationRunsTable
  run_test_cases: RunTestCasesTable
  test_plans: TestPlansTable
  test_plan_versions: TestPlanVersionsTable
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

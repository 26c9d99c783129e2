import type { ColumnType, Generated } from 'kysely'
import type { StoredStatus } from '@/contract/run-status'
import type { CertificationResult, CreatedAt, DraftText, NullableTime, TextList, Time } from './columns.ts'

/* The portfolio: drafts, device records, the catalogue, addresses, comments and submit answers. */

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
  /** The current revision (migration 0024), and who made it when it is not the original (null for 1). */
  revision: ColumnType<number, number | undefined, number>
  revised_at: NullableTime
  revised_by: ColumnType<string | null, string | null | undefined, string | null>
  /** The lab wants the next run to execute the whole plan, carrying nothing (migration 0024). */
  full_plan_required: ColumnType<boolean, boolean | undefined, boolean>
}

/** An earlier revision of a record, as it was when the next one replaced it (migration 0024). */
export interface RecordRevisionsTable {
  portfolio_manager_id: string
  revision: number
  devices_to_be_certified: string
  device_number_list: string[]
  base_firmware_version: string
  year_of_manufacturing: string
  is_eng_build_available: string
  created_at: Time
  created_by: string
  status: StoredStatus
  is_certified: CertificationResult
  superseded_at: CreatedAt
}

export interface CatalogueVendorsTable {
  vendor: string
  created_at: CreatedAt
  entry_id: Generated<string>
  /** An organization the lab approved as a manufacturer (its members only see it); null for the programme's. */
  organization_id: Nullable<string>
  /** The Lab manager who approved the organization as a manufacturer. */
  approved_by: Nullable<string>
}

/** The lab's review of an organization's addition (migration 0025, docs/decisions/0034). */
type Nullable<T, In = T> = ColumnType<T | null, In | null | undefined, In | null>
interface ReviewColumns {
  entry_id: Generated<string>
  /** null for the programme's entries and a new name's pairing with a known type (it follows its name). */
  review_state: Nullable<'pending' | 'approved' | 'mapped' | 'declined'>
  reviewed_by: Nullable<string>
  reviewed_at: Nullable<Date, Date | string>
  review_reason: Nullable<string>
  /** The shared entry a mapped addition stands for. */
  mapped_to: Nullable<string>
}

export interface CatalogueDeviceNamesTable extends ReviewColumns {
  vendor: string
  device_name: string
  /** The organization whose member chose 'Add New Device Name', or null for the seeded catalogue. */
  added_by: string | null
  created_at: CreatedAt
}

export interface CatalogueDeviceTypesTable extends ReviewColumns {
  device_name: string
  device_type: string
  added_by: string | null
  created_at: CreatedAt
}

export interface CatalogueProductClassesTable extends ReviewColumns {
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

/** A submit's answer under its Idempotency-Key (migration 0006). */
export interface SubmitAnswersTable {
  account_id: string
  idempotency_key: string
  status: number
  /** Write with JSON.stringify(answer). */
  answer: ColumnType<unknown, string, string>
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

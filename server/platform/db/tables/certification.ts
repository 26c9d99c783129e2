import type { ColumnType, Generated, GeneratedAlways } from 'kysely'
import type { RunKind, TestCaseState } from '@/contract/certification'
import type { LabRole } from '@/contract/lab'
import type { StoredStatus } from '@/contract/run-status'
import type { CertificationResult, CreatedAt, DraftText, NullableTime, TextList } from './columns.ts'

/* Certification: runs and their test cases, the lab's staff and state, certificates and their keys. */

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
  /** The test plan and its version the run executes (migration 0023); a re-run keeps its attempt's. */
  plan_id: string
  plan_version: number
  /** The plan's name for the run's device: 'Wi-Fi Mesh Device / Wi-Fi 6 Mesh', 'Generic device'. */
  plan_name: string
  /** The record's revision the run tests (migration 0024). */
  revision: ColumnType<number, number | undefined, number>
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
  /** What the case checks, and whether a firmware change runs it again, as its plan version said (migration 0023). */
  description: ColumnType<string, string | undefined, string>
  firmware_sensitive: ColumnType<boolean, boolean | undefined, boolean>
  /** A recertification's case not run again: the certificate it passed under (migration 0024). */
  carried_from: ColumnType<string | null, string | null | undefined, string | null>
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

/** A record's assignment to a lab staff member (migration 0027, docs/decisions/0045). */
export interface LabAssignmentsTable {
  portfolio_manager_id: string
  staff_id: string
  assigned_at: CreatedAt
  /** The name of who assigned it. */
  assigned_by: string
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
  /** The record's revision and firmware it covers, and a recertification's source certificate (migration 0024). */
  revision: ColumnType<number, number | undefined, number>
  firmware: ColumnType<string, string | undefined, string>
  source_number: ColumnType<string | null, string | null | undefined, string | null>
}

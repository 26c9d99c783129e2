import type { ColumnType, Generated, GeneratedAlways } from 'kysely'
import type { ApiTokenScope } from '@/contract/api-tokens'
import type { Role } from '@/contract/roles'
import type { ActivityAction } from '@/contract/team'
import type { CreatedAt, NullableTime, Time } from './columns.ts'

/* Accounts, organizations and their members, sessions, codes, limits and API tokens. */

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

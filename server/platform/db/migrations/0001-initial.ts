import { sql, type Kysely, type Migration } from 'kysely'

/*
 * The first schema of the portal. A migration is frozen once released: values that the contract
 * also names (statuses, test-case states, certification results) are spelled out here rather than
 * imported, so that a later change of the contract needs a new migration instead of silently
 * changing this one.
 *
 * Ids are text (UUIDs made by the database) rather than the uuid type: an id that arrives in a
 * request and is not a UUID then simply matches nothing instead of raising a cast error.
 * Times are timestamptz, read back as Date by both drivers.
 */

const statements = [
  // Versioned seeds (server/platform/db/seed.ts): a seed runs again only when its version changes.
  `create table seed_runs (
    name text primary key,
    version text not null,
    applied_at timestamptz not null default now()
  )`,

  // Vendor accounts. email keeps what the vendor typed; email_key is derived by the database so
  // that uniqueness is case-insensitive whoever writes the row. The YES/NO flags of the login
  // answer are not stored: they follow from portfolio_drafts and device_records.
  `create table vendor_accounts (
    id text primary key default gen_random_uuid()::text,
    email text not null check (length(email) between 3 and 254),
    email_key text generated always as (lower(email)) stored,
    first_name text not null,
    last_name text not null,
    organization text not null,
    lob text not null,
    phone_number text not null,
    country_code text not null,
    country text not null,
    state text not null,
    city text not null,
    password_hash text,
    password_changed_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  `create unique index vendor_accounts_email_key_unique on vendor_accounts (email_key)`,

  // 6-digit codes of registration and forgot-password (decision 3): stored hashed, single use.
  `create table one_time_codes (
    id text primary key default gen_random_uuid()::text,
    account_id text not null references vendor_accounts (id) on delete cascade,
    purpose text not null check (purpose in ('create-password', 'reset-password')),
    code_hash text not null,
    expires_at timestamptz not null,
    attempts integer not null default 0 check (attempts >= 0),
    used_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  `create index one_time_codes_account_idx on one_time_codes (account_id, purpose, created_at desc)`,

  // Sessions: the id is the SHA-256 of the cookie's token, so a leaked table grants no session.
  // account_id is null for a visitor's session before login (the Token bootstrap of decision 1).
  `create table sessions (
    id text primary key,
    account_id text references vendor_accounts (id) on delete cascade,
    csrf_token_hash text,
    created_at timestamptz not null default now(),
    last_seen_at timestamptz not null default now(),
    expires_at timestamptz not null
  )`,
  `create index sessions_account_idx on sessions (account_id)`,
  `create index sessions_expires_idx on sessions (expires_at)`,

  // Login failures, kept in the database so that several processes share one rate limit.
  // key is e.g. 'account:<email_key>' or 'address:<ip>'.
  `create table login_attempts (
    id bigint generated always as identity primary key,
    key text not null,
    attempted_at timestamptz not null default now()
  )`,
  `create index login_attempts_key_idx on login_attempts (key, attempted_at desc)`,

  // The portfolio form's draft, one per vendor, in the payload's naming (spec §3). After a
  // submit it keeps the submitted request with is_submitted set, until the next save.
  `create table portfolio_drafts (
    account_id text primary key references vendor_accounts (id) on delete cascade,
    saved_portfolio_manager_id text not null unique default gen_random_uuid()::text,
    organization_name text not null default '',
    description text not null default '',
    business_contact_name text not null default '',
    email_id text not null default '',
    country_code text not null default '',
    phone_number text not null default '',
    best_time_to_reach text not null default '',
    days text not null default '',
    address text not null default '',
    country text not null default '',
    state text not null default '',
    city text not null default '',
    business_domain text not null default '',
    vendor text not null default '',
    device_name text not null default '',
    device_type text not null default '',
    product_class text not null default '',
    devices_to_be_certified text not null default '',
    device_number_list text[] not null default '{}',
    base_firmware_version text not null default '',
    year_of_manufacturing text not null default '',
    is_eng_build_available text not null default '',
    is_submitted boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,

  // Submitted device records: the dashboard's rows (spec §3 and §4).
  `create table device_records (
    portfolio_manager_id text primary key default gen_random_uuid()::text,
    account_id text not null references vendor_accounts (id) on delete cascade,
    organization_name text not null default '',
    vendor text not null,
    device_name text not null,
    device_type text not null,
    product_class text not null,
    base_firmware_version text not null,
    business_domain text not null,
    devices_to_be_certified text not null default '',
    device_number_list text[] not null default '{}',
    year_of_manufacturing text not null default '',
    is_eng_build_available text not null default '',
    creation_time timestamptz not null default now(),
    created_by text not null,
    status text not null default 'Submitted'
      check (status in ('Submitted', 'InProgress', 'Completed', 'Maintenance')),
    is_certified text not null default ''
      check (is_certified in ('', 'CERTIFIED-OK', 'Validation failure'))
  )`,
  `create index device_records_account_idx on device_records (account_id, creation_time desc)`,

  // The device catalogue, shaped like its answer: names per vendor, types per name, classes per
  // type. 'Add New ...' values join it (added_by), so uniqueness ignores case and inserts can
  // say "on conflict do nothing".
  `create table catalogue_vendors (
    vendor text primary key,
    created_at timestamptz not null default now()
  )`,
  `create unique index catalogue_vendors_unique on catalogue_vendors (lower(vendor))`,
  `create table catalogue_device_names (
    vendor text not null references catalogue_vendors (vendor) on update cascade,
    device_name text not null,
    added_by text references vendor_accounts (id) on delete set null,
    created_at timestamptz not null default now(),
    primary key (vendor, device_name)
  )`,
  `create unique index catalogue_device_names_unique on catalogue_device_names (vendor, lower(device_name))`,
  `create table catalogue_device_types (
    device_name text not null,
    device_type text not null,
    added_by text references vendor_accounts (id) on delete set null,
    created_at timestamptz not null default now(),
    primary key (device_name, device_type)
  )`,
  `create unique index catalogue_device_types_unique on catalogue_device_types (lower(device_name), lower(device_type))`,
  `create table catalogue_product_classes (
    device_type text not null,
    product_class text not null,
    added_by text references vendor_accounts (id) on delete set null,
    created_at timestamptz not null default now(),
    primary key (device_type, product_class)
  )`,
  `create unique index catalogue_product_classes_unique on catalogue_product_classes (lower(device_type), lower(product_class))`,

  // Address reference data (decision 9), keyed by the package's ISO codes; the API asks by name.
  `create table countries (
    country_code text primary key,
    name text not null unique,
    calling_code text not null
  )`,
  `create table states (
    country_code text not null references countries (country_code) on delete cascade,
    state_code text not null,
    name text not null,
    primary key (country_code, state_code),
    unique (country_code, name)
  )`,
  `create table cities (
    country_code text not null,
    state_code text not null,
    name text not null,
    primary key (country_code, state_code, name),
    foreign key (country_code, state_code) references states (country_code, state_code) on delete cascade
  )`,

  // Certification runs (decision 7). A record has one active run at most: the partial unique
  // index refuses a second InProgress or Maintenance run, even from a racing second process.
  `create table certification_runs (
    run_id text primary key default gen_random_uuid()::text,
    portfolio_manager_id text not null references device_records (portfolio_manager_id) on delete cascade,
    status text not null default 'InProgress'
      check (status in ('Submitted', 'InProgress', 'Completed', 'Maintenance')),
    is_certified text not null default ''
      check (is_certified in ('', 'CERTIFIED-OK', 'Validation failure')),
    harness text not null,
    failure_reason text,
    started_at timestamptz not null default now(),
    finished_at timestamptz
  )`,
  `create unique index certification_runs_one_active on certification_runs (portfolio_manager_id)
    where status in ('InProgress', 'Maintenance')`,
  `create index certification_runs_record_idx on certification_runs (portfolio_manager_id, started_at desc)`,

  `create table run_test_cases (
    run_id text not null references certification_runs (run_id) on delete cascade,
    position integer not null check (position >= 0),
    name text not null,
    state text not null default 'pending'
      check (state in ('pending', 'running', 'passed', 'failed', 'skipped')),
    started_at timestamptz,
    finished_at timestamptz,
    log text[] not null default '{}',
    primary key (run_id, position)
  )`,

  // Comments on a record (decision 8). author is the name at the time of writing.
  `create table comments (
    comment_id text primary key default gen_random_uuid()::text,
    portfolio_manager_id text not null references device_records (portfolio_manager_id) on delete cascade,
    account_id text not null references vendor_accounts (id) on delete cascade,
    author text not null,
    text text not null check (length(text) between 1 and 500),
    created_at timestamptz not null default now()
  )`,
  `create index comments_record_idx on comments (portfolio_manager_id, created_at)`,

  // The development mailbox (ARCHITECTURE "Mail"): every mail is kept; sent_at is set once an
  // SMTP server took it. attachments is a JSON array of { filename, contentType, content (base64) }.
  `create table mail_outbox (
    id text primary key default gen_random_uuid()::text,
    to_address text not null,
    subject text not null,
    text_body text not null,
    html_body text,
    attachments jsonb,
    created_at timestamptz not null default now(),
    sent_at timestamptz
  )`,
  `create index mail_outbox_created_idx on mail_outbox (created_at desc)`,
]

const tables = [
  'mail_outbox',
  'comments',
  'run_test_cases',
  'certification_runs',
  'cities',
  'states',
  'countries',
  'catalogue_product_classes',
  'catalogue_device_types',
  'catalogue_device_names',
  'catalogue_vendors',
  'device_records',
  'portfolio_drafts',
  'login_attempts',
  'sessions',
  'one_time_codes',
  'vendor_accounts',
  'seed_runs',
]

export const initialMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // One statement per call: PGlite's extended protocol takes a single statement.
    for (const statement of statements) await sql.raw(statement).execute(db)
  },
  async down(db: Kysely<unknown>) {
    for (const table of tables) await sql.raw(`drop table if exists ${table} cascade`).execute(db)
  },
}

import { sql, type Kysely, type Migration } from 'kysely'

/*
 * docs/decisions/0023: organizations own the portfolio; accounts are their members.
 *
 * Every existing account becomes the Owner of an organization of its own whose id is the
 * account's id, named as the account's `organization`. So every account id already stored where
 * the data's owner is meant — device_records, events, the catalogue's additions — is the right
 * organization id, and those columns are renamed (and their foreign keys moved) without rewriting
 * a row. Drafts, one-time codes, rate limits, comments' authors and submit keys stay the person's.
 *
 * organizations.data_version takes over the records' part of vendor_accounts.data_version
 * (migration 0002): a record's change raises its organization's; a draft's still raises its
 * account's.
 */

const CATALOGUE_TABLES = ['catalogue_device_names', 'catalogue_device_types', 'catalogue_product_classes']

const up = [
  `create table organizations (
    id text primary key default gen_random_uuid()::text,
    name text not null,
    created_at timestamptz not null default now(),
    data_version bigint not null default 0
  )`,
  `insert into organizations (id, name, created_at) select id, organization, created_at from vendor_accounts`,
  `create table memberships (
    organization_id text not null references organizations (id) on delete cascade,
    account_id text not null references vendor_accounts (id) on delete cascade,
    role text not null check (role in ('Owner', 'Engineer', 'Viewer')),
    created_at timestamptz not null default now(),
    last_active_at timestamptz,
    primary key (organization_id, account_id)
  )`,
  'create index memberships_account_idx on memberships (account_id)',
  `insert into memberships (organization_id, account_id, role, created_at, last_active_at)
    select id, id, 'Owner', created_at, created_at from vendor_accounts`,

  // The organization a session acts for (null for a visitor's).
  'alter table sessions add column organization_id text references organizations (id) on delete cascade',
  'update sessions set organization_id = account_id where account_id is not null',
  'create index sessions_organization_idx on sessions (organization_id, account_id)',

  // Records belong to the organization; submitted_by is the member who submitted.
  'alter table device_records rename column account_id to organization_id',
  // The records' version trigger follows the column at once: the updates below fire it.
  'drop trigger device_records_data_version on device_records',
  `create function raise_organization_data_version() returns trigger language plpgsql as $$
  begin
    if tg_op = 'DELETE' then
      update organizations set data_version = data_version + 1 where id = old.organization_id;
      return old;
    end if;
    update organizations set data_version = data_version + 1 where id = new.organization_id;
    return new;
  end
  $$`,
  `create trigger device_records_data_version after insert or update or delete on device_records
    for each row execute function raise_organization_data_version()`,
  'alter table device_records drop constraint device_records_account_id_fkey',
  `alter table device_records add constraint device_records_organization_id_fkey
    foreign key (organization_id) references organizations (id) on delete cascade`,
  'alter index device_records_account_idx rename to device_records_organization_idx',
  'alter table device_records add column submitted_by text references vendor_accounts (id) on delete set null',
  'update device_records set submitted_by = organization_id',

  'alter table events rename column account_id to organization_id',
  'alter index events_account_seq_idx rename to events_organization_seq_idx',

  // 'Add New' names are private to the organization that added them.
  ...CATALOGUE_TABLES.flatMap((table) => [
    `alter table ${table} drop constraint ${table}_added_by_fkey`,
    `alter table ${table} add constraint ${table}_added_by_fkey
      foreign key (added_by) references organizations (id) on delete set null`,
  ]),
]

const down = [
  'drop trigger device_records_data_version on device_records',
  `create trigger device_records_data_version after insert or update or delete on device_records
    for each row execute function raise_account_data_version()`,
  'drop function raise_organization_data_version()',
  ...CATALOGUE_TABLES.flatMap((table) => [
    `alter table ${table} drop constraint ${table}_added_by_fkey`,
    `update ${table} set added_by = null where added_by not in (select id from vendor_accounts)`,
    `alter table ${table} add constraint ${table}_added_by_fkey
      foreign key (added_by) references vendor_accounts (id) on delete set null`,
  ]),
  'alter index events_organization_seq_idx rename to events_account_seq_idx',
  'alter table events rename column organization_id to account_id',
  'alter table device_records drop column submitted_by',
  'alter index device_records_organization_idx rename to device_records_account_idx',
  'alter table device_records drop constraint device_records_organization_id_fkey',
  'alter table device_records rename column organization_id to account_id',
  // Records of organizations that are not an account's own cannot go back.
  'delete from device_records where account_id not in (select id from vendor_accounts)',
  `alter table device_records add constraint device_records_account_id_fkey
    foreign key (account_id) references vendor_accounts (id) on delete cascade`,
  'drop index sessions_organization_idx',
  'alter table sessions drop column organization_id',
  'drop table memberships',
  'drop table organizations',
]

export const organizationsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // One statement per call: PGlite's extended protocol takes a single statement.
    for (const statement of up) await sql.raw(statement).execute(db)
  },
  async down(db: Kysely<unknown>) {
    for (const statement of down) await sql.raw(statement).execute(db)
  },
}

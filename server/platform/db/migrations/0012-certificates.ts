import { sql, type Kysely, type Migration } from 'kysely'

/*
 * docs/decisions/0025: issued certificates and the keys that sign them.
 *
 * - certificate_keys: every Ed25519 public key that signs or signed certificates (raw 32 bytes,
 *   base64url). Each process registers its own key at start; a rotated-away key stays, so the
 *   certificates it signed still verify. Private keys never enter the database.
 * - certificates: one per certifying run (run_id unique): its number, the signed text as signed
 *   (payload) with its signature and key, the issue and expiry times, revocation (time, reason,
 *   by whom) and whether the organization publishes it in the directory (off by default).
 *   Directory columns (vendor, device name and type, product class, organization name) are copies
 *   of the payload's, indexed for the directory's search.
 */

const up = [
  `create table certificate_keys (
    key_id text primary key,
    algorithm text not null default 'Ed25519' check (algorithm = 'Ed25519'),
    public_key text not null unique,
    created_at timestamptz not null default now(),
    retired_at timestamptz
  )`,
  `create table certificates (
    number text primary key,
    run_id text not null unique,
    portfolio_manager_id text not null,
    organization_id text not null,
    organization_name text not null,
    vendor text not null,
    device_name text not null,
    device_type text not null,
    product_class text not null,
    payload text not null,
    signature text not null,
    key_id text not null references certificate_keys (key_id),
    issued_at timestamptz not null,
    expires_at timestamptz not null,
    revoked_at timestamptz,
    revoked_reason text,
    revoked_by text,
    published boolean not null default false
  )`,
  'create index certificates_record on certificates (portfolio_manager_id, issued_at desc)',
  'create index certificates_organization on certificates (organization_id, issued_at desc)',
  `create index certificates_directory on certificates (issued_at desc, number)
    where published and revoked_at is null`,
]

const down = ['drop table certificates', 'drop table certificate_keys']

export const certificatesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of up) await sql.raw(statement).execute(db)
  },
  async down(db: Kysely<unknown>) {
    for (const statement of down) await sql.raw(statement).execute(db)
  },
}

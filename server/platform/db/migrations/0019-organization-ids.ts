import { sql, type Kysely, type Migration } from 'kysely'

/*
 * docs/decisions/0023, point 1's note: an organization's id is its own. Migration 0009
 * gave every organization it made the id of the account it was made for, and registration went on
 * doing so; an organization's id is published (a certificate's content, webhook bodies), so it told
 * the founding Owner's account id (vendorUserId). This migration gives every organization whose id
 * is an account's id a fresh random id (a UUID, as every other row's):
 *
 * - organization_id_changes keeps each old id with its new one, for good: links made before keep
 *   working (an unsubscribe link in a mail already sent, a lab queue address filtered by
 *   organization, a tab whose stored login still names the old id and switches to it), through
 *   server/platform/db/organization-ids.ts's currentOrganizationId.
 * - Every column that holds an organization's id follows: each column with a foreign key to
 *   organizations (memberships, invitations, activity_log, sessions — so a session keeps acting
 *   for its organization —, device_records, api_tokens, webhook_endpoints, notification_jobs,
 *   the catalogue's added_by, …, found in the catalogue, so a table added since is not missed) and
 *   each column named organization_id without one (events, certificates). Then the settings
 *   stored under the organization (notification_settings.scope) and its invitation count
 *   (rate_limits' 'invitations:<id>' key).
 * - Webhook deliveries' bodies (JSON written once at insert, signed when sent) name the new id, so
 *   that no retry or redelivery sends the account's id again. The attempts keep no body.
 * - A certificate's signed content is NOT rewritten: its signature covers it, and a certificate
 *   already issued already published the old id. Its organization_id column (whose certificate it
 *   is: publishing, revocation mails) moves; a certificate issued from now on carries the new id.
 *
 * The new organization row is written first, the references moved, and the old row deleted last:
 * no reference ever points at nothing, and the foreign keys stay as they are (no ON UPDATE).
 * One statement per call (PGlite's extended protocol takes one); plain SQL, the same on PGlite and
 * PostgreSQL.
 */

type Direction = { from: 'old_id' | 'new_id'; to: 'old_id' | 'new_id' }

/** Every column of the schema in use that holds an organization's id, by foreign key or by name. */
async function organizationColumns(db: Kysely<unknown>) {
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select c.conrelid::regclass::text as table_name, quote_ident(a.attname) as column_name
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
     where c.contype = 'f' and c.confrelid = 'organizations'::regclass and cardinality(c.conkey) = 1
    union
    select quote_ident(table_name), quote_ident(column_name)
      from information_schema.columns
     where table_schema = current_schema() and column_name = 'organization_id'
       and table_name <> 'organization_id_changes'
     order by 1, 2`.execute(db)
  return rows
}

async function moveOrganizations(db: Kysely<unknown>, { from, to }: Direction) {
  const run = (statement: string) => sql.raw(statement).execute(db)
  await run(`insert into organizations (id, name, created_at, data_version)
    select c.${to}, o.name, o.created_at, o.data_version
      from organizations o join organization_id_changes c on c.${from} = o.id`)
  for (const { table_name: table, column_name: column } of await organizationColumns(db)) {
    await run(`update ${table} set ${column} = c.${to}
      from organization_id_changes c where ${table}.${column} = c.${from}`)
  }
  await run(`update notification_settings set scope = c.${to}
    from organization_id_changes c where notification_settings.scope = c.${from}`)
  await run(`update rate_limits set key = 'invitations:' || c.${to}
    from organization_id_changes c where rate_limits.key = 'invitations:' || c.${from}`)
  await run(`update webhook_deliveries
    set body = replace(body, '"organizationId":' || to_json(c.${from})::text, '"organizationId":' || to_json(c.${to})::text)
    from organization_id_changes c, webhook_endpoints e
    where e.id = webhook_deliveries.endpoint_id and e.organization_id = c.${to}`)
  await run(`delete from organizations where id in (select ${from} from organization_id_changes)`)
}

export const organizationIdsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table organization_id_changes (
      old_id text primary key,
      new_id text not null unique,
      changed_at timestamptz not null default now()
    )`.execute(db)
    await sql`insert into organization_id_changes (old_id, new_id)
      select o.id, gen_random_uuid()::text from organizations o
       where exists (select 1 from vendor_accounts a where a.id = o.id)`.execute(db)
    await moveOrganizations(db, { from: 'old_id', to: 'new_id' })
  },
  async down(db: Kysely<unknown>) {
    await moveOrganizations(db, { from: 'new_id', to: 'old_id' })
    await sql`drop table organization_id_changes`.execute(db)
  },
}

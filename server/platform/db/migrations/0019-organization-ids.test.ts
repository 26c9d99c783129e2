import { randomBytes } from 'node:crypto'
import { Kysely, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { labQueue } from '../../../lab/queue.ts'
import { applyUnsubscribe, currentClaim, readSettings } from '../../../notifications/settings.ts'
import { currentOrganizationId } from '../organization-ids.ts'
import { PgliteDialect } from '../pglite-dialect.ts'
import type { Database } from '../schema.ts'
import { testMigrator } from '../migration-test-database.ts'
import { dropSchema, openEmptyPGlite } from '../test-database.ts'

/*
 * Migration 0019 over a database whose organizations have their founding account's id,
 * as migration 0009 and registration made them: each gets a fresh id, every row that names it
 * follows, nothing is left pointing at the old id, a signed certificate stays as signed, and the
 * links made before (an unsubscribe link, a lab queue filter) still find the organization.
 */

let db: Kysely<Database>
// PGlite in memory, or (npm run test:pg) a schema of its own on that PostgreSQL.
const databaseUrl = process.env.DATABASE_URL
const schema = databaseUrl ? `test_${randomBytes(6).toString('hex')}` : undefined

const migrator = () => testMigrator(db, schema)

function openDatabase() {
  if (!databaseUrl || !schema)
    return new Kysely<Database>({ dialect: new PgliteDialect({ pglite: openEmptyPGlite }) })
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2, options: `-c search_path=${schema}` })
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
}

const CERTIFICATE_PAYLOAD =
  '{"number":"DCP-AAAA-BBBB-CCCC","organization":{"id":"acc-1","name":"Rao Devices"}}'
const WEBHOOK_BODY = (organizationId: string) =>
  `{"id":"evt_1","type":"ping","createdAt":"2026-03-01T00:00:00.000Z","organizationId":"${organizationId}","data":{"endpointId":"whe_1","message":"acc-1"}}`

const ACCOUNT = `insert into vendor_accounts (id, email, first_name, last_name, organization, lob, phone_number,
   country_code, country, state, city) values`

const SEED = [
  `${ACCOUNT} ('acc-1', 'asha@example.com', 'Asha', 'Rao', 'Rao Devices', 'Wireline', '9876543210', '+91', 'India', 'Karnataka', 'Bengaluru'),
     ('acc-2', 'ravi@example.com', 'Ravi', 'Iyer', 'Iyer Labs', 'Wireless', '9876543211', '+91', 'India', 'Karnataka', 'Mysuru')`,
  // Two organizations as migration 0009 made them (the account's id), one registered with its own.
  `insert into organizations (id, name, data_version) values ('acc-1', 'Rao Devices', 7), ('acc-2', 'Iyer Labs', 3),
     ('org-own', 'Own Id Networks', 1)`,
  `insert into memberships (organization_id, account_id, role) values ('acc-1', 'acc-1', 'Owner'),
     ('acc-1', 'acc-2', 'Engineer'), ('acc-2', 'acc-2', 'Owner'), ('org-own', 'acc-2', 'Viewer')`,
  `insert into sessions (id, account_id, organization_id, csrf_token_hash, expires_at)
     values ('session-1', 'acc-1', 'acc-1', null, now() + interval '5 minutes'),
       ('session-2', 'acc-2', 'org-own', null, now() + interval '5 minutes'),
       ('visitor-1', null, null, null, now() + interval '5 minutes')`,
  `insert into invitations (organization_id, email, email_key, role, token_hash, invited_by, expires_at)
     values ('acc-1', 'new@example.com', 'new@example.com', 'Viewer', 'hash-1', 'acc-1', now() + interval '7 days')`,
  `insert into activity_log (organization_id, actor_account_id, actor_name, action, subject)
     values ('acc-1', 'acc-1', 'Asha Rao', 'invitation.sent', 'new@example.com')`,
  `insert into device_records (portfolio_manager_id, organization_id, submitted_by, vendor, device_name, device_type,
       product_class, base_firmware_version, business_domain, created_by)
     values ('rec-1', 'acc-1', 'acc-1', 'Nokia', 'Beacon 6', 'Wi-Fi Mesh Device', 'Wi-Fi 6 Mesh', '1.0', 'Wireline', 'Asha Rao'),
       ('rec-2', 'org-own', 'acc-2', 'Nokia', 'Beacon 10', 'Wi-Fi Mesh Device', 'Wi-Fi 6 Mesh', '1.0', 'Wireless', 'Ravi Iyer')`,
  `insert into events (organization_id, type, portfolio_manager_id, data) values ('acc-1', 'record.submitted', 'rec-1', '{}'::jsonb)`,
  `insert into catalogue_vendors (vendor) values ('Nokia')`,
  `insert into catalogue_device_names (vendor, device_name, added_by) values ('Nokia', 'Beacon 99', 'acc-2')`,
  `insert into certificate_keys (key_id, public_key) values ('key-1', 'public-key-1')`,
  `insert into certificates (number, run_id, portfolio_manager_id, organization_id, organization_name, vendor,
       device_name, device_type, product_class, payload, signature, key_id, issued_at, expires_at)
     values ('DCP-AAAA-BBBB-CCCC', 'run-1', 'rec-1', 'acc-1', 'Rao Devices', 'Nokia', 'Beacon 6',
       'Wi-Fi Mesh Device', 'Wi-Fi 6 Mesh', '${CERTIFICATE_PAYLOAD}', 'signature-1', 'key-1', now(), now() + interval '3 years')`,
  `insert into notification_settings (account_id, scope, kind, enabled)
     values ('acc-2', 'acc-1', 'commentReceived', false), ('acc-2', '', 'invitation', false)`,
  `insert into notification_jobs (dedupe_key, kind, topic, account_id, organization_id, to_address, subject,
       text_body, html_body, headers)
     values ('runFinished:run-1:acc-1', 'runFinished', 'run-1', 'acc-1', 'acc-1', 'asha@example.com', 'Done', 't', 'h', '{}')`,
  `insert into api_tokens (organization_id, account_id, name, scope, token_hash, hint)
     values ('acc-1', 'acc-2', 'Pipeline', 'read', 'token-hash-1', 'abcd')`,
  `insert into webhook_endpoints (id, organization_id, url, events, secret_encrypted, secret_hint, created_by)
     values ('whe_1', 'acc-1', 'https://hooks.example.com/in', array['ping'], 'secret', 'wxyz', 'acc-1')`,
  `insert into webhook_deliveries (id, endpoint_id, event_id, type, body, status)
     values ('whd_1', 'whe_1', 'evt_1', 'ping', '${WEBHOOK_BODY('acc-1')}', 'succeeded'),
       ('whd_2', 'whe_1', 'evt_2', 'ping', '${WEBHOOK_BODY('acc-1')}', 'pending')`,
  `insert into rate_limits (key, count) values ('invitations:acc-1', 4), ('login-address:acc-1', 2)`,
]

/** [table, column] of every place that holds an organization's id. */
const REFERENCES = [
  ['memberships', 'organization_id'],
  ['sessions', 'organization_id'],
  ['invitations', 'organization_id'],
  ['activity_log', 'organization_id'],
  ['device_records', 'organization_id'],
  ['events', 'organization_id'],
  ['catalogue_device_names', 'added_by'],
  ['certificates', 'organization_id'],
  ['notification_jobs', 'organization_id'],
  ['api_tokens', 'organization_id'],
  ['webhook_endpoints', 'organization_id'],
] as const

let ids: Record<string, string>

beforeAll(async () => {
  db = openDatabase()
  if (schema) await sql.raw(`create schema ${schema}`).execute(db)
  const before = await migrator().migrateTo('0017-lab-notifications')
  if (before.error) throw before.error
  for (const statement of SEED) await sql.raw(statement).execute(db)
  const after = await migrator().migrateToLatest()
  if (after.error) throw after.error
  const changes = await db.selectFrom('organization_id_changes').select(['old_id', 'new_id']).execute()
  ids = Object.fromEntries(changes.map((change) => [change.old_id, change.new_id]))
}, 60_000)

afterAll(async () => {
  await db?.destroy()
  if (databaseUrl && schema) await dropSchema(databaseUrl, schema)
})

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

describe('migration 0019 over organizations named by their founding account', () => {
  it('gives each a fresh random id, keeps its name and version, and leaves an id of its own as it was', async () => {
    expect(Object.keys(ids).sort()).toEqual(['acc-1', 'acc-2'])
    expect(ids['acc-1']).toMatch(UUID)
    expect(ids['acc-2']).toMatch(UUID)
    expect(ids['acc-1']).not.toBe(ids['acc-2'])
    const organizations = await db
      .selectFrom('organizations')
      .select(['id', 'name', 'data_version'])
      .orderBy('name')
      .execute()
    expect(organizations.map((row) => ({ ...row, data_version: Number(row.data_version) }))).toEqual([
      { id: ids['acc-2'], name: 'Iyer Labs', data_version: 3 },
      // 1 and 7, and one more each for the record seeded: an id of its own is not touched...
      { id: 'org-own', name: 'Own Id Networks', data_version: 2 },
      // ...and a moved one's record raises its version once more (answers cached under it go).
      { id: ids['acc-1'], name: 'Rao Devices', data_version: 9 },
    ])
  })

  it('moves every row that names an organization, and leaves none pointing at nothing', async () => {
    for (const [table, column] of REFERENCES) {
      const { rows } = await sql<{ value: string }>`
        select ${sql.ref(column)} as value from ${sql.table(table)}
         where ${sql.ref(column)} is not null
           and ${sql.ref(column)} not in (select id from organizations)`.execute(db)
      expect(rows, `${table}.${column}`).toEqual([])
    }
    expect(
      await db
        .selectFrom('memberships')
        .select(['organization_id', 'account_id', 'role'])
        .orderBy('role')
        .orderBy('account_id')
        .execute(),
    ).toEqual([
      { organization_id: ids['acc-1'], account_id: 'acc-2', role: 'Engineer' },
      { organization_id: ids['acc-1'], account_id: 'acc-1', role: 'Owner' },
      { organization_id: ids['acc-2'], account_id: 'acc-2', role: 'Owner' },
      { organization_id: 'org-own', account_id: 'acc-2', role: 'Viewer' },
    ])
    // A session acting for the organization still does (the tab stays logged in, for the same one).
    expect(await db.selectFrom('sessions').select(['id', 'organization_id']).orderBy('id').execute()).toEqual(
      [
        { id: 'session-1', organization_id: ids['acc-1'] },
        { id: 'session-2', organization_id: 'org-own' },
        { id: 'visitor-1', organization_id: null },
      ],
    )
    const single = async (table: (typeof REFERENCES)[number][0], column: string) =>
      (await sql<{ value: string }>`select ${sql.ref(column)} as value from ${sql.table(table)}`.execute(db))
        .rows
    for (const table of ['invitations', 'activity_log', 'events', 'notification_jobs', 'api_tokens'] as const)
      expect(await single(table, 'organization_id'), table).toEqual([{ value: ids['acc-1'] }])
    expect(await single('catalogue_device_names', 'added_by')).toEqual([{ value: ids['acc-2'] }])
    expect(
      await db
        .selectFrom('device_records')
        .select(['portfolio_manager_id', 'organization_id', 'submitted_by'])
        .orderBy('portfolio_manager_id')
        .execute(),
    ).toEqual([
      { portfolio_manager_id: 'rec-1', organization_id: ids['acc-1'], submitted_by: 'acc-1' },
      { portfolio_manager_id: 'rec-2', organization_id: 'org-own', submitted_by: 'acc-2' },
    ])
  })

  it('moves the settings and counts kept under the organization, and nothing else', async () => {
    expect(
      await db
        .selectFrom('notification_settings')
        .select(['account_id', 'scope', 'kind'])
        .orderBy('kind')
        .execute(),
    ).toEqual([
      { account_id: 'acc-2', scope: ids['acc-1'], kind: 'commentReceived' },
      { account_id: 'acc-2', scope: '', kind: 'invitation' },
    ])
    expect(await db.selectFrom('rate_limits').select(['key', 'count']).orderBy('key').execute()).toEqual([
      { key: `invitations:${ids['acc-1']}`, count: 4 },
      { key: 'login-address:acc-1', count: 2 },
    ])
  })

  it('keeps a signed certificate as signed, and gives it to the organization under its new id', async () => {
    expect(
      await db
        .selectFrom('certificates')
        .select(['organization_id', 'payload', 'signature'])
        .executeTakeFirstOrThrow(),
    ).toEqual({ organization_id: ids['acc-1'], payload: CERTIFICATE_PAYLOAD, signature: 'signature-1' })
  })

  it('names the new id in every stored webhook body, so that no retry or redelivery sends the old one', async () => {
    expect(await db.selectFrom('webhook_deliveries').select(['id', 'body']).orderBy('id').execute()).toEqual([
      { id: 'whd_1', body: WEBHOOK_BODY(ids['acc-1']!) },
      { id: 'whd_2', body: WEBHOOK_BODY(ids['acc-1']!) },
    ])
  })

  it('keeps the links made before working: an unsubscribe link and a lab queue filter of the old id', async () => {
    expect(await currentOrganizationId(db, 'acc-1')).toBe(ids['acc-1'])
    expect(await currentOrganizationId(db, 'org-own')).toBe('org-own')
    const claim = await currentClaim(db, {
      subject: { type: 'account', accountId: 'acc-1', organizationId: 'acc-1' },
      scope: 'runFinished',
    })
    await applyUnsubscribe(db, claim)
    const settings = await readSettings(db, 'acc-1', ids['acc-1']!)
    expect(settings.settings.find((setting) => setting.kind === 'runFinished')).toEqual({
      kind: 'runFinished',
      enabled: false,
    })
    const queue = await labQueue(db, { organizationId: 'acc-1' })
    expect(queue.items.map((item) => [item.portfolioManagerId, item.organizationId])).toEqual([
      ['rec-1', ids['acc-1']],
    ])
  })

  it('goes back down to the old ids', async () => {
    const down = await migrator().migrateTo('0017-lab-notifications')
    if (down.error) throw down.error
    expect(await db.selectFrom('organizations').select('id').orderBy('id').execute()).toEqual([
      { id: 'acc-1' },
      { id: 'acc-2' },
      { id: 'org-own' },
    ])
    expect(
      await db.selectFrom('sessions').select('organization_id').where('id', '=', 'session-1').execute(),
    ).toEqual([{ organization_id: 'acc-1' }])
    const up = await migrator().migrateToLatest()
    if (up.error) throw up.error
  })
})

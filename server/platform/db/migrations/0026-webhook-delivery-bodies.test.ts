import { type Kysely, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../schema.ts'
import { openMigrationTestDatabase } from '../migration-test-database.ts'

/*
 * Migration 0026 over an endpoint with a delivery and an attempt made before it: the endpoint has
 * no description (''), the attempt is not recorded and has no request or response; down takes the
 * columns away again and leaves the rows.
 */

let db: Kysely<Database>
let opened: Awaited<ReturnType<typeof openMigrationTestDatabase>>
const migrator = () => opened.migrator()

const SEED = [
  `insert into organizations (id, name) values ('org-1', 'MeshWave Networks')`,
  `insert into webhook_endpoints (id, organization_id, url, events, secret_encrypted, secret_hint)
     values ('whe_1', 'org-1', 'https://ci.example.com/hook', '{run.finished}', 'sealed', 'whsec_…abcd')`,
  `insert into webhook_deliveries (id, endpoint_id, event_id, type, body, status)
     values ('whd_1', 'whe_1', 'evt_1', 'run.finished', '{}', 'succeeded')`,
  `insert into webhook_attempts (delivery_id, attempt, started_at, duration_ms, response_code, error, process_id)
     values ('whd_1', 1, now(), 40, 200, null, 'wh-1')`,
]

beforeAll(async () => {
  opened = await openMigrationTestDatabase()
  db = opened.db
  const first = await migrator().migrateTo('0025-catalogue-review')
  if (first.error) throw first.error
  for (const statement of SEED) await sql.raw(statement).execute(db)
  const after = await migrator().migrateTo('0026-webhook-delivery-bodies')
  if (after.error) throw after.error
}, 60_000)

afterAll(async () => {
  await opened?.close()
})

describe('migration 0026 over an endpoint with an earlier attempt', () => {
  it('gives the endpoint an empty description and the attempt no recorded request or response', async () => {
    const endpoint = await db.selectFrom('webhook_endpoints').select('description').executeTakeFirstOrThrow()
    expect(endpoint).toEqual({ description: '' })
    const attempt = await db
      .selectFrom('webhook_attempts')
      .select(['recorded', 'request_headers', 'request_body', 'response_body', 'response_truncated'])
      .executeTakeFirstOrThrow()
    expect(attempt).toEqual({
      recorded: false,
      request_headers: null,
      request_body: null,
      response_body: null,
      response_truncated: false,
    })
  })

  it('goes down without losing the rows', async () => {
    const down = await migrator().migrateTo('0025-catalogue-review')
    if (down.error) throw down.error
    const columns = await sql<{ column_name: string }>`select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = 'webhook_attempts' and column_name = 'recorded'`.execute(
      db,
    )
    expect(columns.rows).toEqual([])
    const rows = await sql<{ id: string }>`select id from webhook_deliveries`.execute(db)
    expect(rows.rows).toEqual([{ id: 'whd_1' }])
  })
})

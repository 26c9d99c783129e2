import { type Kysely, sql } from 'kysely'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { certificateContentSchema } from '@/contract/certificates'
import type { Database } from '../schema.ts'
import { openMigrationTestDatabase } from '../migration-test-database.ts'

/*
 * Migration 0023 over a database holding records, runs (a certified full run, a failed one and
 * its re-run) and a certificate, as the portal made them while test plans were code: each run
 * names version 1 of its device type's plan (the generic one for a type no plan names) and the
 * plan's name as its device reads it, each case gets its description, and the certificate stays
 * exactly as signed, still read by the contract. Then migration 0024 (docs/decisions/0033) over
 * the same data: every record becomes revision 1 of itself, with its runs and certificate.
 */

let db: Kysely<Database>
let opened: Awaited<ReturnType<typeof openMigrationTestDatabase>>
const migrator = () => opened.migrator()

const OLD_PAYLOAD = JSON.stringify({
  number: 'DCP-AAAA-BBBB-CCCC',
  organization: { id: 'org-1', name: 'Rao Devices' },
  device: {
    vendor: 'Nokia',
    name: 'Beacon 6',
    type: ' wi-fi mesh device',
    productClass: 'Wi-Fi 6 Mesh',
    firmware: '1.2.3',
    serialNumbers: ['SN001'],
  },
  testPlan: { name: 'Wi-Fi Mesh Device / Wi-Fi 6 Mesh', version: '2026.1', cases: ['Boot and provisioning'] },
  attempts: [
    {
      attempt: 1,
      kind: 'full',
      outcome: 'CERTIFIED-OK',
      startedAt: '2026-03-01T10:00:00.000Z',
      finishedAt: '2026-03-01T10:05:00.000Z',
    },
  ],
  runId: 'run-1',
  issuedAt: '2026-03-01T10:05:00.000Z',
  expiresAt: '2029-03-01T10:05:00.000Z',
  keyId: 'key-1',
  issuer: 'Device Certification Portal',
})

const SEED = [
  `insert into vendor_accounts (id, email, first_name, last_name, organization, lob, phone_number, country_code, country, state, city)
     values ('acc-1', 'asha@example.com', 'Asha', 'Rao', 'Rao Devices', 'Wireline', '9876543210', '+91', 'India', 'Karnataka', 'Bengaluru')`,
  `insert into organizations (id, name) values ('org-1', 'Rao Devices')`,
  `insert into memberships (organization_id, account_id, role) values ('org-1', 'acc-1', 'Owner')`,
  // The type as a vendor may have typed it: spaces and case aside it is the mesh type.
  `insert into device_records (portfolio_manager_id, organization_id, submitted_by, vendor, device_name, device_type,
       product_class, base_firmware_version, business_domain, created_by, status, is_certified)
     values ('rec-mesh', 'org-1', 'acc-1', 'Nokia', 'Beacon 6', ' wi-fi mesh device', 'Wi-Fi 6 Mesh', '1.2.3', 'Wireline', 'Asha Rao', 'Completed', 'CERTIFIED-OK'),
       ('rec-onu', 'org-1', 'acc-1', 'Nokia', 'G-010G-Q', 'ONU', 'Brand New Class', '0.9', 'Wireline', 'Asha Rao', 'Completed', 'Validation failure'),
       ('rec-plug', 'org-1', 'acc-1', 'Acme', 'Plug 1', 'Smart Plug', 'Zigbee', '1.0', 'Wireline', 'Asha Rao', 'Submitted', '')`,
  `insert into certification_runs (run_id, portfolio_manager_id, status, is_certified, harness, attempt, kind, started_by, finished_at)
     values ('run-1', 'rec-mesh', 'Completed', 'CERTIFIED-OK', 'simulated-lab', 1, 'full', 'Asha Rao', now()),
       ('run-2', 'rec-onu', 'Completed', 'Validation failure', 'simulated-lab', 1, 'full', 'Asha Rao', now()),
       ('run-3', 'rec-onu', 'Completed', 'Validation failure', 'simulated-lab', 2, 'rerun', 'Asha Rao', now())`,
  `insert into run_test_cases (run_id, position, name, state) values
     ('run-1', 0, 'Boot and provisioning', 'passed'), ('run-1', 12, 'Band steering', 'passed'),
     ('run-2', 0, 'Optical power levels (Rx sensitivity, Tx power)', 'passed'), ('run-2', 3, 'Ethernet UNI throughput', 'failed'),
     ('run-3', 3, 'Ethernet UNI throughput', 'failed'), ('run-3', 9, 'A case no plan knows', 'failed')`,
  `insert into certificate_keys (key_id, public_key) values ('key-1', 'public-key-1')`,
  `insert into certificates (number, run_id, portfolio_manager_id, organization_id, organization_name, vendor,
       device_name, device_type, product_class, payload, signature, key_id, issued_at, expires_at)
     values ('DCP-AAAA-BBBB-CCCC', 'run-1', 'rec-mesh', 'org-1', 'Rao Devices', 'Nokia', 'Beacon 6',
       'Wi-Fi Mesh Device', 'Wi-Fi 6 Mesh', '${OLD_PAYLOAD}', 'signature-1', 'key-1', now(), now() + interval '3 years')`,
]

beforeAll(async () => {
  opened = await openMigrationTestDatabase()
  db = opened.db
  const before = await migrator().migrateTo('0022-notification-record')
  if (before.error) throw before.error
  for (const statement of SEED) await sql.raw(statement).execute(db)
  const after = await migrator().migrateToLatest()
  if (after.error) throw after.error
}, 60_000)

afterAll(async () => {
  await opened?.close()
})

describe('migration 0023 over runs made while test plans were code', () => {
  it('makes every plan version 1, published by the programme', async () => {
    const versions = await db
      .selectFrom('test_plan_versions')
      .select(['plan_id', 'version', 'state', 'published_by'])
      .orderBy('plan_id')
      .execute()
    expect(versions.map((row) => row.plan_id)).toEqual([
      'generic',
      'olt',
      'ont',
      'onu',
      'set-top-box',
      'wi-fi-extender',
      'wi-fi-mesh-device',
      'wi-fi-router',
    ])
    expect(new Set(versions.map((row) => `${row.version} ${row.state} ${row.published_by}`))).toEqual(
      new Set(['1 published Certification programme']),
    )
  })

  it('names on each run version 1 of its plan, and the plan as its device reads it', async () => {
    const runs = await db
      .selectFrom('certification_runs')
      .select(['run_id', 'plan_id', 'plan_version', 'plan_name'])
      .orderBy('run_id')
      .execute()
    expect(runs).toEqual([
      {
        run_id: 'run-1',
        plan_id: 'wi-fi-mesh-device',
        plan_version: 1,
        plan_name: 'Wi-Fi Mesh Device / Wi-Fi 6 Mesh',
      },
      // A class the plan does not know: the type's name alone.
      { run_id: 'run-2', plan_id: 'onu', plan_version: 1, plan_name: 'ONU' },
      { run_id: 'run-3', plan_id: 'onu', plan_version: 1, plan_name: 'ONU' },
    ])
  })

  it('gives each case its description and firmware sensitivity, and a case no plan knows none', async () => {
    const cases = await db
      .selectFrom('run_test_cases')
      .select(['run_id', 'name', 'description', 'firmware_sensitive'])
      .orderBy('run_id')
      .orderBy('position')
      .execute()
    expect(cases).toEqual([
      {
        run_id: 'run-1',
        name: 'Boot and provisioning',
        description:
          'Cold boot to service within the programme’s time limit, and zero-touch provisioning of the operator’s settings.',
        firmware_sensitive: true,
      },
      {
        run_id: 'run-1',
        name: 'Band steering',
        description: 'Dual-band clients are moved to the better band and never left on a congested one.',
        firmware_sensitive: true,
      },
      {
        run_id: 'run-2',
        name: 'Optical power levels (Rx sensitivity, Tx power)',
        description: 'Receive sensitivity and transmit power measured against the PON class’s limits.',
        firmware_sensitive: false,
      },
      {
        run_id: 'run-2',
        name: 'Ethernet UNI throughput',
        description: 'Line-rate throughput on each Ethernet user port in both directions.',
        firmware_sensitive: false,
      },
      {
        run_id: 'run-3',
        name: 'Ethernet UNI throughput',
        description: 'Line-rate throughput on each Ethernet user port in both directions.',
        firmware_sensitive: false,
      },
      { run_id: 'run-3', name: 'A case no plan knows', description: '', firmware_sensitive: true },
    ])
  })

  it('leaves the certificate exactly as signed, still read by the contract', async () => {
    const certificate = await db
      .selectFrom('certificates')
      .select(['payload', 'signature'])
      .executeTakeFirstOrThrow()
    expect(certificate).toEqual({ payload: OLD_PAYLOAD, signature: 'signature-1' })
    const content = v.parse(certificateContentSchema, JSON.parse(certificate.payload))
    expect(content.testPlan).toEqual({
      name: 'Wi-Fi Mesh Device / Wi-Fi 6 Mesh',
      version: '2026.1',
      cases: ['Boot and provisioning'],
    })
  })

  it('undoes itself', async () => {
    // Down to before 0023 (later migrations go down with it).
    const down = await migrator().migrateTo('0022-notification-record')
    expect(down.error).toBeUndefined()
    const columns = await sql<{ column_name: string }>`select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = 'certification_runs' and column_name like 'plan%'`.execute(
      db,
    )
    expect(columns.rows).toEqual([])
    const up = await migrator().migrateToLatest()
    expect(up.error).toBeUndefined()
  })
})

describe('migration 0024 over the same data: every record is revision 1 of itself', () => {
  it('puts every record, run and certificate in revision 1, the certificate naming the firmware it signed', async () => {
    const records = await db
      .selectFrom('device_records')
      .select(['portfolio_manager_id', 'revision', 'revised_at', 'revised_by', 'full_plan_required'])
      .orderBy('portfolio_manager_id')
      .execute()
    expect(records).toEqual(
      ['rec-mesh', 'rec-onu', 'rec-plug'].map((id) => ({
        portfolio_manager_id: id,
        revision: 1,
        revised_at: null,
        revised_by: null,
        full_plan_required: false,
      })),
    )
    expect(await db.selectFrom('record_revisions').selectAll().execute()).toEqual([])
    const runs = await db.selectFrom('certification_runs').select('revision').distinct().execute()
    expect(runs).toEqual([{ revision: 1 }])
    const cases = await db.selectFrom('run_test_cases').select('carried_from').distinct().execute()
    expect(cases).toEqual([{ carried_from: null }])
    const certificate = await db
      .selectFrom('certificates')
      .select(['revision', 'firmware', 'source_number', 'payload'])
      .executeTakeFirstOrThrow()
    expect(certificate).toEqual({ revision: 1, firmware: '1.2.3', source_number: null, payload: OLD_PAYLOAD })
  })

  it('undoes itself', async () => {
    const down = await migrator().migrateTo('0023-test-plans')
    expect(down.error).toBeUndefined()
    const columns = await sql<{ column_name: string }>`select column_name from information_schema.columns
      where table_schema = current_schema() and table_name in ('device_records', 'certificates') and column_name in ('revision', 'firmware')`.execute(
      db,
    )
    expect(columns.rows).toEqual([])
    const up = await migrator().migrateToLatest()
    expect(up.error).toBeUndefined()
  })
})

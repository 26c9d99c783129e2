import { sql, type Kysely, type Migration } from 'kysely'
import { TEST_PLANS_V1 } from './0023-test-plans-v1.ts'

/*
 * Test plans become the programme's data (docs/decisions/0032): a plan per device type and the
 * generic plan, each with versions; version 1 is the plans the code held until now
 * (0023-test-plans-v1.ts). At most one draft per plan. A run records the plan and version it used
 * (every run so far ran version 1 of its device type's plan, or of the generic one), and each of
 * the plan's name as its device reads it; each of its cases keeps the description and firmware sensitivity it had in that version.
 */

const SEEDED_BY = 'Certification programme'

const up = [
  `create table test_plans (
    plan_id text primary key,
    name text not null unique,
    device_type text,
    product_classes jsonb not null default '[]',
    created_at timestamptz not null default now()
  )`,
  // One plan per device type (as the catalogue matches types: case and spaces aside), one generic.
  'create unique index test_plans_device_type on test_plans (lower(device_type)) where device_type is not null',
  'create unique index test_plans_one_generic on test_plans ((device_type is null)) where device_type is null',
  `create table test_plan_versions (
    plan_id text not null references test_plans (plan_id),
    version integer not null check (version >= 1),
    state text not null check (state in ('draft', 'published')),
    cases jsonb not null,
    created_at timestamptz not null default now(),
    created_by text not null,
    published_at timestamptz,
    published_by text,
    primary key (plan_id, version)
  )`,
  `create unique index test_plan_versions_one_draft on test_plan_versions (plan_id) where state = 'draft'`,
]

const runColumns = [
  'alter table certification_runs add column plan_id text references test_plans (plan_id)',
  'alter table certification_runs add column plan_version integer',
  `update certification_runs r set plan_version = 1, plan_id = coalesce(
     (select p.plan_id from test_plans p join device_records d on lower(p.device_type) = lower(trim(d.device_type))
      where d.portfolio_manager_id = r.portfolio_manager_id),
     (select plan_id from test_plans where device_type is null))`,
  // The plan's name as the run's device reads it: 'Wi-Fi Mesh Device / Wi-Fi 6 Mesh' when the plan knows its class.
  'alter table certification_runs add column plan_name text',
  `update certification_runs r set plan_name = coalesce(
     (select p.name || ' / ' || c.class from test_plans p, device_records d,
        lateral jsonb_array_elements_text(p.product_classes) c(class)
      where p.plan_id = r.plan_id and d.portfolio_manager_id = r.portfolio_manager_id
        and lower(c.class) = lower(trim(d.product_class)) limit 1),
     (select p.name from test_plans p where p.plan_id = r.plan_id))`,
  'alter table certification_runs alter column plan_name set not null',
  'alter table certification_runs alter column plan_id set not null',
  'alter table certification_runs alter column plan_version set not null',
  `alter table run_test_cases add column description text not null default ''`,
  'alter table run_test_cases add column firmware_sensitive boolean not null default true',
  `update run_test_cases c set description = v.description, firmware_sensitive = v.sensitive
     from (select r.run_id, item ->> 'name' as name, item ->> 'description' as description,
             (item ->> 'firmwareSensitive')::boolean as sensitive
           from certification_runs r
           join test_plan_versions pv on pv.plan_id = r.plan_id and pv.version = r.plan_version,
           jsonb_array_elements(pv.cases) item) v
     where v.run_id = c.run_id and v.name = c.name`,
]

export const testPlansMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of up) await sql.raw(statement).execute(db)
    for (const plan of TEST_PLANS_V1) {
      await sql`insert into test_plans (plan_id, name, device_type, product_classes)
        values (${plan.planId}, ${plan.name}, ${plan.deviceType}, ${JSON.stringify(plan.productClasses)})`.execute(
        db,
      )
      await sql`insert into test_plan_versions (plan_id, version, state, cases, created_by, published_at, published_by)
        values (${plan.planId}, 1, 'published', ${JSON.stringify(plan.cases)}, ${SEEDED_BY}, now(), ${SEEDED_BY})`.execute(
        db,
      )
    }
    for (const statement of runColumns) await sql.raw(statement).execute(db)
  },
  async down(db: Kysely<unknown>) {
    for (const statement of [
      'alter table run_test_cases drop column firmware_sensitive',
      'alter table run_test_cases drop column description',
      'alter table certification_runs drop column plan_name',
      'alter table certification_runs drop column plan_version',
      'alter table certification_runs drop column plan_id',
      'drop table test_plan_versions',
      'drop table test_plans',
    ])
      await sql.raw(statement).execute(db)
  },
}

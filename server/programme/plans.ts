import type { Kysely, Transaction } from 'kysely'
import { casesForClass, type PlanCase, type PlanSummary, type PlanVersion } from '@/contract/test-plans'
import type { Database } from '../platform/db/schema.ts'

/*
 * The test plans as the programme's data (docs/decisions/0032): which plan a device gets, the cases
 * of a version for its product class, and the plans as the lab console lists them. A device type
 * matches a plan's as the catalogue matches names (case and surrounding spaces aside); a type no
 * plan names gets the generic plan, so every record can be certified.
 */

type Db = Kysely<Database> | Transaction<Database>

/** A plan version as one device runs it. */
export type DevicePlan = {
  planId: string
  /** 'Wi-Fi Mesh Device / Wi-Fi 6 Mesh' when the plan knows the class, else the plan's name. */
  name: string
  version: number
  /** The version's cases the device's product class runs, in the plan's order. */
  cases: PlanCase[]
}

/** The plan's name as a device of `productClass` reads it. */
export function planNameFor(
  plan: { name: string; product_classes: readonly string[] },
  productClass: string,
) {
  const wanted = productClass.trim().toLowerCase()
  const known = plan.product_classes.find((name) => name.toLowerCase() === wanted)
  return known ? `${plan.name} / ${known}` : plan.name
}

/** The plan a device of this type belongs to: its type's, else the generic one. */
async function planOf(db: Db, deviceType: string) {
  const plans = await db
    .selectFrom('test_plans')
    .select(['plan_id', 'name', 'device_type', 'product_classes'])
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['device_type']), '=', deviceType.trim().toLowerCase()),
        eb('device_type', 'is', null),
      ]),
    )
    .execute()
  const plan = plans.find((candidate) => candidate.device_type !== null) ?? plans[0]
  if (!plan) throw new Error('No generic test plan: the database lacks migration 0023.')
  return plan
}

/** The newest published version of the plan a device of this type and class gets now. */
export async function currentPlanFor(db: Db, deviceType: string, productClass: string): Promise<DevicePlan> {
  const plan = await planOf(db, deviceType)
  const version = await db
    .selectFrom('test_plan_versions')
    .select(['version', 'cases'])
    .where('plan_id', '=', plan.plan_id)
    .where('state', '=', 'published')
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow()
  return {
    planId: plan.plan_id,
    name: planNameFor(plan, productClass),
    version: version.version,
    cases: casesForClass(version.cases, productClass),
  }
}

/** The cases of one plan version that a device of `productClass` runs (a run's, a certificate's). */
export async function planVersionCases(db: Db, planId: string, version: number, productClass: string) {
  const row = await db
    .selectFrom('test_plan_versions')
    .select('cases')
    .where('plan_id', '=', planId)
    .where('version', '=', version)
    .executeTakeFirstOrThrow()
  return casesForClass(row.cases, productClass)
}

type PlanRow = { plan_id: string; name: string; device_type: string | null; product_classes: string[] }
type VersionRow = {
  plan_id: string
  version: number
  state: 'draft' | 'published'
  cases: PlanCase[]
  created_at: Date
  created_by: string
  published_at: Date | null
  published_by: string | null
}

function summary(plan: PlanRow, versions: readonly VersionRow[]): PlanSummary {
  const current = versions.find((version) => version.state === 'published')
  if (!current) throw new Error(`Test plan ${plan.plan_id} has no published version.`)
  return {
    planId: plan.plan_id,
    name: plan.name,
    deviceType: plan.device_type,
    productClasses: plan.product_classes,
    currentVersion: current.version,
    caseCount: current.cases.length,
    publishedAt: (current.published_at ?? current.created_at).toISOString(),
    hasDraft: versions.some((version) => version.state === 'draft'),
  }
}

const versionColumns = [
  'plan_id',
  'version',
  'state',
  'cases',
  'created_at',
  'created_by',
  'published_at',
  'published_by',
] as const

/** Every plan with its current version, the type-specific ones by name and the generic one last. */
export async function planSummaries(db: Db): Promise<PlanSummary[]> {
  const plans = await db.selectFrom('test_plans').selectAll().orderBy('name').execute()
  const versions = await db
    .selectFrom('test_plan_versions')
    .select(versionColumns)
    .orderBy('version', 'desc')
    .execute()
  return plans
    .sort((a, b) => Number(a.device_type === null) - Number(b.device_type === null))
    .map((plan) =>
      summary(
        plan,
        versions.filter((version) => version.plan_id === plan.plan_id),
      ),
    )
}

/** One plan: its summary and its versions, the draft first, then the newest first; undefined if none. */
export async function planWithVersions(db: Db, planId: string) {
  const plan = await db.selectFrom('test_plans').selectAll().where('plan_id', '=', planId).executeTakeFirst()
  if (!plan) return undefined
  const rows = await db
    .selectFrom('test_plan_versions')
    .select(versionColumns)
    .where('plan_id', '=', planId)
    .orderBy('version', 'desc')
    .execute()
  const runs = await db
    .selectFrom('certification_runs')
    .select(['plan_version', (eb) => eb.fn.countAll<number>().as('runs')])
    .where('plan_id', '=', planId)
    .groupBy('plan_version')
    .execute()
  const runCount = new Map(runs.map((row) => [row.plan_version, Number(row.runs)]))
  const versions: PlanVersion[] = rows.map((row) => ({
    version: row.version,
    state: row.state,
    cases: row.cases,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by,
    publishedAt: row.published_at?.toISOString() ?? null,
    publishedBy: row.published_by,
    runCount: runCount.get(row.version) ?? 0,
  }))
  return { plan: summary(plan, rows), versions, row: plan }
}

import { sql, type Kysely } from 'kysely'
import {
  normalisePlanCases,
  PLAN_DEVICES_SHOWN,
  planDraftProblem,
  type PlanCase,
  type PlanCaseInput,
} from '@/contract/test-plans'
import type { Database } from '../platform/db/schema.ts'
import { planWithVersions } from './plans.ts'

/*
 * A Lab manager's changes to a plan: one draft per plan (the next version's number), saved as
 * often as they like, discarded, or published — after which runs started from then on use it and
 * runs already started keep theirs (a run names its version). Each change is one transaction that
 * locks the plan's row, so two managers saving or publishing at once do not make two versions.
 */

type Trx = Kysely<Database>

export type DraftRefusal = {
  refused: 'not-found' | 'invalid' | 'no-draft' | 'nothing-to-discard' | 'unchanged'
  message?: string
}

async function lockedPlan(trx: Trx, planId: string) {
  return trx.selectFrom('test_plans').selectAll().where('plan_id', '=', planId).forUpdate().executeTakeFirst()
}

async function versionsOf(trx: Trx, planId: string) {
  return trx
    .selectFrom('test_plan_versions')
    .select(['version', 'state', 'cases'])
    .where('plan_id', '=', planId)
    .orderBy('version', 'desc')
    .execute()
}

/** Saves the draft of the plan's next version (made on the first save); a refusal names the problem. */
export function saveDraft(
  db: Kysely<Database>,
  input: { planId: string; cases: readonly PlanCaseInput[]; by: string },
): Promise<DraftRefusal | { saved: true }> {
  return db.transaction().execute(async (trx) => {
    const plan = await lockedPlan(trx, input.planId)
    if (!plan) return { refused: 'not-found' } as const
    const problem = planDraftProblem(input.cases, plan.product_classes)
    if (problem) return { refused: 'invalid', message: problem } as const
    const cases = JSON.stringify(normalisePlanCases(input.cases, plan.product_classes))
    const versions = await versionsOf(trx, plan.plan_id)
    const draft = versions.find((version) => version.state === 'draft')
    if (draft) {
      await trx
        .updateTable('test_plan_versions')
        .set({ cases, created_by: input.by, created_at: sql<Date>`now()` })
        .where('plan_id', '=', plan.plan_id)
        .where('version', '=', draft.version)
        .execute()
    } else {
      await trx
        .insertInto('test_plan_versions')
        .values({
          plan_id: plan.plan_id,
          version: (versions[0]?.version ?? 0) + 1,
          state: 'draft',
          cases,
          created_by: input.by,
        })
        .execute()
    }
    return { saved: true } as const
  })
}

export function discardDraft(
  db: Kysely<Database>,
  planId: string,
): Promise<DraftRefusal | { discarded: true }> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockedPlan(trx, planId))) return { refused: 'not-found' } as const
    const deleted = await trx
      .deleteFrom('test_plan_versions')
      .where('plan_id', '=', planId)
      .where('state', '=', 'draft')
      .executeTakeFirst()
    return deleted.numDeletedRows > 0n
      ? ({ discarded: true } as const)
      : ({ refused: 'nothing-to-discard' } as const)
  })
}

const sameCases = (a: readonly PlanCase[], b: readonly PlanCase[]) => JSON.stringify(a) === JSON.stringify(b)

/** Publishes the plan's draft as its next version: the answer names the version. */
export function publishDraft(
  db: Kysely<Database>,
  input: { planId: string; by: string },
): Promise<DraftRefusal | { published: number; name: string }> {
  return db.transaction().execute(async (trx) => {
    const plan = await lockedPlan(trx, input.planId)
    if (!plan) return { refused: 'not-found' } as const
    const versions = await versionsOf(trx, plan.plan_id)
    const draft = versions.find((version) => version.state === 'draft')
    if (!draft) return { refused: 'no-draft' } as const
    const current = versions.find((version) => version.state === 'published')
    if (current && sameCases(current.cases, draft.cases)) return { refused: 'unchanged' } as const
    await trx
      .updateTable('test_plan_versions')
      .set({ state: 'published', published_at: sql<Date>`now()`, published_by: input.by })
      .where('plan_id', '=', plan.plan_id)
      .where('version', '=', draft.version)
      .execute()
    return { published: draft.version, name: plan.name }
  })
}

/**
 * The devices a plan applies to: the records of its device type (for the generic plan, of every
 * type no plan names), counted with their organizations, the first PLAN_DEVICES_SHOWN by name.
 */
export async function planDevices(
  db: Kysely<Database>,
  plan: { plan_id: string; device_type: string | null },
) {
  let query = db.selectFrom('device_records')
  query =
    plan.device_type === null
      ? query.where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('test_plans')
                .select('plan_id')
                .where('device_type', 'is not', null)
                .whereRef(
                  sql`lower(test_plans.device_type)`,
                  '=',
                  sql`lower(trim(device_records.device_type))`,
                ),
            ),
          ),
        )
      : query.where(sql`lower(trim(device_type))`, '=', plan.device_type.toLowerCase())
  const counts = await query
    .select([
      (eb) => eb.fn.countAll<number>().as('records'),
      sql<number>`count(distinct organization_id)`.as('organizations'),
    ])
    .executeTakeFirstOrThrow()
  const devices = await query
    .select(['portfolio_manager_id', 'device_name', 'vendor', 'product_class', 'organization_name'])
    .orderBy('device_name')
    .orderBy('portfolio_manager_id')
    .limit(PLAN_DEVICES_SHOWN)
    .execute()
  return {
    records: Number(counts.records),
    organizations: Number(counts.organizations),
    devices: devices.map((device) => ({
      portfolioManagerId: device.portfolio_manager_id,
      deviceName: device.device_name,
      vendor: device.vendor,
      productClass: device.product_class,
      organizationName: device.organization_name,
    })),
  }
}

/** The plan page's answer: the plan, its versions and the devices it applies to; undefined if none. */
export async function planPage(db: Kysely<Database>, planId: string) {
  const found = await planWithVersions(db, planId)
  if (!found) return undefined
  return { plan: found.plan, versions: found.versions, appliesTo: await planDevices(db, found.row) }
}

import { sql } from 'kysely'
import { carriedCaseNote } from '@/contract/revisions'
import type { Trx } from './lifecycle-guard.ts'

/*
 * Recertification (docs/decisions/0033): a full run of revision N of a device an earlier revision
 * of which holds a valid certificate runs the plan's firmware-sensitive cases only; every other
 * case of the plan that the source certificate names is carried from it — written passed, with
 * the certificate's number (carried_from) and a note in its log — unless the lab required the
 * full plan for the record's next run.
 */

export type CaseToRun = {
  position: number
  name: string
  description: string
  firmwareSensitive: boolean
  /** The source certificate's number for a carried case (written passed, not run). */
  carriedFrom?: string
  log?: string[]
}

type SourceCertificate = { number: string; firmware: string; cases: string[] }

/** The newest valid certificate of an earlier revision of the record, with the cases it names. */
async function sourceCertificate(
  trx: Trx,
  portfolioManagerId: string,
  revision: number,
): Promise<SourceCertificate | undefined> {
  const row = await trx
    .selectFrom('certificates')
    .select(['number', 'firmware', 'payload'])
    .where('portfolio_manager_id', '=', portfolioManagerId)
    .where('revision', '<', revision)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('revision', 'desc')
    .orderBy('issued_at', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (!row) return undefined
  const content = JSON.parse(row.payload) as { testPlan?: { cases?: unknown } }
  const cases = Array.isArray(content.testPlan?.cases) ? content.testPlan.cases.map(String) : []
  return { number: row.number, firmware: row.firmware, cases }
}

/**
 * A full run's cases for the record's current revision: the plan's, with those a recertification
 * carries marked so. The plan's cases unchanged when nothing can be carried.
 */
export async function withCarriedCases(
  trx: Trx,
  record: { portfolio_manager_id: string; revision: number; full_plan_required: boolean },
  cases: CaseToRun[],
): Promise<CaseToRun[]> {
  if (record.revision === 1 || record.full_plan_required) return cases
  const source = await sourceCertificate(trx, record.portfolio_manager_id, record.revision)
  if (!source) return cases
  const passed = new Set(source.cases.map((name) => name.toLowerCase()))
  return cases.map((item) =>
    !item.firmwareSensitive && passed.has(item.name.toLowerCase())
      ? { ...item, carriedFrom: source.number, log: [carriedCaseNote(source.number, source.firmware)] }
      : item,
  )
}

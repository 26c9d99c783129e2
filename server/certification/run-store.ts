import { certificateState } from '../certificates/index.ts'
import type { Kysely, Transaction } from 'kysely'
import type { CertificationRun } from '@/contract/certification'
import { progressOfCases, type RunProgress } from '@/contract/events'
import { CERTIFIED_OK } from '@/contract/records'
import { ACTIVE_STATUSES } from '@/contract/run-status'
import type { CertificationRunRow, Database, RunTestCaseRow } from '../platform/db/schema.ts'
import { ALL_ORGANIZATIONS, LAB_HELLO_RUNS } from '../events/index.ts'
import { vendorMaintenance } from './lab-state.ts'
import { certificationRunResult } from './results.ts'

/*
 * The reads of runs: their progress and the fields their events carry, whole runs with their
 * cases for the run list, results and the live streams, and the record's result over attempts
 * (docs/decisions/0021): a re-run runs only the cases the latest attempt did not pass, so the
 * record is certified when every case of the plan passed in the latest attempt that ran it,
 * counted over the Completed attempts since the last full run. Every write of a run is
 * lifecycle.ts's.
 */

type Db = Kysely<Database> | Transaction<Database>

/** What names a run in its events: its record, the organization that owns it and its attempt number. */
export type RunRef = {
  runId: string
  portfolioManagerId: string
  organizationId: string
  attempt: number
}

/** Where a run stands, over its own cases. */
export async function runProgress(db: Db, runId: string): Promise<RunProgress> {
  const rows = await db
    .selectFrom('run_test_cases')
    .select(['name', 'state'])
    .where('run_id', '=', runId)
    .orderBy('position')
    .execute()
  return progressOfCases(rows)
}

/** The fields every run event carries: which run, its progress and its record's state now. */
export async function runEventBase(trx: Db, ref: RunRef) {
  const record = await trx
    .selectFrom('device_records')
    .select(['status', 'is_certified'])
    .where('portfolio_manager_id', '=', ref.portfolioManagerId)
    .executeTakeFirstOrThrow()
  return {
    portfolioManagerId: ref.portfolioManagerId,
    runId: ref.runId,
    attempt: ref.attempt,
    progress: await runProgress(trx, ref.runId),
    record: { status: record.status, isCertified: record.is_certified },
  }
}

/** The run as the run list shows it, with its cases, read in `trx`. */
export async function runNow(trx: Db, runId: string) {
  const run = await trx
    .selectFrom('certification_runs')
    .selectAll()
    .where('run_id', '=', runId)
    .executeTakeFirstOrThrow()
  const cases = await trx
    .selectFrom('run_test_cases')
    .selectAll()
    .where('run_id', '=', runId)
    .orderBy('position')
    .execute()
  return certificationRunResult(run, cases)
}

/**
 * The latest outcome of every case of the plan, up to attempt `upTo` of the record: the Completed
 * attempts since the last full run (and the run `including`, while it ends), each case as the
 * newest of them that ran it left it. `certified` when every case of the plan passed there.
 */
export async function planOutcome(
  db: Db,
  portfolioManagerId: string,
  upTo: number,
  including?: string,
): Promise<{ certified: boolean; cases: RunTestCaseRow[]; attempts: number[] }> {
  const runs = await db
    .selectFrom('certification_runs')
    .select(['run_id', 'attempt', 'kind', 'status'])
    .where('portfolio_manager_id', '=', portfolioManagerId)
    .where('attempt', '<=', upTo)
    .orderBy('attempt', 'desc')
    .execute()
  const chain: typeof runs = []
  for (const run of runs) {
    if (run.run_id !== including && run.status !== 'Completed') continue
    chain.unshift(run)
    if (run.kind === 'full') break
  }
  if (chain.length === 0) return { certified: false, cases: [], attempts: [] }
  const rows = await db
    .selectFrom('run_test_cases')
    .selectAll()
    .where(
      'run_id',
      'in',
      chain.map((run) => run.run_id),
    )
    .execute()
  const latest = new Map<string, RunTestCaseRow>()
  for (const run of chain) {
    for (const row of rows.filter((candidate) => candidate.run_id === run.run_id)) latest.set(row.name, row)
  }
  const cases = [...latest.values()].sort((a, b) => a.position - b.position)
  return {
    certified: cases.length > 0 && cases.every((row) => row.state === 'passed'),
    cases,
    attempts: chain.map((run) => run.attempt),
  }
}

/** How runs and the activity log name a lab staff member who acted on a vendor's behalf. */
export const labActorName = (name: string) => `${name} (lab)`

/** The account holder's name (first and last), as runs show who started or cancelled them. */
export async function accountName(db: Db, accountId: string) {
  const account = await db
    .selectFrom('vendor_accounts')
    .select(['first_name', 'last_name'])
    .where('id', '=', accountId)
    .executeTakeFirst()
  return account ? `${account.first_name} ${account.last_name}`.trim() : ''
}

export type AttemptRows = { run: CertificationRunRow; testCases: RunTestCaseRow[] }

/** A record's attempts up to attempt `upTo` (every one without it), oldest first, with their cases. */
export async function recordAttempts(
  db: Db,
  portfolioManagerId: string,
  upTo?: number,
): Promise<AttemptRows[]> {
  let query = db
    .selectFrom('certification_runs')
    .selectAll()
    .where('portfolio_manager_id', '=', portfolioManagerId)
  if (upTo !== undefined) query = query.where('attempt', '<=', upTo)
  return withTestCases(db, await query.orderBy('attempt').execute())
}

/**
 * Runs with their cases in plan order, in the runs' order: one query for the cases of all of them,
 * however many runs (the run list, the attempts, the live stream's hello).
 */
export async function withTestCases(
  db: Kysely<Database> | Transaction<Database>,
  runs: readonly CertificationRunRow[],
): Promise<AttemptRows[]> {
  if (runs.length === 0) return []
  const cases = await db
    .selectFrom('run_test_cases')
    .selectAll()
    .where(
      'run_id',
      'in',
      runs.map((run) => run.run_id),
    )
    .orderBy('run_id')
    .orderBy('position')
    .execute()
  const casesOf = new Map<string, RunTestCaseRow[]>()
  for (const testCase of cases) {
    const list = casesOf.get(testCase.run_id) ?? []
    list.push(testCase)
    casesOf.set(testCase.run_id, list)
  }
  return runs.map((run) => ({ run, testCases: casesOf.get(run.run_id) ?? [] }))
}

/** A run with its record, cases and the record's attempts up to it, for results and the report. */
export async function loadRun(db: Kysely<Database>, runId: string) {
  const run = await db
    .selectFrom('certification_runs')
    .selectAll()
    .where('run_id', '=', runId)
    .executeTakeFirst()
  if (!run) return undefined
  const record = await db
    .selectFrom('device_records')
    .selectAll()
    .where('portfolio_manager_id', '=', run.portfolio_manager_id)
    .executeTakeFirst()
  if (!record) return undefined
  // The device as the run's revision had it, and that revision's attempts (docs/decisions/0033).
  const earlier =
    run.revision === record.revision
      ? undefined
      : await db
          .selectFrom('record_revisions')
          .select([
            'revision',
            'base_firmware_version',
            'device_number_list',
            'devices_to_be_certified',
            'year_of_manufacturing',
            'is_eng_build_available',
          ])
          .where('portfolio_manager_id', '=', run.portfolio_manager_id)
          .where('revision', '=', run.revision)
          .executeTakeFirst()
  const attempts = (await recordAttempts(db, run.portfolio_manager_id, run.attempt)).filter(
    (attempt) => attempt.run.revision === run.revision,
  )
  const testCases = attempts.find((attempt) => attempt.run.run_id === runId)?.testCases ?? []
  return { record: { ...record, ...earlier }, run, testCases, attempts }
}

/** The record's latest attempt that certified it (Completed, CERTIFIED-OK), or undefined. */
export function latestCertifiedRun(db: Kysely<Database>, portfolioManagerId: string) {
  return db
    .selectFrom('certification_runs')
    .selectAll()
    .where('portfolio_manager_id', '=', portfolioManagerId)
    .where('status', '=', 'Completed')
    .where('is_certified', '=', CERTIFIED_OK)
    .orderBy('attempt', 'desc')
    .executeTakeFirst()
}

/** A record's runs, newest first, with their cases, as the run list answers them. */
export async function recordRuns(db: Kysely<Database> | Transaction<Database>, portfolioManagerId: string) {
  const runs = await db
    .selectFrom('certification_runs')
    .selectAll()
    .where('portfolio_manager_id', '=', portfolioManagerId)
    .orderBy('attempt', 'desc')
    .execute()
  const results = (await withTestCases(db, runs)).map(({ run, testCases }) =>
    certificationRunResult(run, testCases),
  )
  // The certificate of a run that certified the record, with its state now.
  const certified = results.filter((run) => run.isCertified === CERTIFIED_OK).map((run) => run.runId)
  if (certified.length > 0) {
    const certificates = await db
      .selectFrom('certificates')
      .select(['run_id', 'number', 'expires_at', 'revoked_at', 'published'])
      .where('run_id', 'in', certified)
      .execute()
    for (const certificate of certificates) {
      const run = results.find((candidate) => candidate.runId === certificate.run_id)
      if (run)
        run.certificate = {
          number: certificate.number,
          state: certificateState(certificate),
          published: certificate.published,
        }
    }
  }
  return results
}

/** The record's runs as the run lists show them: one waiting in maintenance says why and until when, as the lab set it. */
export async function recordRunList(db: Kysely<Database>, portfolioManagerId: string) {
  const runs = await recordRuns(db, portfolioManagerId)
  if (runs.some((run) => run.status === 'Maintenance')) {
    const maintenance = await vendorMaintenance(db)
    for (const run of runs) if (run.status === 'Maintenance') run.maintenance = maintenance
  }
  return runs
}

/**
 * The active runs (InProgress, Maintenance) an event stream's hello lists, oldest first, with
 * their cases and log lines, read in the hello's snapshot `trx` (server/events/store.ts
 * helloSnapshot): of one organization, or of every one for the lab's stream (ALL_ORGANIZATIONS,
 * at most LAB_HELLO_RUNS, each naming its organization as its events do). Two queries, however
 * many runs.
 */
export async function helloActiveRuns(trx: Db, organizationId: string): Promise<CertificationRun[]> {
  const all = organizationId === ALL_ORGANIZATIONS
  let query = trx
    .selectFrom('certification_runs as r')
    .innerJoin('device_records as d', 'd.portfolio_manager_id', 'r.portfolio_manager_id')
    .selectAll('r')
    .select('d.organization_id')
    .where('r.status', 'in', ACTIVE_STATUSES)
    .orderBy('r.started_at')
    .orderBy('r.run_id')
  query = all ? query.limit(LAB_HELLO_RUNS) : query.where('d.organization_id', '=', organizationId)
  const runs = await query.execute()
  return (await withTestCases(trx, runs)).map(({ run, testCases }) => ({
    ...certificationRunResult(run, testCases),
    ...(all ? { organizationId: (run as (typeof runs)[number]).organization_id } : {}),
  }))
}

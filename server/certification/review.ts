import type { Kysely } from 'kysely'
import { CERTIFIED_OK, VALIDATION_FAILURE } from '@/contract/records'
import type { IssueOptions } from './issue-certificate.ts'
import type { Database } from '../platform/db/schema.ts'
import { appendEvent } from '../events/index.ts'
import { logActivity, recordSubject } from '../organizations/index.ts'
import { certify, lockRun, type Trx } from './lifecycle-guard.ts'
import { planOutcome, type RunRef, runEventBase, runNow } from './run-store.ts'

/*
 * The lab's review of a finished run (docs/decisions/0024): a lab engineer approves it (Certified,
 * its certificate) or rejects it with a reason (Validation failure), and with a rejection may
 * require the record's next run to execute the whole plan (docs/decisions/0033).
 */

export type ReviewInput = {
  runId: string
  decision: 'approve' | 'reject'
  /** Trimmed; '' when none (a rejection needs one: its route says so first). */
  reason: string
  reviewer: string
  certificates: IssueOptions | null
  /** With a rejection: the record's next run carries no case (docs/decisions/0033). */
  requireFullPlan?: boolean
}
export type ReviewResult = { ok: true } | { ok: false; reason: 'not-found' | 'not-awaiting' | 'has-failures' }

/** decideReview in a transaction of its own: of two decisions at once, exactly one stands. */
export function reviewRun(db: Kysely<Database>, input: ReviewInput): Promise<ReviewResult> {
  return db.transaction().execute((trx) => decideReview(trx, input))
}

/**
 * A lab engineer decides on a run AwaitingReview (docs/decisions/0024): approve → Completed +
 * CERTIFIED-OK and its certificate, allowed only when every case of the plan passed; reject →
 * Completed + Validation failure. The decision, the reviewer and the time go on the run, the
 * vendor's activity log records it as the lab's, and run.finished tells their tabs.
 */
export async function decideReview(trx: Trx, input: ReviewInput): Promise<ReviewResult> {
  const { runId, decision, reason, reviewer } = input
  const found = await trx
    .selectFrom('certification_runs as r')
    .innerJoin('device_records as d', 'd.portfolio_manager_id', 'r.portfolio_manager_id')
    .select(['r.portfolio_manager_id', 'd.organization_id'])
    .where('r.run_id', '=', runId)
    .executeTakeFirst()
  if (!found) return { ok: false, reason: 'not-found' }
  const portfolioManagerId = found.portfolio_manager_id
  const locked = await lockRun(trx, { runId, portfolioManagerId }, 'reviewDecided', { withRecord: true })
  if (!locked.ok) return { ok: false, reason: locked.reason === 'not-found' ? 'not-found' : 'not-awaiting' }
  const { attempt } = locked.run
  const { certified } = await planOutcome(trx, portfolioManagerId, attempt, runId)
  if (decision === 'approve' && !certified) return { ok: false, reason: 'has-failures' }
  const isCertified = decision === 'approve' ? CERTIFIED_OK : VALIDATION_FAILURE
  const now = new Date()
  await trx
    .updateTable('certification_runs')
    .set({
      status: 'Completed',
      is_certified: isCertified,
      review_state: decision === 'approve' ? 'approved' : 'rejected',
      reviewed_by: reviewer,
      reviewed_at: now,
      review_reason: reason === '' ? null : reason,
    })
    .where('run_id', '=', runId)
    .execute()
  await trx
    .updateTable('device_records')
    .set({
      status: 'Completed',
      is_certified: isCertified,
      ...(decision === 'reject' && input.requireFullPlan ? { full_plan_required: true } : {}),
    })
    .where('portfolio_manager_id', '=', portfolioManagerId)
    .execute()
  // An approved run's certificate, in the same transaction as the decision.
  if (decision === 'approve') await certify(trx, runId, input.certificates)
  const record = await trx
    .selectFrom('device_records')
    .select(['device_name', 'vendor'])
    .where('portfolio_manager_id', '=', portfolioManagerId)
    .executeTakeFirstOrThrow()
  await logActivity(trx, {
    organizationId: found.organization_id,
    actorAccountId: null,
    actorName: reviewer,
    actorKind: 'lab',
    action: decision === 'approve' ? 'run.approved' : 'run.rejected',
    subject: recordSubject(record),
  })
  const ref: RunRef = { runId, portfolioManagerId, organizationId: found.organization_id, attempt }
  const finished = await runNow(trx, runId)
  await appendEvent(trx, found.organization_id, {
    ...(await runEventBase(trx, ref)),
    type: 'run.finished',
    status: 'Completed',
    isCertified,
    failureReason: null,
    finishedAt: finished.finishedAt ?? now.toISOString(),
    run: finished,
  })
  return { ok: true }
}

import type { Transaction } from 'kysely'
import { ACTIVE_STATUSES, AWAITING_REVIEW_STATUS, type StoredStatus } from '@/contract/run-status'
import { issueCertificate, type IssueOptions } from './issue-certificate.ts'
import type { CertificationRunRow, Database } from '../platform/db/schema.ts'
import type { RunRef } from './run-store.ts'

/*
 * What every transition of lifecycle.ts checks first, and the one place a certificate is issued.
 *
 * A transition locks the rows it changes — the record's row first when it changes the record, then
 * the run's row, then (appendEvent) the events lock: one order, so two writers never wait for each
 * other in a circle — and goes on only when the run's status allows it (TRANSITIONS) and, for the
 * executor's writes, the run is still that executor's (lease_owner). So a cancel, a finish, a
 * review and a take-over never both end a run: whichever commits first wins and the other is
 * refused and writes nothing.
 */

export type Trx = Transaction<Database>

/** The run statuses each transition of a run may start from. */
const TRANSITIONS = {
  statusChanged: ACTIVE_STATUSES,
  caseStarted: ACTIVE_STATUSES,
  caseFinished: ACTIVE_STATUSES,
  finish: ACTIVE_STATUSES,
  interrupt: ACTIVE_STATUSES,
  resume: ACTIVE_STATUSES,
  cancel: ACTIVE_STATUSES,
  reviewDecided: [AWAITING_REVIEW_STATUS],
} as const satisfies Record<string, readonly StoredStatus[]>
type RunTransition = keyof typeof TRANSITIONS

/**
 * A transition that did not happen, and why: the run is gone, its status does not allow it (it
 * ended, or was cancelled, meanwhile), or another executor took it over.
 */
type RunRefusal =
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'not-allowed'; from: StoredStatus }
  | { ok: false; reason: 'not-owner' }
export type Moved = { ok: true } | RunRefusal
export const MOVED: Moved = { ok: true }

function allows(transition: RunTransition, status: StoredStatus): boolean {
  return (TRANSITIONS[transition] as readonly StoredStatus[]).includes(status)
}

/**
 * Locks the run (the record's row first when `withRecord`) and checks that `transition` may happen
 * now: the run's row, or why not.
 */
export async function lockRun(
  trx: Trx,
  ref: Pick<RunRef, 'runId' | 'portfolioManagerId'>,
  transition: RunTransition,
  { owner, withRecord }: { owner?: string; withRecord: boolean },
): Promise<{ ok: true; run: CertificationRunRow } | RunRefusal> {
  if (withRecord) {
    await trx
      .selectFrom('device_records')
      .select('portfolio_manager_id')
      .where('portfolio_manager_id', '=', ref.portfolioManagerId)
      .forUpdate()
      .execute()
  }
  const run = await trx
    .selectFrom('certification_runs')
    .selectAll()
    .where('run_id', '=', ref.runId)
    .forUpdate()
    .executeTakeFirst()
  if (!run) return { ok: false, reason: 'not-found' }
  if (!allows(transition, run.status)) return { ok: false, reason: 'not-allowed', from: run.status }
  if (owner !== undefined && run.lease_owner !== owner) return { ok: false, reason: 'not-owner' }
  return { ok: true, run }
}

/**
 * The certificate of a run that certified its record (server/certificates/issue.ts), in `trx`:
 * at the run's end, at a lab engineer's approval, or later for a run that certified its record
 * before certificates were issued. Nothing without a signer.
 */
export async function certify(trx: Trx, runId: string, certificates: IssueOptions | null) {
  if (!certificates) return null
  return issueCertificate(trx, runId, certificates)
}

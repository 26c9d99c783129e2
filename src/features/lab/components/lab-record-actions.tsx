import * as React from 'react'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Field, FieldLabel } from '@/components/ui/field'
import type { CertificationRun } from '@/contract/certification'
import {
  type LabRecordAnswer,
  REVIEW_APPROVE_FAILED_MESSAGE,
  REVIEW_REASON_MAX_LENGTH,
  REVIEW_REASON_REQUIRED_MESSAGE,
  REQUIRE_FULL_PLAN_LABEL,
} from '@/contract/lab'
import { answerOrNull, showToast } from '@/lib/api-failure'
import { type LabRunAction, useLabReview, useLabRunAction } from '@/features/lab/api/lab-api'
import { WrittenField } from '@/features/lab/components/written-field'
import { hasFailedCases, recordActions, runAwaitingReview } from '@/features/lab/model/lab-view'

const ACTION_LABELS: Record<LabRunAction, string> = {
  labStartRun: 'Start certification',
  labRerunFailed: 'Re-run failed cases',
  labCancelRun: 'Cancel run',
}

/** What the lab may do with the record now: start, re-run the failed cases, cancel (asked first), review. */
export function RecordActions({ answer }: { answer: LabRecordAnswer }) {
  const { record, queueState, runs } = answer
  const actions = recordActions(queueState, record, runs[0])
  const runAction = useLabRunAction()
  const [confirmCancel, setConfirmCancel] = React.useState(false)
  const confirmRef = React.useRef<HTMLButtonElement>(null)
  const pendingRun = runAwaitingReview(runs)

  React.useEffect(() => {
    if (confirmCancel) confirmRef.current?.focus()
  }, [confirmCancel])

  const act = async (action: LabRunAction) => {
    const result = await answerOrNull(
      runAction.mutateAsync({ action, portfolioManagerId: record.portfolioManagerId }),
    )
    setConfirmCancel(false)
    if (result) void showToast('success', result.message)
  }

  return (
    <section aria-label="Actions" className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        {actions.start ? (
          <Button
            size="sm"
            loading={runAction.isPending && runAction.variables?.action === 'labStartRun'}
            onClick={() => void act('labStartRun')}
          >
            {ACTION_LABELS.labStartRun}
          </Button>
        ) : null}
        {actions.rerun ? (
          <Button
            size="sm"
            variant="secondary"
            loading={runAction.isPending && runAction.variables?.action === 'labRerunFailed'}
            onClick={() => void act('labRerunFailed')}
          >
            {ACTION_LABELS.labRerunFailed}
          </Button>
        ) : null}
        {actions.cancel && !confirmCancel ? (
          <Button size="sm" variant="outline" onClick={() => setConfirmCancel(true)}>
            {ACTION_LABELS.labCancelRun}
          </Button>
        ) : null}
      </div>
      {confirmCancel ? (
        <div
          role="group"
          aria-label="Cancel this run?"
          className="flex flex-col gap-2 rounded-control border border-line p-3 text-small sm:flex-row sm:items-center"
        >
          <p className="flex-1 text-ink">Cancel this run? The vendor sees it cancelled by the lab.</p>
          <div className="flex gap-2">
            <Button size="sm" variant="outline" onClick={() => setConfirmCancel(false)}>
              Keep running
            </Button>
            <Button
              ref={confirmRef}
              size="sm"
              variant="destructive"
              loading={runAction.isPending}
              onClick={() => void act('labCancelRun')}
            >
              Cancel run
            </Button>
          </div>
        </div>
      ) : null}
      {actions.review && pendingRun ? <ReviewPanel run={pendingRun} /> : null}
    </section>
  )
}

/** Approve (Certified) or reject with a reason (Validation Failure) the run awaiting review. */
function ReviewPanel({ run }: { run: CertificationRun }) {
  const review = useLabReview()
  const [reason, setReason] = React.useState('')
  const [error, setError] = React.useState<string | null>(null)
  const reasonRef = React.useRef<HTMLTextAreaElement>(null)
  const failed = hasFailedCases(run)
  // A recertification carried cases: a rejection may ask the next run for the whole plan (decision 0033).
  const carried = run.testCases.some((test) => test.carriedFrom)
  const [requireFullPlan, setRequireFullPlan] = React.useState(false)

  const refuse = (message: string) => {
    setError(message)
    reasonRef.current?.focus()
  }
  const decide = async (decision: 'approve' | 'reject') => {
    const text = reason.trim()
    if (decision === 'reject' && !text) return refuse(REVIEW_REASON_REQUIRED_MESSAGE)
    const outcome = await answerOrNull(
      review.mutateAsync({
        runId: run.runId,
        decision,
        ...(text ? { reason: text } : {}),
        ...(decision === 'reject' && requireFullPlan ? { requireFullPlan: true } : {}),
      }),
    )
    if (!outcome) return
    if (!outcome.ok) return refuse(outcome.message)
    void showToast('success', outcome.data.message)
  }

  return (
    <div
      role="group"
      aria-labelledby="lab-review-title"
      className="flex flex-col gap-3 rounded-control border border-brand-300 bg-brand-50 p-3"
    >
      <h3 id="lab-review-title" className="text-small font-semibold text-ink">
        {`Review attempt ${run.attempt ?? ''}`.trim()}
      </h3>
      <p id="lab-review-summary" className="text-small text-ink">
        {reviewSummary(run, failed)}
      </p>
      <WrittenField
        label="Reason or note for the vendor"
        inputRef={reasonRef}
        rows={2}
        value={reason}
        limit={REVIEW_REASON_MAX_LENGTH}
        error={error}
        onChange={(value) => {
          setReason(value)
          setError(null)
        }}
      />
      {carried ? <FullPlanChoice checked={requireFullPlan} onChange={setRequireFullPlan} /> : null}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={failed}
          aria-describedby="lab-review-summary"
          loading={review.isPending && review.variables?.decision === 'approve'}
          onClick={() => void decide('approve')}
        >
          Approve
        </Button>
        <Button
          size="sm"
          variant="destructive"
          loading={review.isPending && review.variables?.decision === 'reject'}
          onClick={() => void decide('reject')}
        >
          Reject
        </Button>
      </div>
    </div>
  )
}

/** What the review is about: the failed cases (no approval then), or every case passed. */
const reviewSummary = (run: CertificationRun, failed: boolean) =>
  failed
    ? `${run.testCases.filter((test) => test.state === 'failed').length} cases failed. ${REVIEW_APPROVE_FAILED_MESSAGE}`
    : 'Every case passed. Approve to certify the device, or reject with a reason.'

/** With a rejection of a recertification: the next run executes the whole plan (docs/decisions/0033). */
function FullPlanChoice({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <Field orientation="horizontal">
      <Checkbox checked={checked} onCheckedChange={(next) => onChange(next === true)} />
      <FieldLabel>{REQUIRE_FULL_PLAN_LABEL}</FieldLabel>
    </Field>
  )
}

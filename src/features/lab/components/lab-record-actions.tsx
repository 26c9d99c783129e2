import * as React from 'react'
import { Button } from '@/components/ui/button'
import { useAppForm } from '@/components/form/form-kit'
import type { CertificationRun } from '@/contract/certification'
import {
  type LabRecordAnswer,
  REVIEW_APPROVE_FAILED_MESSAGE,
  REVIEW_REASON_MAX_LENGTH,
  REVIEW_REASON_REQUIRED_MESSAGE,
  REQUIRE_FULL_PLAN_LABEL,
  REJECT_AND_RERUN_LABEL,
} from '@/contract/lab'
import { answerOrNull, showToast } from '@/lib/api-failure'
import { type LabRunAction, useLabReview, useLabRunAction } from '@/features/lab/api/lab-api'
import { clearOnChange, focusField } from '@/features/lab/components/lab-form'
import { countText, hasFailedCases, recordActions, runAwaitingReview } from '@/features/lab/model/lab-view'

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
      {actions.review && pendingRun ? (
        <ReviewPanel run={pendingRun} portfolioManagerId={record.portfolioManagerId} />
      ) : null}
    </section>
  )
}

type Decision = 'approve' | 'reject' | 'reject-rerun'

/**
 * Approve (Certified) or reject with a reason (Validation Failure) the run awaiting review, on the
 * form kit; a run with failed cases may be rejected and its failed cases re-run at once.
 */
function ReviewPanel({ run, portfolioManagerId }: { run: CertificationRun; portfolioManagerId: string }) {
  const review = useLabReview()
  const runAction = useLabRunAction()
  const formRef = React.useRef<HTMLFormElement>(null)
  const failed = hasFailedCases(run)
  // A recertification carried cases: a rejection may ask the next run for the whole plan (decision 0033).
  const carried = run.testCases.some((test) => test.carriedFrom)
  const [deciding, setDeciding] = React.useState<Decision | null>(null)

  const form = useAppForm({
    defaultValues: { reason: '', requireFullPlan: false },
    onSubmitMeta: { decision: 'approve' as Decision },
    onSubmit: async ({ value, formApi, meta }) => {
      const reason = value.reason.trim()
      const reject = meta.decision !== 'approve'
      const refuse = (message: string) => {
        formApi.setFieldMeta('reason', (fieldMeta) => ({
          ...fieldMeta,
          errorMap: { ...fieldMeta.errorMap, onSubmit: message },
        }))
        focusField(formRef.current, 'reason')
      }
      if (reject && !reason) return refuse(REVIEW_REASON_REQUIRED_MESSAGE)
      setDeciding(meta.decision)
      try {
        const outcome = await answerOrNull(
          review.mutateAsync({
            runId: run.runId,
            decision: reject ? 'reject' : 'approve',
            ...(reason ? { reason } : {}),
            ...(reject && value.requireFullPlan ? { requireFullPlan: true } : {}),
          }),
        )
        if (!outcome) return
        if (!outcome.ok) return refuse(outcome.message)
        void showToast('success', outcome.data.message)
        if (meta.decision !== 'reject-rerun') return
        const rerun = await answerOrNull(
          runAction.mutateAsync({ action: 'labRerunFailed', portfolioManagerId }),
        )
        if (rerun) void showToast('success', rerun.message)
      } finally {
        setDeciding(null)
      }
    },
  })
  const decide = (decision: Decision) => void form.handleSubmit({ decision })

  return (
    <form
      ref={formRef}
      noValidate
      aria-labelledby="lab-review-title"
      onSubmit={(event) => event.preventDefault()}
      className="flex flex-col gap-3 rounded-control border border-brand-300 bg-brand-50 p-3"
    >
      <h2 id="lab-review-title" className="text-body font-semibold text-ink">
        {`Review attempt ${run.attempt ?? ''}`.trim()}
      </h2>
      <p id="lab-review-summary" className="text-small text-ink">
        {reviewSummary(run, failed)}
      </p>
      <form.AppField name="reason" listeners={clearOnChange}>
        {(field) => (
          <field.TextareaField
            label="Reason or note for the vendor"
            rows={2}
            limit={REVIEW_REASON_MAX_LENGTH}
          />
        )}
      </form.AppField>
      {carried ? (
        <form.AppField name="requireFullPlan">
          {(field) => <field.CheckboxField label={REQUIRE_FULL_PLAN_LABEL} />}
        </form.AppField>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={failed}
          aria-describedby="lab-review-summary"
          loading={deciding === 'approve'}
          onClick={() => decide('approve')}
        >
          Approve
        </Button>
        <Button
          size="sm"
          variant="destructive"
          loading={deciding === 'reject'}
          onClick={() => decide('reject')}
        >
          Reject
        </Button>
        {failed ? (
          <Button
            size="sm"
            variant="secondary"
            loading={deciding === 'reject-rerun'}
            onClick={() => decide('reject-rerun')}
          >
            {REJECT_AND_RERUN_LABEL}
          </Button>
        ) : null}
      </div>
    </form>
  )
}

/** What the review is about: the failed cases (no approval then), or every case passed. */
const reviewSummary = (run: CertificationRun, failed: boolean) =>
  failed
    ? `${countText(run.testCases.filter((test) => test.state === 'failed').length, 'case failed', 'cases failed')}. ${REVIEW_APPROVE_FAILED_MESSAGE}`
    : 'Every case passed. Approve to certify the device, or reject with a reason.'

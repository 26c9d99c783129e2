import { useQuery } from '@tanstack/react-query'
import * as React from 'react'
import { TestCaseRow } from '@/components/certification/test-case-row'
import { Button } from '@/components/ui/button'
import { Collapsible, CollapsibleContent, DisclosureToggle } from '@/components/ui/collapsible'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field, FieldError, FieldLabel } from '@/components/ui/field'
import { Spinner } from '@/components/ui/spinner'
import { Textarea } from '@/components/ui/textarea'
import type { CertificationRun, Comment } from '@/contract/certification'
import { COMMENT_MAX_LENGTH } from '@/contract/certification'
import {
  CERTIFICATE_STATE_LABELS,
  REVOKE_REASON_MAX_LENGTH,
  REVOKE_REASON_REQUIRED_MESSAGE,
  VERIFY_PATH,
} from '@/contract/certificates'
import {
  LAB_QUEUE_STATE_LABELS,
  type LabRecordAnswer,
  REVIEW_APPROVE_FAILED_MESSAGE,
  REVIEW_REASON_MAX_LENGTH,
  REVIEW_REASON_REQUIRED_MESSAGE,
} from '@/contract/lab'
import { answerOrNull, showToast } from '@/lib/api-failure'
import { formatPortalTime } from '@/lib/format-time'
import { cn } from '@/lib/utils'
import {
  type LabRunAction,
  labRecordQueryOptions,
  useLabComment,
  useLabReview,
  useLabRunAction,
  useRevokeCertificate,
} from '@/features/lab/api/lab-api'
import { STATE_TONE } from '@/features/lab/components/lab-queue'
import {
  commentByline,
  hasFailedCases,
  recordActions,
  reviewText,
  runAwaitingReview,
  statusText,
} from '@/features/lab/model/lab-view'

export const EMPTY_ANSWER_MESSAGE = 'Write your answer first.'

type LabRecordDialogProps = {
  portfolioManagerId: string | null
  onClose: () => void
  /** A Lab manager may revoke the record's certificate (issue 20). */
  manager?: boolean
}

/**
 * One record as the lab sees it: the device, its organization and state, what the lab may do now
 * (start, re-run the failed cases, cancel, review), every attempt with its cases and their logs,
 * and the conversation with the vendor's team, with the lab's answer box.
 */
function LabRecordDialog({ portfolioManagerId, onClose, manager = false }: LabRecordDialogProps) {
  return (
    <Dialog open={portfolioManagerId !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-3xl">
        {portfolioManagerId ? <RecordBody portfolioManagerId={portfolioManagerId} manager={manager} /> : null}
      </DialogContent>
    </Dialog>
  )
}

function RecordBody({ portfolioManagerId, manager }: { portfolioManagerId: string; manager: boolean }) {
  const { data, error, isPending, refetch } = useQuery(labRecordQueryOptions(portfolioManagerId))
  if (isPending) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>Record details</DialogTitle>
          <DialogDescription>Loading the record…</DialogDescription>
        </DialogHeader>
        <Spinner aria-hidden="true" />
      </>
    )
  }
  if (error || !data) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>Record details</DialogTitle>
          <DialogDescription>
            {error instanceof Error ? error.message : 'The record could not be read.'}
          </DialogDescription>
        </DialogHeader>
        <Button variant="outline" className="self-start" onClick={() => void refetch()}>
          Try again
        </Button>
      </>
    )
  }
  return <RecordDetails answer={data} manager={manager} />
}

function RecordDetails({ answer, manager }: { answer: LabRecordAnswer; manager: boolean }) {
  const { record, runs, comments, queueState, organizationName } = answer
  return (
    <>
      <DialogHeader>
        <DialogTitle>{record.deviceName}</DialogTitle>
        <DialogDescription>
          {`${record.vendor} · ${record.deviceType} · ${record.productClass} · firmware ${record.baseFirmwareVersion} · ${organizationName}`}
        </DialogDescription>
      </DialogHeader>
      <p className="flex flex-wrap items-center gap-2 text-small">
        <span
          className={cn('rounded-full border px-2 py-0.5 text-caption font-semibold', STATE_TONE[queueState])}
        >
          {LAB_QUEUE_STATE_LABELS[queueState]}
        </span>
        <span className="text-ink">{statusText(record.status, record.isCertified)}</span>
        <span className="text-ink-muted">{`· created by ${record.createdBy}`}</span>
      </p>
      <RecordActions answer={answer} />
      <Attempts runs={runs} manager={manager} />
      <Conversation
        portfolioManagerId={record.portfolioManagerId}
        comments={comments}
        organizationName={organizationName}
      />
    </>
  )
}

const ACTION_LABELS: Record<LabRunAction, string> = {
  labStartRun: 'Start certification',
  labRerunFailed: 'Re-run failed cases',
  labCancelRun: 'Cancel run',
}

function RecordActions({ answer }: { answer: LabRecordAnswer }) {
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

  const decide = async (decision: 'approve' | 'reject') => {
    const text = reason.trim()
    if (decision === 'reject' && !text) {
      setError(REVIEW_REASON_REQUIRED_MESSAGE)
      reasonRef.current?.focus()
      return
    }
    const outcome = await answerOrNull(
      review.mutateAsync({ runId: run.runId, decision, ...(text ? { reason: text } : {}) }),
    )
    if (!outcome) return
    if (!outcome.ok) {
      setError(outcome.message)
      reasonRef.current?.focus()
      return
    }
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
        {failed
          ? `${run.testCases.filter((test) => test.state === 'failed').length} cases failed. ${REVIEW_APPROVE_FAILED_MESSAGE}`
          : 'Every case passed. Approve to certify the device, or reject with a reason.'}
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

/** Every attempt, newest first; the newest open with its cases and logs, the others on demand. */
function Attempts({ runs, manager }: { runs: ReadonlyArray<CertificationRun>; manager: boolean }) {
  return (
    <section aria-labelledby="lab-attempts-title" className="flex flex-col gap-2">
      <h3 id="lab-attempts-title" className="text-small font-semibold text-ink">
        Attempts
      </h3>
      {runs.length === 0 ? (
        <p className="text-small text-ink-muted">No run yet.</p>
      ) : (
        <ol aria-labelledby="lab-attempts-title" className="flex flex-col gap-2">
          {runs.map((run, index) => (
            <AttemptItem
              key={run.runId}
              run={run}
              number={run.attempt ?? runs.length - index}
              open={index === 0}
              manager={manager}
            />
          ))}
        </ol>
      )}
    </section>
  )
}

function AttemptItem({
  run,
  number,
  open,
  manager,
}: {
  run: CertificationRun
  number: number
  open: boolean
  manager: boolean
}) {
  const passed = run.testCases.filter((test) => test.state === 'passed').length
  const review = reviewText(run)
  return (
    <li aria-label={`Attempt ${number}`} className="rounded-control border border-line px-3 py-2 text-small">
      <Collapsible defaultOpen={open} className="flex flex-col gap-1">
        <p className="font-semibold text-ink">
          {`Attempt ${number} · ${run.kind === 'rerun' ? 'failed cases' : 'full plan'} · ${statusText(run.status, run.isCertified)}`}
        </p>
        <p className="text-ink-muted">
          {`Started ${formatPortalTime(run.startedAt)}${run.startedBy ? ` by ${run.startedBy}` : ''}`}
          {run.finishedAt ? ` · ended ${formatPortalTime(run.finishedAt)}` : ''}
          {` · ${passed} of ${run.testCases.length} cases passed`}
        </p>
        {run.maintenance ? (
          <p className="text-ink">{`Waiting for maintenance: ${run.maintenance.reason}`}</p>
        ) : null}
        {run.failureReason ? <p className="text-ink">{run.failureReason}</p> : null}
        {review ? <p className="text-ink">{review}</p> : null}
        {run.certificate ? <CertificateLine certificate={run.certificate} manager={manager} /> : null}
        <DisclosureToggle
          className="self-start"
          moreLabel={`Show the cases and logs of attempt ${number}`}
          lessLabel={`Hide the cases and logs of attempt ${number}`}
        />
        <CollapsibleContent>
          <ul className="mt-1 flex flex-col divide-y divide-line rounded-control border border-line">
            {run.testCases.map((test) => (
              <TestCaseRow key={test.name} test={test} />
            ))}
          </ul>
        </CollapsibleContent>
      </Collapsible>
    </li>
  )
}

/**
 * The certificate the attempt was issued, with its state and its public page; a Lab
 * manager may revoke it, with a reason the vendor's Owners are mailed.
 */
function CertificateLine({
  certificate,
  manager,
}: {
  certificate: NonNullable<CertificationRun['certificate']>
  manager: boolean
}) {
  const revoke = useRevokeCertificate()
  const [open, setOpen] = React.useState(false)
  const [reason, setReason] = React.useState('')
  const [error, setError] = React.useState<string | null>(null)
  const reasonRef = React.useRef<HTMLTextAreaElement>(null)
  React.useEffect(() => {
    if (open) reasonRef.current?.focus()
  }, [open])

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    if (!reason.trim()) {
      setError(REVOKE_REASON_REQUIRED_MESSAGE)
      reasonRef.current?.focus()
      return
    }
    const outcome = await answerOrNull(revoke.mutateAsync({ number: certificate.number, reason }))
    if (!outcome) return
    if (!outcome.ok) {
      setError(outcome.message)
      reasonRef.current?.focus()
      return
    }
    setOpen(false)
    void showToast('success', outcome.data.message)
  }

  return (
    <div className="flex flex-col gap-2">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-ink">
        <span>{`Certificate ${certificate.number} · ${CERTIFICATE_STATE_LABELS[certificate.state]}`}</span>
        <a
          href={`${VERIFY_PATH}/${certificate.number}`}
          target="_blank"
          rel="noreferrer"
          className="font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:focus-ring"
        >
          Verification page (opens in a new tab)
        </a>
        {manager && certificate.state !== 'revoked' && !open ? (
          <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
            Revoke certificate
          </Button>
        ) : null}
      </p>
      {open ? (
        <form
          noValidate
          aria-label={`Revoke certificate ${certificate.number}`}
          onSubmit={(event) => void submit(event)}
          className="flex flex-col gap-2 rounded-control border border-danger/40 p-3"
        >
          <WrittenField
            label="Reason for revoking"
            required
            inputRef={reasonRef}
            rows={2}
            value={reason}
            limit={REVOKE_REASON_MAX_LENGTH}
            error={error}
            onChange={(value) => {
              setReason(value)
              setError(null)
            }}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="button" size="sm" variant="outline" onClick={() => setOpen(false)}>
              Keep it
            </Button>
            <Button type="submit" size="sm" variant="destructive" loading={revoke.isPending}>
              Revoke
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  )
}

/** The thread with the vendor's team, oldest first, and the lab's answer. */
function Conversation({
  portfolioManagerId,
  comments,
  organizationName,
}: {
  portfolioManagerId: string
  comments: ReadonlyArray<Comment>
  organizationName: string
}) {
  const send = useLabComment()
  const [text, setText] = React.useState('')
  const [error, setError] = React.useState<string | null>(null)
  const inputRef = React.useRef<HTMLTextAreaElement>(null)

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    if (!text.trim()) {
      setError(EMPTY_ANSWER_MESSAGE)
      inputRef.current?.focus()
      return
    }
    const answer = await answerOrNull(send.mutateAsync({ portfolioManagerId, text }))
    if (!answer) return
    setText('')
    void showToast('success', answer.message)
  }

  return (
    <section aria-labelledby="lab-thread-title" className="flex flex-col gap-3">
      <h3 id="lab-thread-title" className="text-small font-semibold text-ink">
        Conversation with the vendor
      </h3>
      {comments.length === 0 ? (
        <p className="text-small text-ink-muted">No comments yet.</p>
      ) : (
        <ol aria-labelledby="lab-thread-title" className="flex flex-col gap-2">
          {comments.map((comment) => {
            const lab = comment.authorKind === 'lab'
            return (
              <li
                key={comment.commentId}
                className={cn(
                  'flex max-w-[85%] flex-col gap-1 rounded-card border px-3 py-2 text-small',
                  lab ? 'self-end border-brand-300 bg-brand-50' : 'self-start border-line bg-surface',
                )}
              >
                <p className="text-caption text-ink-muted">{commentByline(comment, organizationName)}</p>
                <p className="whitespace-pre-wrap text-ink">{comment.text}</p>
              </li>
            )
          })}
        </ol>
      )}
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-2">
        <WrittenField
          label="Answer the vendor"
          inputRef={inputRef}
          rows={3}
          value={text}
          limit={COMMENT_MAX_LENGTH}
          error={error}
          onChange={(value) => {
            setText(value)
            setError(null)
          }}
        />
        <Button type="submit" size="sm" className="self-end" loading={send.isPending}>
          Send answer
        </Button>
      </form>
    </section>
  )
}

/** A labelled text area with its count and its error: the review's reason, revocation's, the answer. */
function WrittenField({
  label,
  required = false,
  inputRef,
  rows,
  value,
  limit,
  error,
  onChange,
}: {
  label: string
  required?: boolean
  inputRef: React.Ref<HTMLTextAreaElement>
  rows: number
  value: string
  limit: number
  error: string | null
  onChange: (value: string) => void
}) {
  return (
    <Field invalid={Boolean(error)} required={required}>
      <FieldLabel showRequired={required}>{label}</FieldLabel>
      <Textarea
        ref={inputRef}
        rows={rows}
        value={value}
        limit={limit}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? <FieldError>{error}</FieldError> : null}
    </Field>
  )
}

export { LabRecordDialog }

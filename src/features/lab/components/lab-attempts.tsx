import * as React from 'react'
import { TestCaseRow } from '@/components/certification/test-case-row'
import {
  attemptRevisionLabel,
  casesLine,
  isCarried,
  spansRevisions,
} from '@/components/certification/run-lines'
import { useAppForm } from '@/components/form/form-kit'
import { Button } from '@/components/ui/button'
import { Collapsible, CollapsibleContent, DisclosureToggle } from '@/components/ui/collapsible'
import type { CertificationRun } from '@/contract/certification'
import {
  CERTIFICATE_STATE_LABELS,
  REVOKE_REASON_MAX_LENGTH,
  REVOKE_REASON_REQUIRED_MESSAGE,
  VERIFY_PATH,
} from '@/contract/certificates'
import { answerOrNull, showToast } from '@/lib/api-failure'
import { formatPortalTime } from '@/lib/format-time'
import { useRevokeCertificate } from '@/features/lab/api/lab-api'
import { clearOnChange, focusField, requiredText } from '@/features/lab/components/lab-form'
import { countText, reviewText, statusText } from '@/features/lab/model/lab-view'
import { runPlanText } from '@/contract/test-plans'

/** Every attempt, newest first; the newest open with its cases and logs, the others on demand. */
export function Attempts({ runs, manager }: { runs: ReadonlyArray<CertificationRun>; manager: boolean }) {
  return (
    <section aria-labelledby="lab-attempts-title" className="flex flex-col gap-2">
      <h2 id="lab-attempts-title" className="text-body font-semibold text-ink">
        Attempts
      </h2>
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
              withRevision={spansRevisions(runs)}
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
  withRevision,
}: {
  run: CertificationRun
  number: number
  open: boolean
  manager: boolean
  /** The record has more than one revision: the attempt names the one it tested (docs/decisions/0033). */
  withRevision: boolean
}) {
  const passed = run.testCases.filter((test) => test.state === 'passed').length
  // A recertification's carried cases are counted apart ('8 test cases: 3 passed, 5 carried').
  const cases = run.testCases.some(isCarried)
    ? casesLine(run)
    : `${passed} of ${countText(run.testCases.length, 'case', 'cases')} passed`
  const revision = withRevision ? ` · ${attemptRevisionLabel(run)}` : ''
  const review = reviewText(run)
  return (
    <li aria-label={`Attempt ${number}`} className="rounded-control border border-line px-3 py-2 text-small">
      <Collapsible defaultOpen={open} className="flex flex-col gap-1">
        <p className="font-semibold text-ink">
          {`Attempt ${number}${revision} · ${run.kind === 'rerun' ? 'failed cases' : 'full plan'} · ${statusText(run.status, run.isCertified)}`}
        </p>
        <p className="text-ink-muted">
          {`Started ${formatPortalTime(run.startedAt)}${run.startedBy ? ` by ${run.startedBy}` : ''}`}
          {run.finishedAt ? ` · ended ${formatPortalTime(run.finishedAt)}` : ''}
          {` · ${cases}`}
        </p>
        {run.testPlan ? <p className="text-ink-muted">{runPlanText(run.testPlan)}</p> : null}
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

type IssuedCertificate = NonNullable<CertificationRun['certificate']>

/** Revoking a certificate on the form kit: its reason (required), the call, a refusal on its field. */
function useRevokeCertificateForm(certificate: IssuedCertificate, close: () => void) {
  const revoke = useRevokeCertificate()
  const formRef = React.useRef<HTMLFormElement>(null)
  const form = useAppForm({
    defaultValues: { reason: '' },
    onSubmitInvalid: () => focusField(formRef.current, 'reason'),
    onSubmit: async ({ value, formApi }) => {
      const outcome = await answerOrNull(
        revoke.mutateAsync({ number: certificate.number, reason: value.reason }),
      )
      if (!outcome) return
      if (!outcome.ok) {
        formApi.setFieldMeta('reason', (meta) => ({
          ...meta,
          errorMap: { ...meta.errorMap, onSubmit: outcome.message },
        }))
        focusField(formRef.current, 'reason')
        return
      }
      close()
      void showToast('success', outcome.data.message)
    },
  })
  return { form, formRef }
}

/**
 * The certificate the attempt was issued, with its state and its public page; a Lab
 * manager may revoke it, with a reason the vendor's Owners are mailed.
 */
function CertificateLine({ certificate, manager }: { certificate: IssuedCertificate; manager: boolean }) {
  const [open, setOpen] = React.useState(false)
  const { form, formRef } = useRevokeCertificateForm(certificate, () => setOpen(false))
  React.useEffect(() => {
    if (open) focusField(formRef.current, 'reason')
  }, [open, formRef])
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
          ref={formRef}
          noValidate
          aria-label={`Revoke certificate ${certificate.number}`}
          onSubmit={(event) => {
            event.preventDefault()
            void form.handleSubmit()
          }}
          className="flex flex-col gap-2 rounded-control border border-danger/40 p-3"
        >
          <form.AppField
            name="reason"
            validators={requiredText(REVOKE_REASON_REQUIRED_MESSAGE)}
            listeners={clearOnChange}
          >
            {(field) => (
              <field.TextareaField
                label="Reason for revoking"
                required
                rows={2}
                limit={REVOKE_REASON_MAX_LENGTH}
              />
            )}
          </form.AppField>
          <div className="flex flex-wrap gap-2">
            <Button type="button" size="sm" variant="outline" onClick={() => setOpen(false)}>
              Keep it
            </Button>
            <form.AppForm>
              <form.SubmitButton size="sm" variant="destructive" enabledWhenInvalid>
                Revoke
              </form.SubmitButton>
            </form.AppForm>
          </div>
        </form>
      ) : null}
    </div>
  )
}

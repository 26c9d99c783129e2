import * as React from 'react'
import { AttemptList } from '@/components/runs/attempt-list'
import { CertificateLine, type IssuedCertificate } from '@/components/runs/certificate-line'
import { maintenanceText } from '@/components/runs/run-text'
import { useAppForm } from '@/components/form/form-kit'
import { Button } from '@/components/ui/button'
import type { CertificationRun } from '@/contract/certification'
import { REVOKE_REASON_MAX_LENGTH, REVOKE_REASON_REQUIRED_MESSAGE } from '@/contract/certificates'
import { runPlanText } from '@/contract/test-plans'
import { answerOrNull, showToast } from '@/lib/api-failure'
import { useRevokeCertificate } from '@/features/lab/api/lab-api'
import { clearOnChange, focusField, requiredText } from '@/features/lab/components/lab-form'
import { statusText } from '@/features/lab/model/lab-view'

/**
 * Every attempt, newest first, as the vendor's run details list them (the shared AttemptList):
 * the newest open with its cases and logs, the others on demand; each with its plan, the lab's
 * maintenance it waits for and its certificate, which a Lab manager may revoke.
 */
export function Attempts({ runs, manager }: { runs: ReadonlyArray<CertificationRun>; manager: boolean }) {
  return (
    <AttemptList
      runs={runs}
      level={2}
      cases="logs"
      outcomeOf={(run) => statusText(run.status, run.isCertified)}
      // The status says 'Awaiting review' already: said once.
      pendingReviewLine={false}
      moreOf={(run) => (
        <>
          {run.testPlan ? <p className="text-ink-muted">{runPlanText(run.testPlan)}</p> : null}
          {run.maintenance ? <p className="text-ink">{maintenanceText(run.maintenance)}</p> : null}
          {run.certificate ? (
            <CertificateLine certificate={run.certificate}>
              {manager && run.certificate.state !== 'revoked' ? (
                <RevokeCertificate certificate={run.certificate} />
              ) : null}
            </CertificateLine>
          ) : null}
        </>
      )}
    />
  )
}

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

/** A Lab manager's Revoke under a certificate: a reason the vendor's Owners are mailed. */
function RevokeCertificate({ certificate }: { certificate: IssuedCertificate }) {
  const [open, setOpen] = React.useState(false)
  const { form, formRef } = useRevokeCertificateForm(certificate, () => setOpen(false))
  React.useEffect(() => {
    if (open) focusField(formRef.current, 'reason')
  }, [open, formRef])
  if (!open)
    return (
      <Button size="sm" variant="outline" className="self-start" onClick={() => setOpen(true)}>
        Revoke certificate
      </Button>
    )
  return (
    <form
      ref={formRef}
      noValidate
      aria-label={`Revoke certificate ${certificate.number}`}
      onSubmit={(event) => {
        event.preventDefault()
        void form.handleSubmit()
      }}
      className="flex flex-col gap-2 rounded-control border border-danger/40 bg-surface p-3"
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
  )
}

import { RotateCcw } from 'lucide-react'
import * as React from 'react'
import { Button } from '@/components/ui/button'
import { RefusalNote } from '@/components/ui/refusal-note'
import type { CertificationRun } from '@/contract/certification'
import { AWAITING_REVIEW_REFUSAL_MESSAGE } from '@/contract/lab'
import { mayRerunFailed } from '@/contract/records'
import { ROLE_REFUSAL_HINT } from '@/contract/roles'
import { AWAITING_REVIEW_STATUS } from '@/contract/run-status'
import { useRecordCertification } from '@/features/certification/components/use-record-certification'
import { useRoleRefusal } from '@/lib/use-role'

type RerunFailedButtonProps = {
  vendorUserId: string
  portfolioManagerId: string
  deviceName: string
  /** The record's latest attempt: a record and its latest run carry the same status. */
  run: CertificationRun
}

/**
 * Re-run Failed Cases beside the failures of the latest attempt (docs/decisions/0036): the
 * dashboard menu's item, by the same rule (mayRerunFailed), the same role ('runs') and the same
 * reasons when disabled — the role's refusal with its hint, or the lab's review under way. Not
 * shown while the attempt still runs.
 */
export function RerunFailedButton({
  vendorUserId,
  portfolioManagerId,
  deviceName,
  run,
}: RerunFailedButtonProps) {
  const certification = useRecordCertification(vendorUserId)
  const refusal = useRoleRefusal('runs')
  const [busy, setBusy] = React.useState(false)
  const reasonId = React.useId()
  const awaitingReview = run.status === AWAITING_REVIEW_STATUS
  if (!mayRerunFailed(run) && !awaitingReview) return null
  const rerun = async () => {
    setBusy(true)
    try {
      await certification.rerunFailed({ portfolioManagerId, deviceName })
    } finally {
      setBusy(false)
    }
  }
  const disabled = awaitingReview || refusal !== null
  return (
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <Button
        variant="outline"
        size="sm"
        loading={busy}
        disabled={disabled}
        aria-describedby={disabled ? reasonId : undefined}
        onClick={() => void rerun()}
      >
        <RotateCcw aria-hidden="true" />
        Re-run Failed Cases
      </Button>
      {awaitingReview ? (
        <p id={reasonId} className="max-w-72 text-caption text-ink-muted sm:text-end">
          {AWAITING_REVIEW_REFUSAL_MESSAGE}
        </p>
      ) : refusal ? (
        <RefusalNote id={reasonId} reason={refusal.reason} hint={ROLE_REFUSAL_HINT} className="max-w-72" />
      ) : null}
    </div>
  )
}

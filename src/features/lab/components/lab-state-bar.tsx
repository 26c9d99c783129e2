import { Wrench } from 'lucide-react'
import * as React from 'react'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Label } from '@/components/ui/field'
import { RefusalNote } from '@/components/ui/refusal-note'
import {
  LAB_MANAGER_ONLY_MESSAGE,
  MAINTENANCE_ENDED_MESSAGE,
  MAINTENANCE_FROM_ENVIRONMENT_MESSAGE,
  type LabState,
  REVIEW_OFF_MESSAGE,
  REVIEW_ON_MESSAGE,
} from '@/contract/lab'
import { answerOrNull, showToast } from '@/lib/api-failure'
import { formatPortalTime } from '@/lib/format-time'
import { useEndMaintenance, useReviewSetting } from '@/features/lab/api/lab-api'
import { MaintenanceDialog } from '@/features/lab/components/maintenance-dialog'

export const MANAGER_HINT = 'Ask a Lab manager.'

/**
 * The bench's state at the top of the console: maintenance (its reason, expected end and who
 * started it; End maintenance) or Start maintenance, and whether finished runs wait for a review.
 * A Lab engineer reads both, and is told that changing them is a Lab manager's.
 */
function LabStateBar({ state, manager }: { state: LabState; manager: boolean }) {
  const [dialogOpen, setDialogOpen] = React.useState(false)
  const endMaintenance = useEndMaintenance()
  const reviewSetting = useReviewSetting()
  const maintenance = state.maintenance

  const end = async () => {
    const answer = await answerOrNull(endMaintenance.mutateAsync())
    if (answer) void showToast('success', MAINTENANCE_ENDED_MESSAGE)
  }
  const setReview = async (reviewRequired: boolean) => {
    const answer = await answerOrNull(reviewSetting.mutateAsync(reviewRequired))
    if (answer) void showToast('success', answer.reviewRequired ? REVIEW_ON_MESSAGE : REVIEW_OFF_MESSAGE)
  }

  return (
    <section aria-label="The bench" className="flex flex-col gap-3">
      {maintenance ? (
        <div
          role="status"
          data-slot="maintenance-banner"
          className="flex flex-col gap-3 rounded-card border border-warning bg-warning-soft p-4 sm:flex-row sm:items-start"
        >
          <Wrench aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warning" />
          <div className="flex flex-1 flex-col gap-1 text-small">
            <p className="font-semibold text-ink">The bench is in maintenance.</p>
            <p className="text-ink">{maintenance.reason}</p>
            <p className="text-ink-muted">
              {`Expected to end ${formatPortalTime(maintenance.expectedEnd)} UTC · started ${formatPortalTime(maintenance.startedAt)} by ${maintenance.startedBy}`}
            </p>
            {state.maintenanceFromEnvironment ? (
              <p className="text-ink-muted">{MAINTENANCE_FROM_ENVIRONMENT_MESSAGE}</p>
            ) : null}
          </div>
          {manager && !state.maintenanceFromEnvironment ? (
            <Button variant="outline" size="sm" loading={endMaintenance.isPending} onClick={() => void end()}>
              End maintenance
            </Button>
          ) : null}
        </div>
      ) : null}
      <div className="flex flex-col gap-3 rounded-card border border-line bg-surface p-4 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
        <div className="flex items-center gap-2">
          <Checkbox
            id="lab-review-required"
            checked={state.reviewRequired}
            disabled={!manager || reviewSetting.isPending}
            onCheckedChange={(checked) => void setReview(checked === true)}
            aria-describedby="lab-review-hint"
          />
          <Label htmlFor="lab-review-required" className="text-small font-semibold text-ink">
            Review finished runs before their result stands
          </Label>
        </div>
        <p id="lab-review-hint" className="text-small text-ink-muted sm:order-last sm:basis-full">
          {state.reviewRequired
            ? 'On: a finished run waits in Awaiting review until a lab engineer approves or rejects it.'
            : 'Off: a finished run’s result stands at once, as the vendor’s dashboard shows it.'}
        </p>
        {manager ? (
          maintenance ? null : (
            <Button variant="outline" size="sm" onClick={() => setDialogOpen(true)}>
              <Wrench aria-hidden="true" /> Start maintenance
            </Button>
          )
        ) : (
          <RefusalNote reason={LAB_MANAGER_ONLY_MESSAGE} hint={MANAGER_HINT} className="sm:basis-full" />
        )}
      </div>
      <MaintenanceDialog open={dialogOpen} onOpenChange={setDialogOpen} />
    </section>
  )
}

export { LabStateBar }

import { FormDialog } from '@/components/form/form-dialog'
import { useAppForm } from '@/components/form/form-kit'
import { showRefusal } from '@/components/form/form-refusal'
import {
  MAINTENANCE_END_BEFORE_START_MESSAGE,
  MAINTENANCE_REASON_MAX_LENGTH,
  MAINTENANCE_STARTED_MESSAGE,
} from '@/contract/lab'
import { answerOrNull, showToast } from '@/lib/api-failure'
import { useClock } from '@/lib/clock'
import { useStartMaintenance } from '@/features/lab/api/lab-api'
import { fromLocalInput, toLocalInput } from '@/features/lab/model/lab-view'

export const MAINTENANCE_REASON_EMPTY = 'Say why the bench goes into maintenance.'
export const MAINTENANCE_END_EMPTY = 'Enter the date and time maintenance is expected to end.'
const TWO_HOURS_MS = 2 * 60 * 60 * 1000

type MaintenanceValues = { reason: string; expectedEnd: string }

/** The form's own check: a reason, and an expected end after now. */
function maintenanceProblems(value: MaintenanceValues, now: number) {
  const end = fromLocalInput(value.expectedEnd)
  const fields = {
    ...(value.reason.trim() ? {} : { reason: MAINTENANCE_REASON_EMPTY }),
    ...(!end
      ? { expectedEnd: MAINTENANCE_END_EMPTY }
      : Date.parse(end) <= now
        ? { expectedEnd: MAINTENANCE_END_BEFORE_START_MESSAGE }
        : {}),
  }
  return Object.keys(fields).length > 0 ? { fields } : undefined
}

/**
 * Start maintenance (a Lab manager): a reason and an expected end, both shown to every vendor
 * whose run waits. Each opening starts afresh, its expected end two hours from now. An end not
 * after now is refused here and by the server, on its field.
 */
function MaintenanceDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const clock = useClock()
  const start = useStartMaintenance()
  const form = useAppForm({
    defaultValues: { reason: '', expectedEnd: '' } as MaintenanceValues,
    validators: { onSubmit: ({ value }) => maintenanceProblems(value, clock.now()) },
    onSubmit: async ({ value, formApi }) => {
      const expectedEnd = fromLocalInput(value.expectedEnd)
      if (!expectedEnd) return
      const outcome = await answerOrNull(start.mutateAsync({ reason: value.reason.trim(), expectedEnd }))
      if (!outcome) return
      if (!outcome.ok) return showRefusal(formApi, outcome)
      void showToast('success', MAINTENANCE_STARTED_MESSAGE)
      onOpenChange(false)
    },
  })
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      onReset={() =>
        form.reset({ reason: '', expectedEnd: toLocalInput(new Date(clock.now() + TWO_HOURS_MS)) })
      }
      title="Start maintenance"
      description="New and waiting runs wait until maintenance ends; vendors see the reason and the expected end in their run details."
      submitLabel="Start maintenance"
    >
      <form.AppField name="reason">
        {(field) => (
          <field.TextareaField label="Reason" rows={3} limit={MAINTENANCE_REASON_MAX_LENGTH} required />
        )}
      </form.AppField>
      <form.AppField name="expectedEnd">
        {(field) => (
          <field.TextField
            label="Expected end"
            hint="Your local time."
            hintFirst
            type="datetime-local"
            required
          />
        )}
      </form.AppField>
    </FormDialog>
  )
}

export { MaintenanceDialog }

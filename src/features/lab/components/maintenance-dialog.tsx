import * as React from 'react'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { Field, FieldError, FieldHint, FieldLabel } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
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

type Errors = { reason?: string | undefined; expectedEnd?: string | undefined }

/** The reason and the expected end, afresh at each opening, checked here and then by the server. */
function useMaintenanceForm(open: boolean, onOpenChange: (open: boolean) => void) {
  const clock = useClock()
  const [reason, setReason] = React.useState('')
  const [end, setEnd] = React.useState('')
  const [errors, setErrors] = React.useState<Errors>({})
  const start = useStartMaintenance()
  const reasonRef = React.useRef<HTMLTextAreaElement>(null)
  const endRef = React.useRef<HTMLInputElement>(null)

  // Each opening starts afresh, its expected end two hours from now.
  const [openedAs, setOpenedAs] = React.useState(false)
  if (open !== openedAs) {
    setOpenedAs(open)
    if (open) {
      setReason('')
      setEnd(toLocalInput(new Date(clock.now() + TWO_HOURS_MS)))
      setErrors({})
    }
  }

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    const expectedEnd = fromLocalInput(end)
    const next: Errors = {
      reason: reason.trim() ? undefined : MAINTENANCE_REASON_EMPTY,
      expectedEnd: !expectedEnd
        ? MAINTENANCE_END_EMPTY
        : Date.parse(expectedEnd) <= clock.now()
          ? MAINTENANCE_END_BEFORE_START_MESSAGE
          : undefined,
    }
    if (next.reason || next.expectedEnd || !expectedEnd) {
      setErrors(next)
      ;(next.reason ? reasonRef : endRef).current?.focus()
      return
    }
    const outcome = await answerOrNull(start.mutateAsync({ reason: reason.trim(), expectedEnd }))
    if (!outcome) return
    if (!outcome.ok) {
      const field = outcome.field === 'reason' ? 'reason' : 'expectedEnd'
      setErrors({ [field]: outcome.message })
      ;(field === 'reason' ? reasonRef : endRef).current?.focus()
      return
    }
    void showToast('success', MAINTENANCE_STARTED_MESSAGE)
    onOpenChange(false)
  }

  const changeReason = (value: string) => {
    setReason(value)
    if (errors.reason) setErrors((current) => ({ ...current, reason: undefined }))
  }
  const changeEnd = (value: string) => {
    setEnd(value)
    if (errors.expectedEnd) setErrors((current) => ({ ...current, expectedEnd: undefined }))
  }
  return {
    reason,
    end,
    errors,
    reasonRef,
    endRef,
    changeReason,
    changeEnd,
    submit,
    starting: start.isPending,
  }
}

/**
 * Start maintenance (a Lab manager): a reason and an expected end, both shown to every vendor
 * whose run waits. An end not after now is refused here and by the server, on its field.
 */
function MaintenanceDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { reason, end, errors, reasonRef, endRef, changeReason, changeEnd, submit, starting } =
    useMaintenanceForm(open, onOpenChange)
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Start maintenance</DialogTitle>
          <DialogDescription>
            New and waiting runs wait until maintenance ends; vendors see the reason and the expected end in
            their run details.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
          <Field invalid={Boolean(errors.reason)} required>
            <FieldLabel showRequired>Reason</FieldLabel>
            <Textarea
              ref={reasonRef}
              rows={3}
              value={reason}
              limit={MAINTENANCE_REASON_MAX_LENGTH}
              onChange={(event) => changeReason(event.target.value)}
            />
            {errors.reason ? <FieldError>{errors.reason}</FieldError> : null}
          </Field>
          <Field invalid={Boolean(errors.expectedEnd)} required>
            <FieldLabel showRequired>Expected end</FieldLabel>
            <FieldHint>Your local time.</FieldHint>
            <Input
              ref={endRef}
              type="datetime-local"
              value={end}
              onChange={(event) => changeEnd(event.target.value)}
            />
            {errors.expectedEnd ? <FieldError>{errors.expectedEnd}</FieldError> : null}
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={starting}>
              Start maintenance
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

export { MaintenanceDialog }

import { FormDialog } from '@/components/form/form-dialog'
import { useAppForm } from '@/components/form/form-kit'
import { showRefusal } from '@/components/form/form-refusal'
import {
  addedByText,
  CATALOGUE_KIND_LABELS,
  type CatalogueEntry,
  DECLINE_REASON_MAX_LENGTH,
} from '@/contract/catalogue-review'
import { answerOrNull, showToast } from '@/lib/api-failure'
import {
  useApproveCatalogueEntry,
  useDeclineCatalogueEntry,
  useMapCatalogueEntry,
} from '@/features/catalogue/api/lab-catalogue'
import { parentText } from '@/features/catalogue/model/catalogue-view'

/*
 * A Lab manager's three decisions on an addition (docs/decisions/0034), each asked in a dialog
 * that names the entry: approve it into the shared catalogue, map it onto an entry the catalogue
 * has, or decline it with a reason its organization reads. A field's problem — the check here,
 * or the server's refusal naming it — shows under that field with the focus on it; the answer's
 * message is the toast and the dialog closes.
 */

export type Decision = 'approve' | 'map' | 'decline'

type DialogProps = {
  entry: CatalogueEntry
  open: boolean
  onOpenChange: (open: boolean) => void
}

/** "Device name “Deco X60” by TP-Link, added by MeshWave Networks." */
export const entrySentence = (entry: CatalogueEntry) =>
  `${CATALOGUE_KIND_LABELS[entry.kind]} “${entry.value}” ${parentText(entry)}, added by ${addedByText(entry.addedBy)}.`

export const MAP_TO_REQUIRED_MESSAGE = 'Existing entry is required.'
export const REASON_REQUIRED_MESSAGE = 'Reason is required.'
export const REASON_TOO_LONG_MESSAGE = `Reason must be at most ${DECLINE_REASON_MAX_LENGTH} characters.`

export function ApproveDialog({ entry, open, onOpenChange }: DialogProps) {
  const approve = useApproveCatalogueEntry()
  const form = useAppForm({
    defaultValues: {},
    onSubmit: async () => {
      const answer = await answerOrNull(approve.mutateAsync(entry.entryId))
      if (!answer) return
      void showToast('success', answer.message)
      onOpenChange(false)
    },
  })
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title={`Approve “${entry.value}”?`}
      description={`${entrySentence(entry)} Every organization’s portfolio form will offer it.`}
      submitLabel="Approve"
    />
  )
}

type MapDialogProps = DialogProps & {
  /** The shared entries it may stand for (mapTargets). */
  targets: ReadonlyArray<string>
}

export function MapDialog({ entry, targets, open, onOpenChange }: MapDialogProps) {
  const map = useMapCatalogueEntry()
  const form = useAppForm({
    defaultValues: { mapTo: '' },
    validators: {
      onSubmit: ({ value }) =>
        value.mapTo === '' ? { fields: { mapTo: MAP_TO_REQUIRED_MESSAGE } } : undefined,
    },
    onSubmit: async ({ value, formApi }) => {
      const outcome = await answerOrNull(map.mutateAsync({ entryId: entry.entryId, mapTo: value.mapTo }))
      if (!outcome) return
      if (!outcome.ok) return showRefusal(formApi, outcome)
      void showToast('success', outcome.data.message)
      onOpenChange(false)
    },
  })
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title={`Map “${entry.value}” onto an existing entry`}
      description={`${entrySentence(entry)} Its organization’s form will offer the entry you choose instead; devices already submitted keep their name.`}
      submitLabel="Map"
    >
      <form.AppField name="mapTo">
        {(field) => (
          <field.SelectField
            label="Existing entry"
            placeholder={targets.length === 0 ? 'The shared catalogue has none here' : 'Choose an entry'}
            options={targets.map((value) => ({ value, label: value }))}
            disabled={targets.length === 0}
            required
          />
        )}
      </form.AppField>
    </FormDialog>
  )
}

/** The reason's own check, as the server's: required once trimmed, and 300 characters at most. */
export function reasonProblem(reason: string): string | undefined {
  const trimmed = reason.trim()
  if (trimmed === '') return REASON_REQUIRED_MESSAGE
  if (trimmed.length > DECLINE_REASON_MAX_LENGTH) return REASON_TOO_LONG_MESSAGE
  return undefined
}

export function DeclineDialog({ entry, open, onOpenChange }: DialogProps) {
  const decline = useDeclineCatalogueEntry()
  const form = useAppForm({
    defaultValues: { reason: '' },
    validators: {
      onSubmit: ({ value }) => {
        const problem = reasonProblem(value.reason)
        return problem ? { fields: { reason: problem } } : undefined
      },
    },
    onSubmit: async ({ value, formApi }) => {
      const outcome = await answerOrNull(
        decline.mutateAsync({ entryId: entry.entryId, reason: value.reason }),
      )
      if (!outcome) return
      if (!outcome.ok) return showRefusal(formApi, outcome)
      void showToast('success', outcome.data.message)
      onOpenChange(false)
    },
  })
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title={`Decline “${entry.value}”`}
      description={`${entrySentence(entry)} Its organization reads your reason; its devices keep the name, and its form no longer offers it.`}
      submitLabel="Decline"
    >
      <form.AppField name="reason">
        {(field) => (
          <field.TextareaField
            label="Reason"
            required
            rows={3}
            limit={DECLINE_REASON_MAX_LENGTH}
            hint="Say what to choose or type instead."
          />
        )}
      </form.AppField>
    </FormDialog>
  )
}

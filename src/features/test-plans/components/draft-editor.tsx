import { useStore } from '@tanstack/react-form'
import { Plus } from 'lucide-react'
import * as React from 'react'
import { firstErrorMessage } from '@/components/form/form-context'
import { useAppForm } from '@/components/form/form-kit'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import {
  type LabTestPlanAnswer,
  PLAN_CASES_MAX,
  type PlanCase,
  planDraftProblem,
  planVersionLabel,
} from '@/contract/test-plans'
import { answerOrNull, showToast } from '@/lib/api-failure'
import { useSaveTestPlanDraft } from '@/features/test-plans/api/plan-draft'
import { caseButtonId, DraftCaseFields } from '@/features/test-plans/components/draft-case-fields'
import {
  draftChanged,
  draftFormOptions,
  draftPayloadCases,
  draftValuesOf,
  emptyCase,
  problemCaseIndex,
} from '@/features/test-plans/model/draft-form'

const ERROR_ID = 'plan-draft-error'

/**
 * Focus for after the next render (a case moved, added or removed is in its new place only then):
 * call the returned function with a selector inside the container.
 */
function useFocusAfterRender(container: React.RefObject<HTMLElement | null>) {
  const pending = React.useRef<string | null>(null)
  const [request, setRequest] = React.useState(0)
  React.useEffect(() => {
    const target = pending.current
    if (target === null) return
    pending.current = null
    container.current?.querySelector<HTMLElement>(target)?.focus()
  }, [request, container])
  return (selector: string) => {
    pending.current = selector
    setRequest((count) => count + 1)
  }
}

type DraftEditorProps = {
  planId: string
  /** The plan's product classes: what a case may be limited to. */
  productClasses: ReadonlyArray<string>
  /** The version the draft will be once published, and the one runs use until then. */
  nextVersion: number
  currentVersion: number
  /** The saved draft's cases, or the current version's. */
  startCases: ReadonlyArray<PlanCase>
  onSaved: (plan: LabTestPlanAnswer) => void
  onClose: () => void
}

/**
 * A Lab manager drafts a plan's next version: its cases in order, each editable, added, removed or
 * moved. Save checks the draft as the server will (planDraftProblem) and tells the first problem,
 * or the server's refusal, above the buttons, the focus on the case it names. Cancel asks first
 * when something changed.
 */
export function DraftEditor(props: DraftEditorProps) {
  const { planId, productClasses, nextVersion, currentVersion, startCases, onSaved, onClose } = props
  const formRef = React.useRef<HTMLFormElement>(null)
  const setFocusTarget = useFocusAfterRender(formRef)
  const [asking, setAsking] = React.useState(false)
  const save = useSaveTestPlanDraft()

  const focusProblem = (message: string | undefined, field?: string) => {
    const index = message ? problemCaseIndex(message, field) : null
    setFocusTarget(index === null ? `#${ERROR_ID}` : `[name="cases[${index}].name"]`)
  }

  const form = useAppForm({
    ...draftFormOptions,
    defaultValues: draftValuesOf(startCases),
    validators: {
      onSubmit: ({ value }) => planDraftProblem(draftPayloadCases(value), productClasses) ?? undefined,
    },
    onSubmitInvalid: ({ formApi }) => focusProblem(firstErrorMessage(formApi.state.errors)),
    onSubmit: async ({ value, formApi }) => {
      const outcome = await answerOrNull(save.mutateAsync({ planId, cases: draftPayloadCases(value) }))
      if (!outcome) return
      if (!outcome.ok) {
        formApi.setErrorMap({ onSubmit: outcome.message })
        focusProblem(outcome.message, outcome.field)
        return
      }
      void showToast('success', outcome.data.message)
      onSaved(outcome.data.plan)
    },
  })
  const cases = useStore(form.store, (state) => state.values.cases)
  const problem = useStore(form.store, (state) => firstErrorMessage(state.errors))

  const move = (from: number, to: number) => {
    const moved = cases[from]
    if (!moved || to < 0 || to >= cases.length) return
    form.moveFieldValues('cases', from, to)
    // The same button again, unless the case reached the end it moved towards.
    const direction = to < from ? 'up' : 'down'
    const atEnd = direction === 'up' ? to === 0 : to === cases.length - 1
    setFocusTarget(`#${caseButtonId(moved.key, atEnd ? (direction === 'up' ? 'down' : 'up') : direction)}`)
  }
  const remove = (index: number) => {
    void form.removeFieldValue('cases', index)
    const next = Math.min(index, cases.length - 2)
    setFocusTarget(next < 0 ? '#plan-draft-add' : `[name="cases[${next}].name"]`)
  }
  const add = () => {
    form.pushFieldValue('cases', emptyCase())
    setFocusTarget(`[name="cases[${cases.length}].name"]`)
  }
  const cancel = () => {
    if (draftChanged(form.state.values, startCases)) setAsking(true)
    else onClose()
  }

  return (
    <section aria-labelledby="plan-draft-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="plan-draft-title" className="text-heading text-ink">
          {`Draft of ${planVersionLabel(nextVersion)}`}
        </h2>
        <p className="text-small text-ink-muted">
          {`Runs keep using ${planVersionLabel(currentVersion)} until you publish the draft. ${cases.length} of at most ${PLAN_CASES_MAX} cases.`}
        </p>
      </div>
      <form
        ref={formRef}
        noValidate
        aria-labelledby="plan-draft-title"
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault()
          void form.handleSubmit()
        }}
      >
        <ol className="flex flex-col gap-4">
          {cases.map((item, index) => (
            <li key={item.key}>
              <DraftCaseFields
                form={form}
                index={index}
                count={cases.length}
                productClasses={productClasses}
                onMove={move}
                onRemove={remove}
              />
            </li>
          ))}
        </ol>
        <Button
          id="plan-draft-add"
          variant="outline"
          className="self-start"
          disabled={cases.length >= PLAN_CASES_MAX}
          onClick={add}
        >
          <Plus aria-hidden="true" /> Add case
        </Button>
        <p
          id={ERROR_ID}
          tabIndex={-1}
          role="alert"
          className="text-small font-medium text-danger empty:hidden focus-visible:focus-ring"
        >
          {problem ?? ''}
        </p>
        <div className="flex flex-wrap gap-2">
          <form.AppForm>
            <form.SubmitButton enabledWhenInvalid>Save draft</form.SubmitButton>
          </form.AppForm>
          <Button variant="outline" onClick={cancel}>
            Cancel
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={asking}
        onClose={() => setAsking(false)}
        title="Discard your changes?"
        description="The changes you made in the editor are lost. The saved draft, if any, stays as it was."
        cancelLabel="Keep editing"
        confirmLabel="Discard changes"
        onConfirm={onClose}
      />
    </section>
  )
}

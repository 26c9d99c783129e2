import { useStore } from '@tanstack/react-form'
import * as React from 'react'
import { firstErrorMessage } from '@/components/form/form-context'
import { useAppForm } from '@/components/form/form-kit'
import { type LabTestPlanAnswer, type PlanCase, planDraftProblem } from '@/contract/test-plans'
import { answerOrNull, showToast } from '@/lib/api-failure'
import { useSaveTestPlanDraft } from '@/features/test-plans/api/plan-draft'
import { caseButtonId } from '@/features/test-plans/components/draft-case-fields'
import {
  draftChanged,
  draftFormOptions,
  draftPayloadCases,
  draftValuesOf,
  emptyCase,
  problemCaseIndex,
} from '@/features/test-plans/model/draft-form'

export const DRAFT_ERROR_ID = 'plan-draft-error'
export const ADD_CASE_ID = 'plan-draft-add'

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

export type DraftFormInput = {
  planId: string
  productClasses: ReadonlyArray<string>
  startCases: ReadonlyArray<PlanCase>
  onSaved: (plan: LabTestPlanAnswer) => void
  onClose: () => void
}

/**
 * The draft editor's form (docs/decisions/0004) and what its buttons do: move, remove and add a
 * case with the focus following it; Save checks with planDraftProblem, then the server, and a
 * refusal lands in the form's error area with the focus on the case it names; Cancel asks when
 * something changed.
 */
export function useDraftForm({ planId, productClasses, startCases, onSaved, onClose }: DraftFormInput) {
  const formRef = React.useRef<HTMLFormElement>(null)
  const setFocusTarget = useFocusAfterRender(formRef)
  const [asking, setAsking] = React.useState(false)
  const save = useSaveTestPlanDraft()

  const focusProblem = (message: string | undefined, field?: string) => {
    const index = message ? problemCaseIndex(message, field) : null
    setFocusTarget(index === null ? `#${DRAFT_ERROR_ID}` : `[name="cases[${index}].name"]`)
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
    setFocusTarget(next < 0 ? `#${ADD_CASE_ID}` : `[name="cases[${next}].name"]`)
  }
  const add = () => {
    form.pushFieldValue('cases', emptyCase())
    setFocusTarget(`[name="cases[${cases.length}].name"]`)
  }
  const cancel = () => {
    if (draftChanged(form.state.values, startCases)) setAsking(true)
    else onClose()
  }

  return { form, formRef, cases, problem, move, remove, add, cancel, asking, setAsking }
}

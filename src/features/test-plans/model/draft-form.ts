import { formOptions } from '@tanstack/react-form'
import type { PlanCase, PlanCaseInput } from '@/contract/test-plans'

/*
 * The draft editor's values: the cases in order, each with a key of its own so that a case keeps
 * its inputs (and the focus) when it moves. The key never leaves the browser.
 */

export type DraftCase = PlanCaseInput & { key: string }
export type DraftValues = { cases: DraftCase[] }

let lastKey = 0
/** A key no other case of the page has. */
export const newCaseKey = () => {
  lastKey += 1
  return `case-${lastKey}`
}

export const emptyCase = (): DraftCase => ({
  key: newCaseKey(),
  name: '',
  description: '',
  firmwareSensitive: false,
  productClasses: [],
})

export const draftValuesOf = (cases: ReadonlyArray<PlanCase>): DraftValues => ({
  cases: cases.map((item) => ({
    key: newCaseKey(),
    name: item.name,
    description: item.description,
    firmwareSensitive: item.firmwareSensitive,
    productClasses: [...item.productClasses],
  })),
})

/** The cases as the save call takes them. */
export const draftPayloadCases = (values: DraftValues): PlanCaseInput[] =>
  values.cases.map(({ name, description, firmwareSensitive, productClasses }) => ({
    name,
    description,
    firmwareSensitive,
    productClasses,
  }))

/** A case's name as its buttons name it: 'Case 3' until it has one. */
export const caseLabel = (item: Pick<PlanCaseInput, 'name'>, index: number) =>
  item.name.trim() === '' ? `case ${index + 1}` : item.name.trim()

/**
 * The case a problem is about, from planDraftProblem's 'Case 3: …' or a refusal's field
 * ('cases[2].name', 'cases.2.name'): its index, or null.
 */
export function problemCaseIndex(message: string, field?: string): number | null {
  const fromField = field?.match(/^cases(?:\[(\d+)\]|\.(\d+))/)
  if (fromField) return Number(fromField[1] ?? fromField[2])
  const fromMessage = message.match(/^Case (\d+):/)
  return fromMessage ? Number(fromMessage[1]) - 1 : null
}

/** Whether the editor's cases differ from those it started from (Cancel asks before losing them). */
export function draftChanged(values: DraftValues, start: ReadonlyArray<PlanCaseInput>): boolean {
  const now = draftPayloadCases(values)
  if (now.length !== start.length) return true
  return now.some((item, index) => {
    const before = start[index]
    return (
      !before ||
      item.name !== before.name ||
      item.description !== before.description ||
      item.firmwareSensitive !== before.firmwareSensitive ||
      item.productClasses.join('\n') !== before.productClasses.join('\n')
    )
  })
}

/** The form's shape, shared by the editor and its case sub-form. */
export const draftFormOptions = formOptions({
  defaultValues: { cases: [] } as DraftValues,
  // Save checks the whole draft (planDraftProblem) and tells the first problem; never disabled.
  canSubmitWhenInvalid: true,
})

import { formOptions, revalidateLogic } from '@tanstack/react-form'
import type { SaveSection } from '@/contract/portfolio'
import {
  emptyPortfolioFormValues,
  type PortfolioFieldErrors,
  type PortfolioFormValues,
  pickSectionErrors,
  validatePortfolioOnSave,
  validatePortfolioOnSubmit,
} from '@/contract/validation/portfolio-form'

/*
 * The portfolio form's options, shared by the form and its sections (TanStack Form's large-form
 * composition: `useAppForm({ ...portfolioFormOptions, … })` once, each section a `withForm` over
 * the same options), and the check its Save and Submit buttons make (spec §4, §5).
 */

/**
 * What a press of Save or Submit checks, passed as the submit meta (`form.handleSubmit(check)`):
 * the save rules or the submit rules, for one section (1–3) or all of them (0). A section's Save
 * is { rules: 'save', section }; the form's Save section 0; Submit every section, or only the
 * device section of a submitted record being edited (docs/decisions/0012).
 */
export type PortfolioCheck = { rules: 'save' | 'submit'; section: SaveSection }

export const SUBMIT_CHECK: PortfolioCheck = { rules: 'submit', section: 0 }

export const portfolioFormOptions = formOptions({
  defaultValues: emptyPortfolioFormValues,
  onSubmitMeta: SUBMIT_CHECK,
  // The form validator runs on Save and Submit only (mode 'submit'); once a check has been made
  // its messages follow the typing (after a submission, on change).
  validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
  // Save and Submit stay pressable while messages show: each press checks again.
  canSubmitWhenInvalid: true,
})

/**
 * The messages to show: none before the first Save or Submit (check null), then the rules of the
 * last check made, for its section or all of them (spec §5).
 */
export function portfolioCheckErrors(
  values: PortfolioFormValues,
  check: PortfolioCheck | null,
  currentYear: number = new Date().getFullYear(),
): PortfolioFieldErrors {
  if (!check) return {}
  const errors =
    check.rules === 'submit'
      ? validatePortfolioOnSubmit(values, currentYear)
      : validatePortfolioOnSave(values, currentYear)
  return pickSectionErrors(errors, check.section)
}

/**
 * Where a form keeps the check whose messages show: set by Save and Submit before the form submits,
 * cleared after a success, read by the form validator (which TanStack Form hands the values and
 * the form, not the submit meta; docs/decisions/0004). Made once per form, outside rendering.
 */
export function createShownCheck() {
  let shown: PortfolioCheck | null = null
  return {
    read: (): PortfolioCheck | null => shown,
    set: (check: PortfolioCheck | null) => {
      shown = check
    },
  }
}

/** The form-level validator: the messages of the check in force on their fields (`{ fields }`), or nothing. */
export function portfolioFormValidator(readCheck: () => PortfolioCheck | null) {
  return ({ value }: { value: PortfolioFormValues }) => {
    const errors = portfolioCheckErrors(value, readCheck())
    return Object.keys(errors).length > 0 ? { fields: errors } : undefined
  }
}

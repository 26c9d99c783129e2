import { useNavigate, useRouterState } from '@tanstack/react-router'
import * as React from 'react'
import { flushSync } from 'react-dom'
import { toast } from 'sonner'
import { useAppForm } from '@/components/form/form-kit'
import type { CountryDetail } from '@/contract/address'
import type { AuthData } from '@/contract/auth'
import type { CatalogueAnswer } from '@/contract/catalogue'
import { NO_UPDATES_MESSAGE, SAVE_SECTION_MESSAGES } from '@/contract/messages'
import type { RecordDetails, SaveSection, SavedPortfolio } from '@/contract/portfolio'
import {
  recordToFormValues,
  savedPortfolioToFormValues,
  toSavePayload,
  toSubmitPayload,
  toUpdateRecordPayload,
} from '@/contract/portfolio-payload'
import type { PortfolioType } from '@/contract/portfolio-types'
import type {
  PortfolioFieldErrors,
  PortfolioFormValues,
  PortfolioSection as SectionNumber,
} from '@/contract/validation/portfolio-form'
import { useSavePortfolioMutation } from '@/features/portfolio/api/save-portfolio'
import { useSubmitPortfolioMutation } from '@/features/portfolio/api/submit-portfolio'
import { useUpdateRecordMutation } from '@/features/portfolio/api/update-record'
import { useReviseRecordMutation } from '@/features/portfolio/api/revise-record'
import {
  REVISION_NOTE_ID,
  revisionFormField,
  toReviseRecordPayload,
} from '@/features/portfolio/model/revision-form'
import {
  createShownCheck,
  type PortfolioCheck,
  portfolioCheckErrors,
  portfolioFormOptions,
  portfolioFormValidator,
} from '@/features/portfolio/model/portfolio-form-options'
import { sectionsWithErrors, typeOfSection } from '@/features/portfolio/model/portfolio-sections'
import {
  authDataAfterSave,
  authDataAfterSubmit,
  hasChangesToSave,
  hasSavedDraft,
  initialSectionModes,
  modesAfterSave,
  RECORD_EDIT_MODES,
  RECORD_EDIT_SECTION,
  type SectionModes,
} from '@/features/portfolio/model/portfolio-state'
import { answerOrNull } from '@/lib/api-failure'
import { useTimeout } from '@/lib/clock'
import { writeAuthData } from '@/lib/storage'

/**
 * Spec §4, §9: after a successful submit the vendor returns home 2 s later. The update of a
 * submitted record waits as long, then returns to the dashboard it came from (decision 0012).
 */
export const SUBMIT_REDIRECT_MS = 2000

export const FORM_ID = 'portfolio-form'

export type PortfolioFormProps = {
  authData: AuthData
  /** The vendor's saved portfolio (a draft, a submitted request or the registration details). */
  saved: SavedPortfolio | null
  catalogue: CatalogueAnswer
  countries: ReadonlyArray<CountryDetail>
  /** The section to scroll to (the `portfolio` search parameter). */
  focusSection?: PortfolioType | undefined
  /** The submitted record being edited (docs/decisions/0012), or null for the usual form. */
  record: RecordDetails | null
  /**
   * With `record`: its next revision is made rather than the record edited (docs/decisions/0033).
   * The device section shows the vendor, name, type and class read-only.
   */
  revise?: boolean | undefined
}

type FormData = Pick<PortfolioFormProps, 'authData' | 'saved' | 'catalogue' | 'record'>

function startingValues({ saved, catalogue, authData, record }: FormData): PortfolioFormValues {
  const opened = savedPortfolioToFormValues(saved, catalogue)
  // The email is read-only: without a saved one it is the account's.
  const values = opened.email ? opened : { ...opened, email: authData.emailId }
  return record ? recordToFormValues(values, record) : values
}

/** Each section's mode (create or view) and fold, and the opening of those a check finds fault in. */
export function useSectionStates(editing: boolean, saved: SavedPortfolio | null, revising = false) {
  const [modes, setModes] = React.useState<SectionModes>(() =>
    editing ? RECORD_EDIT_MODES : initialSectionModes(saved),
  )
  // Revise mode folds the sections a revision does not change: the device's fields come right
  // under what the revision is and why (docs/decisions/0033).
  const [open, setOpen] = React.useState<Record<SectionNumber, boolean>>({
    1: !revising,
    2: !revising,
    3: true,
  })

  /** The sections with messages open in create mode; the first field with one takes focus (spec §4). */
  const revealErrors = (errors: PortfolioFieldErrors) => {
    const sections = sectionsWithErrors(errors)
    // The check ran after the press's event had ended: the sections render their fields now, so
    // that the field to focus is there.
    flushSync(() => {
      setModes((current) => {
        const next = { ...current }
        for (const section of sections) next[section] = 'create'
        return next
      })
      setOpen((current) => {
        const next = { ...current }
        for (const section of sections) next[section] = true
        return next
      })
    })
    requestAnimationFrame(() => {
      document.getElementById(FORM_ID)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
    })
  }
  return { modes, setModes, open, setOpen, revealErrors }
}

type Sent = {
  /** The check whose messages show: cleared after a success (spec §5). */
  clearCheck: () => void
  /** A refusal naming a field of the form: its message on that field, which takes the focus. */
  showFieldError: (field: keyof PortfolioFormValues, message: string) => void
  setModes: React.Dispatch<React.SetStateAction<SectionModes>>
  setSubmitted: (submitted: boolean) => void
}

/** Save (a section, or all), Submit, and Submit of a record being edited; each tells its answer. */
function usePortfolioRequests({ authData, saved, catalogue }: FormData, sent: Sent) {
  const savePortfolio = useSavePortfolioMutation()
  const submitPortfolio = useSubmitPortfolioMutation()
  const updateRecord = useUpdateRecordMutation()
  const reviseRecord = useReviseRecordMutation()
  // The last saved copy, for the no-change warning (spec §4); it follows the reloaded data.
  const lastSaved = React.useMemo(
    () => (hasSavedDraft(saved) ? savedPortfolioToFormValues(saved, catalogue) : null),
    [saved, catalogue],
  )

  const save = async (values: PortfolioFormValues, section: SaveSection) => {
    if (!hasChangesToSave(values, lastSaved, section)) {
      toast.warning(NO_UPDATES_MESSAGE)
      return
    }
    const payload = toSavePayload(values, { vendorUserId: authData.vendorUserId, saveSection: section })
    // A failed call is told by the query client (spec §8): the form only stops.
    if ((await answerOrNull(savePortfolio.mutateAsync(payload))) === null) return
    toast.success(SAVE_SECTION_MESSAGES[section])
    sent.clearCheck()
    sent.setModes((current) => modesAfterSave(current, section))
    writeAuthData(authDataAfterSave(authData))
  }

  /** Submit in edit mode: the record updated in place. */
  const update = async (values: PortfolioFormValues, { portfolioManagerId }: RecordDetails) => {
    const payload = toUpdateRecordPayload(values, { vendorUserId: authData.vendorUserId, portfolioManagerId })
    const answer = await answerOrNull(updateRecord.mutateAsync(payload))
    if (answer === null) return
    toast.success(answer.message)
    sent.clearCheck()
    sent.setSubmitted(true)
  }

  /** Submit in revise mode: the record's next revision; a refusal of a field shows on it. */
  const revise = async (values: PortfolioFormValues, { portfolioManagerId }: RecordDetails) => {
    const payload = toReviseRecordPayload(values, { vendorUserId: authData.vendorUserId, portfolioManagerId })
    const outcome = await answerOrNull(reviseRecord.mutateAsync(payload))
    if (outcome === null) return
    if (!outcome.ok) {
      const field = revisionFormField(outcome.field)
      if (field) sent.showFieldError(field, outcome.message)
      return
    }
    toast.success(outcome.data.message)
    sent.clearCheck()
    sent.setSubmitted(true)
  }

  const submit = async (values: PortfolioFormValues) => {
    const payload = toSubmitPayload(values, { vendorUserId: authData.vendorUserId, saved })
    const answer = await answerOrNull(submitPortfolio.mutateAsync(payload))
    if (answer === null) return
    toast.success(answer.message)
    writeAuthData(authDataAfterSubmit(authData))
    sent.clearCheck()
    sent.setSubmitted(true)
  }

  const pending: 'update' | 'revise' | 'submit' | null = updateRecord.isPending
    ? 'update'
    : reviseRecord.isPending
      ? 'revise'
      : submitPortfolio.isPending
        ? 'submit'
        : null
  const sending =
    savePortfolio.isPending || submitPortfolio.isPending || updateRecord.isPending || reviseRecord.isPending
  return { save, update, revise, submit, sending, pending }
}

/**
 * The portfolio form's state (spec §2, §3, §4, §5, §8): three sections over one TanStack Form.
 * Save and Submit hand their check to `form.handleSubmit` as submit meta; the form validator shows
 * that check's messages on the fields, and they follow the typing from then on.
 */
export function usePortfolioForm(data: FormData & { revise?: boolean | undefined }) {
  const { authData, saved, catalogue, record } = data
  const revising = record !== null && data.revise === true
  const navigate = useNavigate()
  const editing = record !== null
  const sections = useSectionStates(editing, saved, revising)
  const [submitted, setSubmitted] = React.useState(false)
  // The check whose messages show, null until Save or Submit and after a success (spec §5). The
  // form validator reads it: TanStack Form gives validators the values, not the submit meta.
  const [shownCheck] = React.useState(createShownCheck)
  // The form is made below; a refusal's field error is put on it when the answer comes.
  const putFieldError = React.useRef<(field: keyof PortfolioFormValues, message: string) => void>(() => {})
  const requests = usePortfolioRequests(data, {
    clearCheck: () => shownCheck.set(null),
    showFieldError: (field, message) => {
      putFieldError.current(field, message)
      sections.revealErrors({ [field]: message })
    },
    setModes: sections.setModes,
    setSubmitted,
  })
  const defaultValues = React.useMemo(
    () => startingValues({ saved, catalogue, authData, record }),
    [saved, catalogue, authData, record],
  )

  const form = useAppForm({
    ...portfolioFormOptions,
    defaultValues,
    validators: { onDynamic: portfolioFormValidator(shownCheck.read) },
    // A server's message on a field (revise mode) goes as soon as that field, or a row of it, changes.
    listeners: { onChange: ({ fieldApi, formApi }) => clearServerError(formApi, fieldApi.name) },
    onSubmitInvalid: ({ value, meta }) => sections.revealErrors(portfolioCheckErrors(value, meta)),
    onSubmit: async ({ value, meta }) => {
      if (meta.rules === 'save') await requests.save(value, meta.section)
      else if (record && revising) await requests.revise(value, record)
      else if (record) await requests.update(value, record)
      else await requests.submit(value)
    },
  })
  React.useLayoutEffect(() => {
    // The server's message on the field, until the field changes (TanStack Form's onServer error).
    putFieldError.current = (field, message) =>
      form.setFieldMeta(field, (meta) => ({ ...meta, errorMap: { ...meta.errorMap, onServer: message } }))
  })

  /** Save (a section, or all) or Submit: the check becomes the one shown, then the form submits. */
  const check = async (made: PortfolioCheck) => {
    shownCheck.set(made)
    // The messages of the previous check give way to this one's first: handleSubmit stops at any
    // field that still holds one.
    await form.validate('submit')
    await form.handleSubmit(made)
  }

  const leave = () => void navigate({ to: editing ? '/dashboard' : '/' })
  useTimeout(leave, submitted ? SUBMIT_REDIRECT_MS : null)
  /**
   * Whether leaving now would lose changes: the values as a save would send them, against those
   * the form opened with (the saved draft, read again after each save). Not once submitted.
   */
  const hasChanges = () => !submitted && hasChangesToSave(form.state.values, defaultValues, 0)

  return { form, check, leave, hasChanges, editing, revising, submitted, sections, ...requests }
}

type ServerErrorHolder = {
  getFieldMeta: (name: never) => { errorMap: { onServer?: unknown } } | undefined
  setFieldMeta: (name: never, update: (meta: never) => unknown) => void
}

/** Takes the server's message off a field and off the list it is a row of ('deviceNumberList[1]'). */
function clearServerError(formApi: unknown, name: string) {
  const form = formApi as ServerErrorHolder
  for (const field of new Set([name, name.split('[')[0] ?? name]) as Set<never>) {
    if (form.getFieldMeta(field)?.errorMap.onServer === undefined) continue
    form.setFieldMeta(field, ((meta: { errorMap: object }) => ({
      ...meta,
      errorMap: { ...meta.errorMap, onServer: undefined },
    })) as never)
  }
}

/**
 * Spec §2: the `portfolio` search value scrolls to its section once the form is there, and focus
 * moves to the section's heading (the next Tab is the section's own). A record being edited opens
 * at its device section, its first field focused. Once the router is idle: after a navigation it
 * puts the window back at the top when it has rendered the new screen.
 */
export function useScrollToSection(
  focusSection: PortfolioType | undefined,
  editing: boolean,
  /** Revise mode: the first field to change is the device count (the device itself is fixed). */
  revising = false,
) {
  // Revise mode opens at what the revision is and the lab's reason, its first field focused below.
  const scrollTo = revising ? REVISION_NOTE_ID : editing ? typeOfSection(RECORD_EDIT_SECTION) : focusSection
  const routerIdle = useRouterState({ select: (state) => state.status === 'idle' })
  const scrolledTo = React.useRef<string | undefined>(undefined)
  React.useEffect(() => {
    if (!scrollTo || !routerIdle || scrolledTo.current === scrollTo) return
    scrolledTo.current = scrollTo
    const target = document.getElementById(scrollTo)
    target?.scrollIntoView({ block: 'start' })
    const fields = revising ? document.getElementById(typeOfSection(RECORD_EDIT_SECTION)) : target
    const first = revising ? 'input' : '[role="combobox"]'
    if (editing) fields?.querySelector<HTMLElement>(first)?.focus({ preventScroll: true })
    else target?.querySelector<HTMLElement>('h2[tabindex="-1"]')?.focus({ preventScroll: true })
  }, [scrollTo, routerIdle, editing, revising])
}

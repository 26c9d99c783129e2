import { useNavigate, useRouterState } from '@tanstack/react-router'
import * as React from 'react'
import { flushSync } from 'react-dom'
import { toast } from 'sonner'
import { useAppForm } from '@/components/form/form-kit'
import { Button } from '@/components/ui/button'
import { LoadingOverlay } from '@/components/ui/loading-overlay'
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
import { DeviceFields, DeviceSummary } from '@/features/portfolio/components/device-section'
import {
  LineOfBusinessFields,
  LineOfBusinessSummary,
} from '@/features/portfolio/components/line-of-business-section'
import { OrganizationFields, OrganizationSummary } from '@/features/portfolio/components/organization-section'
import { PortfolioSection } from '@/features/portfolio/components/portfolio-section'
import {
  createShownCheck,
  type PortfolioCheck,
  portfolioCheckErrors,
  portfolioFormOptions,
  portfolioFormValidator,
  SUBMIT_CHECK,
} from '@/features/portfolio/model/portfolio-form-options'
import {
  SECTION_TITLES,
  sectionsWithErrors,
  typeOfSection,
} from '@/features/portfolio/model/portfolio-sections'
import {
  authDataAfterSave,
  authDataAfterSubmit,
  hasChangesToSave,
  hasSavedDraft,
  initialSectionModes,
  modesAfterSave,
  RECORD_EDIT_MODES,
  RECORD_EDIT_SECTION,
  type SectionMode,
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

const FORM_ID = 'portfolio-form'

/** Submit of a record being edited: the submit rules, for its device section only. */
const RECORD_SUBMIT_CHECK: PortfolioCheck = { rules: 'submit', section: RECORD_EDIT_SECTION }

type PortfolioFormProps = {
  authData: AuthData
  /** The vendor's saved portfolio (a draft, a submitted request or the registration details). */
  saved: SavedPortfolio | null
  catalogue: CatalogueAnswer
  countries: ReadonlyArray<CountryDetail>
  /** The section to scroll to (the `portfolio` search parameter). */
  focusSection?: PortfolioType | undefined
  /** The submitted record being edited (docs/decisions/0012), or null for the usual form. */
  record: RecordDetails | null
}

function startingValues(
  saved: SavedPortfolio | null,
  catalogue: CatalogueAnswer,
  authData: AuthData,
  record: RecordDetails | null,
): PortfolioFormValues {
  const opened = savedPortfolioToFormValues(saved, catalogue)
  // The email is read-only: without a saved one it is the account's.
  const values = opened.email ? opened : { ...opened, email: authData.emailId }
  return record ? recordToFormValues(values, record) : values
}

/**
 * The portfolio form (spec §2, §3, §4, §5, §8): three sections, each with its own Save, over one
 * TanStack Form. Save and Submit hand their check to `form.handleSubmit` as submit meta; the form
 * validator shows that check's messages on the fields, and they follow the typing from then on.
 */
export function PortfolioForm({
  authData,
  saved,
  catalogue,
  countries,
  focusSection,
  record,
}: PortfolioFormProps) {
  const navigate = useNavigate()
  const savePortfolio = useSavePortfolioMutation()
  const submitPortfolio = useSubmitPortfolioMutation()
  const updateRecord = useUpdateRecordMutation()
  const editing = record !== null
  const [modes, setModes] = React.useState<SectionModes>(() =>
    editing ? RECORD_EDIT_MODES : initialSectionModes(saved),
  )
  const [open, setOpen] = React.useState<Record<SectionNumber, boolean>>({ 1: true, 2: true, 3: true })
  const [submitted, setSubmitted] = React.useState(false)
  // The check whose messages show, null until Save or Submit and after a success (spec §5). The
  // form validator reads it: TanStack Form gives validators the values, not the submit meta.
  const [shownCheck] = React.useState(createShownCheck)

  // The last saved copy, for the no-change warning (spec §4); it follows the reloaded data.
  const lastSaved = React.useMemo(
    () => (hasSavedDraft(saved) ? savedPortfolioToFormValues(saved, catalogue) : null),
    [saved, catalogue],
  )
  const defaultValues = React.useMemo(
    () => startingValues(saved, catalogue, authData, record),
    [saved, catalogue, authData, record],
  )

  const sending = savePortfolio.isPending || submitPortfolio.isPending || updateRecord.isPending

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

  const save = async (values: PortfolioFormValues, section: SaveSection) => {
    if (!hasChangesToSave(values, lastSaved, section)) {
      toast.warning(NO_UPDATES_MESSAGE)
      return
    }
    const payload = toSavePayload(values, { vendorUserId: authData.vendorUserId, saveSection: section })
    // A failed call is told by the query client (spec §8): the form only stops.
    if ((await answerOrNull(savePortfolio.mutateAsync(payload))) === null) return
    toast.success(SAVE_SECTION_MESSAGES[section])
    shownCheck.set(null)
    setModes((current) => modesAfterSave(current, section))
    writeAuthData(authDataAfterSave(authData))
  }

  /** Submit in edit mode: the record updated in place. */
  const update = async (values: PortfolioFormValues, { portfolioManagerId }: RecordDetails) => {
    const payload = toUpdateRecordPayload(values, { vendorUserId: authData.vendorUserId, portfolioManagerId })
    const answer = await answerOrNull(updateRecord.mutateAsync(payload))
    if (answer === null) return
    toast.success(answer.message)
    shownCheck.set(null)
    setSubmitted(true)
  }

  const submit = async (values: PortfolioFormValues) => {
    const payload = toSubmitPayload(values, { vendorUserId: authData.vendorUserId, saved })
    const answer = await answerOrNull(submitPortfolio.mutateAsync(payload))
    if (answer === null) return
    toast.success(answer.message)
    writeAuthData(authDataAfterSubmit(authData))
    shownCheck.set(null)
    setSubmitted(true)
  }

  const form = useAppForm({
    ...portfolioFormOptions,
    defaultValues,
    validators: { onDynamic: portfolioFormValidator(shownCheck.read) },
    onSubmitInvalid: ({ value, meta }) => revealErrors(portfolioCheckErrors(value, meta)),
    onSubmit: async ({ value, meta }) => {
      if (meta.rules === 'save') await save(value, meta.section)
      else if (record) await update(value, record)
      else await submit(value)
    },
  })

  /** Save (a section, or all) or Submit: the check becomes the one shown, then the form submits. */
  const check = async (made: PortfolioCheck) => {
    shownCheck.set(made)
    // The messages of the previous check give way to this one's first: handleSubmit stops at any
    // field that still holds one.
    await form.validate('submit')
    await form.handleSubmit(made)
  }

  useTimeout(
    () => {
      void navigate({ to: editing ? '/dashboard' : '/' })
    },
    submitted ? SUBMIT_REDIRECT_MS : null,
  )

  // Spec §2: the `portfolio` search value scrolls to its section once the form is there. A record
  // being edited opens at its device section, its first field focused. Once the router is idle:
  // after a navigation it puts the window back at the top when it has rendered the new screen.
  const scrollTo = editing ? typeOfSection(RECORD_EDIT_SECTION) : focusSection
  const routerIdle = useRouterState({ select: (state) => state.status === 'idle' })
  const scrolledTo = React.useRef<string | undefined>(undefined)
  React.useEffect(() => {
    if (!scrollTo || !routerIdle || scrolledTo.current === scrollTo) return
    scrolledTo.current = scrollTo
    const target = document.getElementById(scrollTo)
    target?.scrollIntoView({ block: 'start' })
    if (editing) target?.querySelector<HTMLElement>('[role="combobox"]')?.focus({ preventScroll: true })
  }, [scrollTo, routerIdle, editing])

  const setMode = (section: SectionNumber, mode: SectionMode) =>
    setModes((current) => ({ ...current, [section]: mode }))

  const sectionProps = (section: SectionNumber) => ({
    id: typeOfSection(section),
    ...SECTION_TITLES[section],
    mode: modes[section],
    onModeChange: (mode: SectionMode) => setMode(section, mode),
    open: open[section],
    onOpenChange: (next: boolean) => setOpen((current) => ({ ...current, [section]: next })),
    // Editing a submitted record: no drafts are saved, and only its device section changes.
    ...(editing
      ? { modeLocked: section !== RECORD_EDIT_SECTION }
      : {
          onSave: () => void check({ rules: 'save', section }),
          saveDisabled: sending || submitted,
        }),
  })

  return (
    <LoadingOverlay
      loading={sending}
      label={
        updateRecord.isPending
          ? 'Updating the device record…'
          : submitPortfolio.isPending
            ? 'Submitting your portfolio…'
            : 'Saving…'
      }
    >
      <form
        id={FORM_ID}
        noValidate
        aria-label="Portfolio form"
        className="flex flex-col gap-5"
        onSubmit={(event) => {
          event.preventDefault()
          void check(editing ? RECORD_SUBMIT_CHECK : SUBMIT_CHECK)
        }}
      >
        {record ? (
          <div
            role="note"
            aria-label="Editing a submitted record"
            className="rounded-card border border-brand-200 bg-brand-50 px-4 py-3 text-body text-ink sm:px-6"
          >
            <p>
              <strong className="font-semibold">Editing a submitted device:</strong> {record.deviceName} (
              {record.vendor}), submitted by {record.createdBy}. Change its device details below and submit
              them; the organization and line of business stay as they were submitted.
            </p>
          </div>
        ) : null}
        <PortfolioSection {...sectionProps(1)}>
          {modes[1] === 'create' ? (
            <OrganizationFields form={form} countries={countries} />
          ) : (
            <OrganizationSummary form={form} />
          )}
        </PortfolioSection>
        <PortfolioSection {...sectionProps(2)}>
          {modes[2] === 'create' ? (
            <LineOfBusinessFields form={form} />
          ) : (
            <LineOfBusinessSummary form={form} />
          )}
        </PortfolioSection>
        <PortfolioSection {...sectionProps(3)}>
          {modes[3] === 'create' ? (
            <DeviceFields form={form} catalogue={catalogue} />
          ) : (
            <DeviceSummary form={form} />
          )}
        </PortfolioSection>

        <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-end gap-2 border-t border-line bg-surface/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-card sm:border">
          <Button
            variant="ghost"
            onClick={() => void navigate({ to: editing ? '/dashboard' : '/' })}
            disabled={sending}
          >
            Cancel
          </Button>
          {editing ? null : (
            <Button
              variant="outline"
              onClick={() => void check({ rules: 'save', section: 0 })}
              disabled={sending || submitted}
            >
              Save
            </Button>
          )}
          <Button type="submit" disabled={sending || submitted}>
            Submit
          </Button>
        </div>
      </form>
    </LoadingOverlay>
  )
}

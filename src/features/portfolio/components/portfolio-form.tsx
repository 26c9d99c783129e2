import { useStore } from '@tanstack/react-form'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { Plus, Trash2 } from 'lucide-react'
import * as React from 'react'
import { toast } from 'sonner'
import { CountryCodeSelect } from '@/components/form/country-code-select'
import { useAppForm } from '@/components/form/form-kit'
import { Button } from '@/components/ui/button'
import { Field, FieldError, FieldLabel } from '@/components/ui/field'
import { LoadingOverlay } from '@/components/ui/loading-overlay'
import type { CountryDetail } from '@/contract/address'
import {
  type AddressFields,
  chooseCountry,
  chooseState,
  cityOptions,
  stateOptions,
} from '@/contract/address-cascade'
import type { AuthData } from '@/contract/auth'
import type { CatalogueAnswer } from '@/contract/catalogue'
import {
  ENG_BUILD_YES_HINT,
  engBuildNoHint,
  NO_UPDATES_MESSAGE,
  SAVE_SECTION_MESSAGES,
} from '@/contract/messages'
import type { RecordDetails, SaveSection, SavedPortfolio } from '@/contract/portfolio'
import { PORTFOLIO_TYPES, type PortfolioType } from '@/contract/portfolio-types'
import { ONLY_SUBMITTED_EDITABLE_MESSAGE } from '@/contract/server-messages'
import { ENG_BUILD_OPTIONS, LINES_OF_BUSINESS, WEEKDAYS } from '@/contract/validation/fields'
import {
  ADD_NEW_DEVICE_NAME,
  ADD_NEW_DEVICE_TYPE,
  ADD_NEW_PRODUCT_CLASS,
  pickSectionErrors,
  type PortfolioFieldErrors,
  type PortfolioFieldPath,
  type PortfolioFormValues,
  type PortfolioSection as SectionNumber,
  portfolioSectionOf,
  validatePortfolioOnSave,
  validatePortfolioOnSubmit,
} from '@/contract/validation/portfolio-form'
import { catalogueQueryOptions } from '@/features/portfolio/api/catalogue'
import { portfolioQueryOptions } from '@/features/portfolio/api/get-portfolio'
import { recordQueryOptions } from '@/features/portfolio/api/get-record'
import { useSavePortfolioMutation } from '@/features/portfolio/api/save-portfolio'
import { useSubmitPortfolioMutation } from '@/features/portfolio/api/submit-portfolio'
import { useUpdateRecordMutation } from '@/features/portfolio/api/update-record'
import { PortfolioSection, SectionSummary } from '@/features/portfolio/components/portfolio-section'
import {
  chooseDeviceName,
  chooseDeviceType,
  chooseManufacturer,
  deviceNameOptions,
  deviceTypeOptions,
  productClassOptions,
} from '@/features/portfolio/model/catalogue-cascade'
import {
  recordToFormValues,
  savedPortfolioToFormValues,
  toSavePayload,
  toSubmitPayload,
  toUpdateRecordPayload,
} from '@/contract/portfolio-payload'
import {
  authDataAfterSave,
  authDataAfterSubmit,
  hasChangesToSave,
  hasSavedDraft,
  initialSectionModes,
  modesAfterSave,
  PORTFOLIO_SECTIONS,
  RECORD_EDIT_MODES,
  RECORD_EDIT_SECTION,
  type SectionMode,
  type SectionModes,
} from '@/features/portfolio/model/portfolio-state'
import { addressQueryOptions } from '@/lib/address-query'
import { ApiNetworkError } from '@/lib/api-client'
import { ApiAnswerError } from '@/lib/call-endpoint'
import { useTimeout } from '@/lib/clock'
import { getSupportEmail } from '@/lib/config'
import { queryKeys } from '@/lib/query-keys'
import { writeAuthData } from '@/lib/storage'

/**
 * Spec §4, §9: after a successful submit the vendor returns home 2 s later. The update of a
 * submitted record waits as long, then returns to the dashboard it came from (decision 0012).
 */
export const SUBMIT_REDIRECT_MS = 2000

/** The section of each portfolio type (the `portfolio` search value and the section's anchor). */
const SECTION_OF_TYPE: Record<PortfolioType, SectionNumber> = {
  'organization-portfolio': 1,
  'line-of-business-portfolio': 2,
  'device-portfolio': 3,
}
const TYPE_OF_SECTION = Object.fromEntries(
  PORTFOLIO_TYPES.map((type) => [SECTION_OF_TYPE[type], type]),
) as Record<SectionNumber, PortfolioType>

const SECTION_TITLES: Record<SectionNumber, { title: string; description: string }> = {
  1: { title: 'Portfolio Manager', description: 'Your organization and who we contact about it' },
  2: { title: 'Line of Business', description: 'The networks your devices are made for' },
  3: { title: 'Device Portfolio', description: 'The device to certify, its serial numbers and firmware' },
}

/**
 * The text shown for {secret} in the SSH hint (spec §2): where the credentials go, which is not
 * this form — they are sent to the support address.
 */
export const sshSecretText = () => `send them to ${getSupportEmail()}, never in this form`

const FORM_ID = 'portfolio-form'

const SERIAL_LIST_ERROR_ID = 'serial-numbers-error'

const MAX_SERIAL_ROWS = 3
/** Spec §2: serial rows up to the device count, clamped to 0–3 (one row is always shown). */
export function serialRowLimit(deviceCount: string): number {
  const count = /^\d+$/.test(deviceCount.trim()) ? Number(deviceCount.trim()) : 0
  return Math.max(1, Math.min(MAX_SERIAL_ROWS, count))
}

const OPTION = (value: string) => ({ value, label: value })
const DAY_OPTIONS = WEEKDAYS.map((day) => ({ value: day, label: day.charAt(0), srLabel: day }))
const LOB_OPTIONS = LINES_OF_BUSINESS.map(OPTION)
const ENG_BUILD_SELECT = ENG_BUILD_OPTIONS.map(OPTION)

type Shown = { check: 'save' | 'submit'; section: SaveSection } | null

type PortfolioFormProps = {
  authData: AuthData
  /** The section to scroll to (the `portfolio` search parameter). */
  focusSection?: PortfolioType | undefined
  /**
   * A submitted record to edit (the `record` search parameter, docs/decisions/0012): its device
   * section opens for changes and Submit updates that record.
   */
  recordId?: string | undefined
}

/**
 * /portfolio (spec §2, §3, §4, §5, §8): loads the vendor's saved portfolio, the device catalogue
 * and the country list (and the record being edited, if any), then shows the form over them; until
 * then a loading overlay blocks it.
 */
export function PortfolioForm({ authData, focusSection, recordId }: PortfolioFormProps) {
  const vendorUserId = authData.vendorUserId || undefined
  const savedQuery = useQuery(portfolioQueryOptions(vendorUserId))
  const catalogueQuery = useQuery(catalogueQueryOptions())
  const countriesQuery = useQuery(addressQueryOptions())
  // Without a vendorUserId the form loads no data (spec §4), the record neither.
  const editing = recordId !== undefined && vendorUserId !== undefined
  const recordQuery = useQuery(recordQueryOptions(vendorUserId, editing ? recordId : undefined))
  const record = editing ? recordQuery.data : undefined

  if (editing && recordQuery.error instanceof ApiAnswerError && recordQuery.error.status === 404) {
    return (
      <RecordNotEditable title="This device record was not found">
        <p>{recordQuery.error.message}</p>
        <p>It may have been deleted. Your dashboard lists the records you can edit.</p>
      </RecordNotEditable>
    )
  }
  if (record && record.status !== 'Submitted') {
    return (
      <RecordNotEditable title="This device record can no longer be edited">
        <p>{ONLY_SUBMITTED_EDITABLE_MESSAGE}</p>
        <p>
          {record.deviceName} ({record.vendor}) is now {statusWords(record.status)}. A record whose
          certification has started keeps the device details it was certified with.
        </p>
      </RecordNotEditable>
    )
  }

  const ready =
    (!vendorUserId || savedQuery.isSuccess) && catalogueQuery.isSuccess && (!editing || recordQuery.isSuccess)
  const failed = savedQuery.isError || catalogueQuery.isError || (editing && recordQuery.isError)
  if (failed) {
    return (
      <div
        role="alert"
        className="flex flex-col items-start gap-3 rounded-card border border-danger/30 bg-danger/5 p-6"
      >
        <p className="text-body font-semibold text-ink">
          {editing ? 'This device record could not be loaded.' : 'Your portfolio could not be loaded.'}
        </p>
        <p className="text-small text-ink-muted">
          {(savedQuery.error ?? catalogueQuery.error ?? recordQuery.error)?.message ?? 'Please try again.'}
        </p>
        <Button
          variant="outline"
          onClick={() => {
            void savedQuery.refetch()
            void catalogueQuery.refetch()
            if (editing) void recordQuery.refetch()
          }}
        >
          Try again
        </Button>
      </div>
    )
  }
  if (!ready) {
    return (
      <LoadingOverlay loading label={editing ? 'Loading the device record…' : 'Loading your portfolio…'}>
        <div className="flex flex-col gap-4" aria-hidden="true">
          {PORTFOLIO_SECTIONS.map((section) => (
            <div key={section} className="h-28 rounded-card border border-line bg-surface-muted" />
          ))}
        </div>
      </LoadingOverlay>
    )
  }
  return (
    <PortfolioEditor
      authData={authData}
      saved={vendorUserId ? (savedQuery.data ?? null) : null}
      catalogue={catalogueQuery.data}
      countries={countriesQuery.data?.countryDetailsList ?? []}
      focusSection={focusSection}
      record={record ?? null}
    />
  )
}

/** Spec §4's statuses in the dashboard's words. */
function statusWords(status: string): string {
  if (status === 'InProgress') return 'In Progress'
  return status
}

/**
 * Instead of the form, when the record asked for cannot be edited: unknown, another vendor's, or
 * past Submitted. Says why, and leads back to the dashboard.
 */
function RecordNotEditable({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section
      aria-labelledby="record-not-editable-title"
      className="flex flex-col items-start gap-3 rounded-card border border-line bg-surface-muted p-6"
    >
      <h2 id="record-not-editable-title" className="text-heading text-ink">
        {title}
      </h2>
      <div className="flex flex-col gap-1 text-body text-ink-muted">{children}</div>
      <Button asChild variant="outline">
        <Link to="/dashboard">Back to the dashboard</Link>
      </Button>
    </section>
  )
}

type EditorProps = {
  authData: AuthData
  saved: SavedPortfolio | null
  catalogue: CatalogueAnswer
  countries: ReadonlyArray<CountryDetail>
  focusSection?: PortfolioType | undefined
  /** The submitted record being edited, or null for the usual form. */
  record: RecordDetails | null
}

function startingValues(
  saved: SavedPortfolio | null,
  catalogue: CatalogueAnswer,
  authData: AuthData,
  record: RecordDetails | null,
) {
  const opened = savedPortfolioToFormValues(saved, catalogue)
  // The email is read-only: without a saved one it is the account's.
  const values = opened.email ? opened : { ...opened, email: authData.emailId }
  return record ? recordToFormValues(values, record) : values
}

const DEVICE_SECTION_ID = TYPE_OF_SECTION[RECORD_EDIT_SECTION]

function PortfolioEditor({ authData, saved, catalogue, countries, focusSection, record }: EditorProps) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const savePortfolio = useSavePortfolioMutation()
  const submitPortfolio = useSubmitPortfolioMutation()
  const updateRecord = useUpdateRecordMutation()
  const editing = record !== null
  const [modes, setModes] = React.useState<SectionModes>(() =>
    editing ? RECORD_EDIT_MODES : initialSectionModes(saved),
  )
  const [open, setOpen] = React.useState<Record<SectionNumber, boolean>>({ 1: true, 2: true, 3: true })
  const [shown, setShown] = React.useState<Shown>(null)
  const [submitted, setSubmitted] = React.useState(false)

  const form = usePortfolioForm(startingValues(saved, catalogue, authData, record))

  // The last saved copy, for the no-change warning (spec §4); it follows the reloaded data.
  const lastSaved = React.useMemo(
    () => (hasSavedDraft(saved) ? savedPortfolioToFormValues(saved, catalogue) : null),
    [saved, catalogue],
  )

  const errors = useStore(form.store, (state) => visibleErrors(state.values, shown))
  const errorOf = (path: PortfolioFieldPath) => errors[path]

  const sending = savePortfolio.isPending || submitPortfolio.isPending || updateRecord.isPending

  useTimeout(
    () => {
      void navigate({ to: editing ? '/dashboard' : '/' })
    },
    submitted ? SUBMIT_REDIRECT_MS : null,
  )

  // Spec §2: the `portfolio` search value scrolls to its section once the form is there. A record
  // being edited opens at its device section, its first field focused.
  const scrollTo = editing ? DEVICE_SECTION_ID : focusSection
  React.useEffect(() => {
    if (!scrollTo) return
    const target = document.getElementById(scrollTo)
    target?.scrollIntoView({ block: 'start' })
    if (editing) target?.querySelector<HTMLElement>('[role="combobox"]')?.focus({ preventScroll: true })
  }, [scrollTo, editing])

  const revealErrors = (found: PortfolioFieldErrors) => {
    const sections = new Set(Object.keys(found).map((path) => portfolioSectionOf(path as PortfolioFieldPath)))
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
    // After the sections have rendered their fields: the first field with a message takes focus.
    requestAnimationFrame(() => {
      document.getElementById(FORM_ID)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
    })
  }

  const save = async (section: SaveSection) => {
    const values = form.state.values
    const found = pickSectionErrors(validatePortfolioOnSave(values), section)
    setShown({ check: 'save', section })
    if (Object.keys(found).length > 0) {
      revealErrors(found)
      return
    }
    if (!hasChangesToSave(values, lastSaved, section)) {
      toast.warning(NO_UPDATES_MESSAGE)
      return
    }
    try {
      await savePortfolio.mutateAsync(
        toSavePayload(values, { vendorUserId: authData.vendorUserId, saveSection: section }),
      )
    } catch (error) {
      // Spec §8: the server's message, or for a rejected request the error itself.
      toast.error(error instanceof Error ? error.message : String(error))
      return
    }
    toast.success(SAVE_SECTION_MESSAGES[section])
    setShown(null)
    setModes((current) => modesAfterSave(current, section))
    writeAuthData(authDataAfterSave(authData))
  }

  /** Submit in edit mode: the device section's rules, then the record updated in place. */
  const update = async (editedRecord: RecordDetails) => {
    const values = form.state.values
    const found = pickSectionErrors(validatePortfolioOnSubmit(values), RECORD_EDIT_SECTION)
    setShown({ check: 'submit', section: RECORD_EDIT_SECTION })
    if (Object.keys(found).length > 0) {
      revealErrors(found)
      return
    }
    const { portfolioManagerId } = editedRecord
    let answer
    try {
      answer = await updateRecord.mutateAsync(
        toUpdateRecordPayload(values, { vendorUserId: authData.vendorUserId, portfolioManagerId }),
      )
    } catch (error) {
      if (error instanceof ApiNetworkError) {
        console.error('Device details not updated: the main service could not be reached.')
        return
      }
      toast.error(error instanceof Error ? error.message : String(error))
      // The record is gone or its certification has started: read it again, and the screen says so.
      if (error instanceof ApiAnswerError && (error.status === 404 || error.status === 409)) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.record(portfolioManagerId) })
      }
      return
    }
    toast.success(answer.message)
    setShown(null)
    setSubmitted(true)
  }

  const submit = async () => {
    if (record) {
      await update(record)
      return
    }
    const values = form.state.values
    const found = validatePortfolioOnSubmit(values)
    setShown({ check: 'submit', section: 0 })
    if (Object.keys(found).length > 0) {
      revealErrors(found)
      return
    }
    let answer
    try {
      answer = await submitPortfolio.mutateAsync(
        toSubmitPayload(values, { vendorUserId: authData.vendorUserId, saved }),
      )
    } catch (error) {
      if (error instanceof ApiNetworkError) {
        // Spec §8: other network failures are logged only; the screen stays as it was.
        console.error('Portfolio not submitted: the main service could not be reached.')
        return
      }
      toast.error(error instanceof Error ? error.message : String(error))
      return
    }
    toast.success(answer.message)
    writeAuthData(authDataAfterSubmit(authData))
    setShown(null)
    setSubmitted(true)
  }

  const setMode = (section: SectionNumber, mode: SectionMode) =>
    setModes((current) => ({ ...current, [section]: mode }))

  const sectionProps = (section: SectionNumber) => ({
    id: TYPE_OF_SECTION[section],
    ...SECTION_TITLES[section],
    mode: modes[section],
    onModeChange: (mode: SectionMode) => setMode(section, mode),
    open: open[section],
    onOpenChange: (next: boolean) => setOpen((current) => ({ ...current, [section]: next })),
    // Editing a submitted record: no drafts are saved, and only its device section changes.
    ...(editing
      ? { modeLocked: section !== RECORD_EDIT_SECTION }
      : { onSave: () => void save(section), saveDisabled: sending || submitted }),
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
          void submit()
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
            <OrganizationFields form={form} countries={countries} errorOf={errorOf} />
          ) : (
            <OrganizationSummary form={form} />
          )}
        </PortfolioSection>
        <PortfolioSection {...sectionProps(2)}>
          {modes[2] === 'create' ? (
            <form.AppField name="businessDomain">
              {(field) => (
                <field.ChipGroupField
                  label="Business domain"
                  options={LOB_OPTIONS}
                  required
                  error={errorOf('businessDomain')}
                />
              )}
            </form.AppField>
          ) : (
            <form.Subscribe selector={(state) => state.values.businessDomain}>
              {(domain) => (
                <SectionSummary
                  items={[{ label: 'Business domain', value: inOrder(domain, LINES_OF_BUSINESS) }]}
                />
              )}
            </form.Subscribe>
          )}
        </PortfolioSection>
        <PortfolioSection {...sectionProps(3)}>
          {modes[3] === 'create' ? (
            <DeviceFields form={form} catalogue={catalogue} errorOf={errorOf} />
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
            <Button variant="outline" onClick={() => void save(0)} disabled={sending || submitted}>
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

/** The messages to show: none until Save or Submit, then the rules of that check (spec §5). */
function visibleErrors(values: PortfolioFormValues, shown: Shown): PortfolioFieldErrors {
  if (!shown) return NO_ERRORS
  // A submit checks every section (0), or only the device section of a record being edited.
  const errors =
    shown.check === 'submit' ? validatePortfolioOnSubmit(values) : validatePortfolioOnSave(values)
  return pickSectionErrors(errors, shown.section)
}
const NO_ERRORS: PortfolioFieldErrors = {}

/** The portfolio's form: no validators, the whole form is checked on Save and Submit (spec §5). */
function usePortfolioForm(defaultValues: PortfolioFormValues) {
  return useAppForm({ defaultValues })
}
type PortfolioFormApi = ReturnType<typeof usePortfolioForm>

type FieldsProps = { form: PortfolioFormApi; errorOf: (path: PortfolioFieldPath) => string | undefined }

const grid = 'grid gap-x-5 gap-y-4 sm:grid-cols-2'

function OrganizationFields({
  form,
  countries,
  errorOf,
}: FieldsProps & { countries: ReadonlyArray<CountryDetail> }) {
  const country = useStore(form.store, (state) => state.values.country)
  const chosenState = useStore(form.store, (state) => state.values.state)
  const countryCode = useStore(form.store, (state) => state.values.countryCode)
  const placesQuery = useQuery({ ...addressQueryOptions(country), enabled: country !== '' })
  const states = placesQuery.data ? stateOptions(placesQuery.data, country) : []
  const cities = placesQuery.data ? cityOptions(placesQuery.data, chosenState) : []

  const applyAddress = (fields: Partial<AddressFields>) => {
    for (const [name, value] of Object.entries(fields) as Array<[keyof AddressFields, string]>) {
      form.setFieldValue(name, value)
    }
  }

  return (
    <div className={grid}>
      <form.AppField name="organizationName">
        {(field) => (
          <field.TextField
            label="Organization name"
            autoComplete="organization"
            required
            error={errorOf('organizationName')}
          />
        )}
      </form.AppField>
      <form.AppField name="businessContactName">
        {(field) => (
          <field.TextField
            label="Business contact name"
            autoComplete="name"
            required
            error={errorOf('businessContactName')}
          />
        )}
      </form.AppField>
      <form.AppField name="descAboutOrganization">
        {(field) => (
          <field.TextareaField
            label="About the organization"
            hint="At most 300 characters."
            className="sm:col-span-2"
            rows={3}
            required
            error={errorOf('descAboutOrganization')}
          />
        )}
      </form.AppField>
      <form.AppField name="email">
        {(field) => <field.TextField label="Email" type="email" readOnly required error={errorOf('email')} />}
      </form.AppField>
      <form.AppField name="countryCode">
        {(field) => (
          <Field invalid={errorOf('countryCode') !== undefined} required>
            <FieldLabel>Country code</FieldLabel>
            <CountryCodeSelect
              name={field.name}
              countries={countries}
              countryCode={countryCode}
              country={country}
              onChooseCountry={(chosen) => applyAddress(chooseCountry(countries, chosen))}
              onClose={field.handleBlur}
            />
            <FieldError>{errorOf('countryCode')}</FieldError>
          </Field>
        )}
      </form.AppField>
      <form.AppField name="phoneNumber">
        {(field) => (
          <field.TextField
            label="Phone number"
            type="tel"
            autoComplete="tel-national"
            disabled={countryCode === ''}
            hint={countryCode === '' ? 'Choose a country code first.' : undefined}
            required
            error={errorOf('phoneNumber')}
          />
        )}
      </form.AppField>
      <form.AppField name="bestTimeToReach">
        {(field) => (
          <field.TimeField label="Best time to reach" required error={errorOf('bestTimeToReach')} />
        )}
      </form.AppField>
      <form.AppField name="days">
        {(field) => (
          <field.ChipGroupField
            label="Days to reach"
            shape="letter"
            options={DAY_OPTIONS}
            required
            error={errorOf('days')}
          />
        )}
      </form.AppField>
      <form.AppField name="address">
        {(field) => (
          <field.TextareaField
            label="Address"
            hint="At most 200 characters."
            className="sm:col-span-2"
            rows={2}
            autoComplete="street-address"
            required
            error={errorOf('address')}
          />
        )}
      </form.AppField>
      <form.AppField name="country">
        {(field) => (
          <field.SelectField
            label="Country"
            placeholder="Select a country"
            options={countries.map((item) => OPTION(item.country))}
            onValueChange={(chosen) => applyAddress(chooseCountry(countries, chosen))}
            required
            error={errorOf('country')}
          />
        )}
      </form.AppField>
      <form.AppField name="state">
        {(field) => (
          <field.SelectField
            label="State"
            placeholder={country === '' ? 'Choose a country first' : 'Select a state'}
            options={withCurrent(states, chosenState).map(OPTION)}
            disabled={country === ''}
            onValueChange={(chosen) => applyAddress(chooseState(chosen))}
            required
            error={errorOf('state')}
          />
        )}
      </form.AppField>
      <form.AppField name="city">
        {(field) => (
          <field.SelectField
            label="City"
            placeholder={chosenState === '' ? 'Choose a state first' : 'Select a city'}
            options={withCurrent(cities, form.state.values.city).map(OPTION)}
            disabled={chosenState === ''}
            required
            error={errorOf('city')}
          />
        )}
      </form.AppField>
    </div>
  )
}

/** Chosen values in the order of their options, for the read-only views. */
function inOrder(chosen: ReadonlyArray<string>, order: ReadonlyArray<string>): string {
  return order.filter((option) => chosen.includes(option)).join(', ')
}

/** A saved value the current list does not hold (the list is still loading) stays choosable. */
function withCurrent(options: ReadonlyArray<string>, current: string): string[] {
  return current && !options.includes(current) ? [...options, current] : [...options]
}

function OrganizationSummary({ form }: { form: PortfolioFormApi }) {
  return (
    <form.Subscribe selector={(state) => state.values}>
      {(values) => (
        <SectionSummary
          items={[
            { label: 'Organization name', value: values.organizationName },
            { label: 'Business contact name', value: values.businessContactName },
            { label: 'About the organization', value: values.descAboutOrganization },
            { label: 'Email', value: values.email },
            {
              label: 'Phone number',
              value: values.phoneNumber ? `${values.countryCode} ${values.phoneNumber}`.trim() : '',
            },
            { label: 'Best time to reach', value: values.bestTimeToReach },
            // In the week's order, whatever order they were picked in (as the payload sends them).
            { label: 'Days to reach', value: inOrder(values.days, WEEKDAYS) },
            { label: 'Address', value: values.address },
            {
              label: 'City, state, country',
              value: [values.city, values.state, values.country].filter(Boolean).join(', '),
            },
          ]}
        />
      )}
    </form.Subscribe>
  )
}

function DeviceFields({ form, catalogue, errorOf }: FieldsProps & { catalogue: CatalogueAnswer }) {
  const vendor = useStore(form.store, (state) => state.values.deviceManufacture)
  const deviceName = useStore(form.store, (state) => state.values.deviceName)
  const deviceType = useStore(form.store, (state) => state.values.deviceType)
  const productClass = useStore(form.store, (state) => state.values.productClass)
  const deviceCount = useStore(form.store, (state) => state.values.deviceToBecertified)
  const engBuild = useStore(form.store, (state) => state.values.engBuild)
  const rows = useStore(form.store, (state) => state.values.deviceNumberList.length)
  const limit = serialRowLimit(deviceCount)
  const listError = errorOf('deviceNumberList')

  const apply = (fields: Partial<PortfolioFormValues>) => {
    for (const [name, value] of Object.entries(fields) as Array<[keyof PortfolioFormValues, string]>) {
      form.setFieldValue(name, value)
    }
  }

  return (
    <div className={grid}>
      <form.AppField name="deviceManufacture">
        {(field) => (
          <field.SelectField
            label="Device manufacturer"
            placeholder="Select a manufacturer"
            options={withCurrent(catalogue.vendorList, vendor).map(OPTION)}
            onValueChange={(chosen) => apply(chooseManufacturer(chosen))}
            required
            error={errorOf('deviceManufacture')}
          />
        )}
      </form.AppField>
      <div className="flex flex-col gap-4">
        <form.AppField name="deviceName">
          {(field) => (
            <field.SelectField
              label="Device name"
              placeholder={vendor === '' ? 'Choose a manufacturer first' : 'Select a device name'}
              options={withSaved(deviceNameOptions(catalogue, vendor), deviceName, ADD_NEW_DEVICE_NAME).map(
                OPTION,
              )}
              addNewOption={vendor === '' ? undefined : OPTION(ADD_NEW_DEVICE_NAME)}
              disabled={vendor === ''}
              onValueChange={(chosen) => apply(chooseDeviceName(chosen))}
              required
              error={errorOf('deviceName')}
            />
          )}
        </form.AppField>
        {deviceName === ADD_NEW_DEVICE_NAME ? (
          <form.AppField name="addNewDeviceName">
            {(field) => (
              <field.TextField label="New device name" required error={errorOf('addNewDeviceName')} />
            )}
          </form.AppField>
        ) : null}
      </div>
      <div className="flex flex-col gap-4">
        <form.AppField name="deviceType">
          {(field) => (
            <field.SelectField
              label="Device type"
              placeholder={deviceName === '' ? 'Choose a device name first' : 'Select a device type'}
              options={withSaved(
                deviceTypeOptions(catalogue, deviceName),
                deviceType,
                ADD_NEW_DEVICE_TYPE,
              ).map(OPTION)}
              addNewOption={deviceName === '' ? undefined : OPTION(ADD_NEW_DEVICE_TYPE)}
              disabled={deviceName === ''}
              onValueChange={(chosen) => apply(chooseDeviceType(chosen))}
              required
              error={errorOf('deviceType')}
            />
          )}
        </form.AppField>
        {deviceType === ADD_NEW_DEVICE_TYPE ? (
          <form.AppField name="newDeviceType">
            {(field) => <field.TextField label="New device type" required error={errorOf('newDeviceType')} />}
          </form.AppField>
        ) : null}
      </div>
      <div className="flex flex-col gap-4">
        <form.AppField name="productClass">
          {(field) => (
            <field.SelectField
              label="Product class"
              placeholder={deviceType === '' ? 'Choose a device type first' : 'Select a product class'}
              options={withSaved(
                productClassOptions(catalogue, deviceType),
                productClass,
                ADD_NEW_PRODUCT_CLASS,
              ).map(OPTION)}
              addNewOption={deviceType === '' ? undefined : OPTION(ADD_NEW_PRODUCT_CLASS)}
              disabled={deviceType === ''}
              onValueChange={() => form.setFieldValue('newProductClass', '')}
              required
              error={errorOf('productClass')}
            />
          )}
        </form.AppField>
        {productClass === ADD_NEW_PRODUCT_CLASS ? (
          <form.AppField name="newProductClass">
            {(field) => (
              <field.TextField label="New product class" required error={errorOf('newProductClass')} />
            )}
          </form.AppField>
        ) : null}
      </div>
      <form.AppField name="deviceToBecertified">
        {(field) => (
          <field.TextField
            label="Devices to be certified"
            inputMode="numeric"
            hint="Up to 3 devices here; for more, send the serial numbers by e-mail."
            required
            error={errorOf('deviceToBecertified')}
          />
        )}
      </form.AppField>
      <fieldset
        className="flex flex-col gap-3 sm:col-span-2"
        aria-describedby={listError ? SERIAL_LIST_ERROR_ID : undefined}
      >
        <legend className="mb-1 text-small font-semibold text-ink">
          Device serial numbers
          <span aria-hidden="true" className="ms-0.5 text-danger">
            *
          </span>
        </legend>
        <form.AppField name="deviceNumberList" mode="array">
          {(listField) => (
            <>
              {listField.state.value.map((_serial, index) => (
                <div key={index} className="flex items-start gap-2">
                  <form.AppField name={`deviceNumberList[${index}]`}>
                    {(field) => (
                      <field.TextField
                        label={`Serial number ${index + 1}`}
                        className="flex-1"
                        autoComplete="off"
                        error={errorOf(`deviceNumberList[${index}]`)}
                        // The rows do not match the count: each row is told, and the first takes
                        // the focus when that is the first problem found.
                        aria-describedby={listError ? SERIAL_LIST_ERROR_ID : undefined}
                        aria-invalid={listError && index === 0 ? true : undefined}
                      />
                    )}
                  </form.AppField>
                  {index > 0 ? (
                    <Button
                      variant="ghost"
                      size="icon"
                      className="mt-7"
                      aria-label={`Remove serial number ${index + 1}`}
                      onClick={() => listField.removeValue(index)}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  ) : null}
                </div>
              ))}
              <div className="flex flex-wrap items-center gap-3">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={rows >= limit}
                  onClick={() => listField.pushValue('')}
                >
                  <Plus aria-hidden="true" />
                  Add serial number
                </Button>
                <span className="text-small text-ink-muted">
                  {rows} of {limit} row{limit === 1 ? '' : 's'}
                </span>
              </div>
            </>
          )}
        </form.AppField>
        <FieldError id={SERIAL_LIST_ERROR_ID}>{listError}</FieldError>
      </fieldset>
      <form.AppField name="baseFirmwareVersion">
        {(field) => (
          <field.TextField
            label="Base firmware version"
            placeholder="1.0.0"
            required
            error={errorOf('baseFirmwareVersion')}
          />
        )}
      </form.AppField>
      <form.AppField name="yearOfManufacturing">
        {(field) => (
          <field.TextField
            label="Year of manufacturing"
            inputMode="numeric"
            placeholder="2025"
            required
            error={errorOf('yearOfManufacturing')}
          />
        )}
      </form.AppField>
      <form.AppField name="engBuild">
        {(field) => (
          <field.SelectField
            label="Engineering build available"
            placeholder="Yes or No"
            options={ENG_BUILD_SELECT}
            hint={
              engBuild === 'Yes'
                ? ENG_BUILD_YES_HINT
                : engBuild === 'No'
                  ? engBuildNoHint(sshSecretText())
                  : undefined
            }
            required
            error={errorOf('engBuild')}
          />
        )}
      </form.AppField>
    </div>
  )
}

/**
 * A cascade list without its closing 'Add New …' option, which the select shows apart, and with
 * the chosen value even when the list does not hold it: a submitted record's name typed as new
 * joined the catalogue, but the catalogue may have been read before it did.
 */
function withSaved(options: ReadonlyArray<string>, chosen: string, addNew: string): string[] {
  return withCurrent(
    options.filter((option) => option !== addNew),
    chosen === addNew ? '' : chosen,
  )
}

function DeviceSummary({ form }: { form: PortfolioFormApi }) {
  return (
    <form.Subscribe selector={(state) => state.values}>
      {(values) => (
        <SectionSummary
          items={[
            { label: 'Device manufacturer', value: values.deviceManufacture },
            {
              label: 'Device name',
              value: values.deviceName === ADD_NEW_DEVICE_NAME ? values.addNewDeviceName : values.deviceName,
            },
            {
              label: 'Device type',
              value: values.deviceType === ADD_NEW_DEVICE_TYPE ? values.newDeviceType : values.deviceType,
            },
            {
              label: 'Product class',
              value:
                values.productClass === ADD_NEW_PRODUCT_CLASS ? values.newProductClass : values.productClass,
            },
            { label: 'Devices to be certified', value: values.deviceToBecertified },
            { label: 'Device serial numbers', value: values.deviceNumberList.filter(Boolean).join(', ') },
            { label: 'Base firmware version', value: values.baseFirmwareVersion },
            { label: 'Year of manufacturing', value: values.yearOfManufacturing },
            { label: 'Engineering build available', value: values.engBuild },
          ]}
        />
      )}
    </form.Subscribe>
  )
}

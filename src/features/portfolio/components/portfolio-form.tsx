import * as React from 'react'
import { Button } from '@/components/ui/button'
import { LoadingOverlay } from '@/components/ui/loading-overlay'
import type { RecordDetails } from '@/contract/portfolio'
import type { PortfolioSection as SectionNumber } from '@/contract/validation/portfolio-form'
import { DeviceFields, DeviceSummary } from '@/features/portfolio/components/device-section'
import {
  LineOfBusinessFields,
  LineOfBusinessSummary,
} from '@/features/portfolio/components/line-of-business-section'
import { OrganizationFields, OrganizationSummary } from '@/features/portfolio/components/organization-section'
import { useScrollPaddingFor } from '@/features/portfolio/components/use-scroll-padding-for'
import { LeaveGuard } from '@/features/portfolio/components/leave-guard'
import { PortfolioSection } from '@/features/portfolio/components/portfolio-section'
import {
  FORM_ID,
  type PortfolioFormProps,
  usePortfolioForm,
  useScrollToSection,
} from '@/features/portfolio/components/use-portfolio-form'
import { type PortfolioCheck, SUBMIT_CHECK } from '@/features/portfolio/model/portfolio-form-options'
import { SECTION_TITLES, typeOfSection } from '@/features/portfolio/model/portfolio-sections'
import { RECORD_EDIT_SECTION, type SectionMode } from '@/features/portfolio/model/portfolio-state'
import { DeviceRevisionFields, RevisionNote } from '@/features/portfolio/components/revision-form-parts'
import { REVISION_LOCKED_NOTE } from '@/features/portfolio/model/revision-form'

export { SUBMIT_REDIRECT_MS } from '@/features/portfolio/components/use-portfolio-form'

/** Submit of a record being edited: the submit rules, for its device section only. */
const RECORD_SUBMIT_CHECK: PortfolioCheck = { rules: 'submit', section: RECORD_EDIT_SECTION }

const LOADING_LABELS = {
  update: 'Updating the device record…',
  revise: 'Saving the new revision…',
  submit: 'Submitting your portfolio…',
  save: 'Saving…',
}

/**
 * The portfolio form (spec §2, §3, §4, §5, §8): three sections, each with its own Save, over one
 * TanStack Form. Save and Submit hand their check to `form.handleSubmit` as submit meta; the form
 * validator shows that check's messages on the fields, and they follow the typing from then on.
 */
export function PortfolioForm(props: PortfolioFormProps) {
  const { authData, saved, catalogue, countries, focusSection, record, revise } = props
  const portfolio = usePortfolioForm({ authData, saved, catalogue, record, revise })
  const { form, check, editing, revising, submitted, sending, sections } = portfolio
  const { modes } = sections
  useScrollToSection(focusSection, editing, revising)

  const sectionProps = (section: SectionNumber) => ({
    id: typeOfSection(section),
    ...SECTION_TITLES[section],
    mode: modes[section],
    onModeChange: (mode: SectionMode) => sections.setModes((current) => ({ ...current, [section]: mode })),
    open: sections.open[section],
    onOpenChange: (next: boolean) => sections.setOpen((current) => ({ ...current, [section]: next })),
    // Editing a submitted record: no drafts are saved, and only its device section changes.
    ...(editing
      ? {
          modeLocked: section !== RECORD_EDIT_SECTION,
          ...(revising ? { lockedNote: REVISION_LOCKED_NOTE } : {}),
        }
      : {
          onSave: () => void check({ rules: 'save', section }),
          saveDisabled: sending || submitted,
        }),
  })

  return (
    <LoadingOverlay loading={sending} label={LOADING_LABELS[portfolio.pending ?? 'save']}>
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
        {record && revising ? <RevisionNote record={record} /> : null}
        {record && !revising ? <EditingRecordNote record={record} /> : null}
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
          {modes[3] === 'create' && revising ? (
            <DeviceRevisionFields form={form} />
          ) : modes[3] === 'create' ? (
            <DeviceFields form={form} catalogue={catalogue} />
          ) : (
            <DeviceSummary form={form} />
          )}
        </PortfolioSection>
        <PortfolioActions
          editing={editing}
          busy={sending}
          done={submitted}
          onCancel={portfolio.leave}
          onSave={() => void check({ rules: 'save', section: 0 })}
        />
      </form>
      <LeaveGuard hasChanges={portfolio.hasChanges} />
    </LoadingOverlay>
  )
}

/** A submitted record being edited: which one, and what the update changes. */
function EditingRecordNote({ record }: { record: RecordDetails }) {
  return (
    <div
      role="note"
      aria-label="Editing a submitted record"
      className="rounded-card border border-brand-200 bg-brand-50 px-4 py-3 text-body text-ink sm:px-6"
    >
      <p>
        <strong className="font-semibold">Editing a submitted device:</strong> {record.deviceName} (
        {record.vendor}), submitted by {record.createdBy}. Change its device details below and submit them;
        the organization and line of business stay as they were submitted.
      </p>
    </div>
  )
}

type PortfolioActionsProps = {
  editing: boolean
  /** A request is on its way. */
  busy: boolean
  /** Submitted: the form is leaving. */
  done: boolean
  onCancel: () => void
  onSave: () => void
}

/** The bar under the form: Cancel, Save all (not for a record being edited) and Submit. */
function PortfolioActions({ editing, busy, done, onCancel, onSave }: PortfolioActionsProps) {
  const bar = React.useRef<HTMLDivElement>(null)
  useScrollPaddingFor(bar)
  return (
    <div
      ref={bar}
      data-slot="portfolio-actions"
      className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-end gap-2 border-t border-line bg-surface/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-card sm:border"
    >
      <Button variant="ghost" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      {editing ? null : (
        <Button variant="outline" onClick={onSave} disabled={busy || done}>
          Save
        </Button>
      )}
      <Button type="submit" disabled={busy || done}>
        Submit
      </Button>
    </div>
  )
}

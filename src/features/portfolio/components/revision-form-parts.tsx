import { Info, ShieldAlert } from 'lucide-react'
import { withForm } from '@/components/form/form-kit'
import type { RecordDetails } from '@/contract/portfolio'
import { PORTFOLIO_FIELD_LABELS as LABELS } from '@/contract/portfolio-labels'
import { REVISION_FIXED_FIELDS } from '@/contract/revisions'
import { DeviceBuildFields } from '@/features/portfolio/components/device-section'
import { SectionSummary } from '@/features/portfolio/components/portfolio-section'
import { portfolioFormOptions } from '@/features/portfolio/model/portfolio-form-options'
import {
  REVISION_FORM_HINT,
  REVISION_NOTE_ID,
  revisionReasonText,
  revisionTitle,
} from '@/features/portfolio/model/revision-form'
import { cn } from '@/lib/utils'

/*
 * The form's revise mode (docs/decisions/0033): what it makes and why, above the sections, and the
 * device section with the device itself read-only and what a revision may change.
 */

/**
 * 'Revision 2 of TP-Link Deco X50', then the lab's reason for the last run (in the warning tone)
 * or how it ended, and what a revision changes.
 */
export function RevisionNote({ record }: { record: RecordDetails }) {
  const reason = revisionReasonText(record)
  const Icon = reason.kind === 'reason' ? ShieldAlert : Info
  return (
    <section
      id={REVISION_NOTE_ID}
      aria-labelledby="revision-note-title"
      data-slot="revision-note"
      className="flex flex-col gap-3 rounded-card border border-brand-200 bg-brand-50 px-4 py-4 sm:px-6"
    >
      <h2 id="revision-note-title" className="text-heading text-ink">
        {revisionTitle(record)}
      </h2>
      <p
        data-slot="revision-reason"
        data-kind={reason.kind}
        className={cn(
          'flex gap-2 text-body',
          reason.kind === 'reason'
            ? 'rounded-control border border-warning bg-warning-soft px-3 py-2 font-semibold text-ink'
            : 'text-ink',
        )}
      >
        <Icon
          aria-hidden="true"
          className={cn(
            'mt-0.5 size-4 shrink-0',
            reason.kind === 'reason' ? 'text-warning' : 'text-brand-700',
          )}
        />
        <span className="break-words">{reason.text}</span>
      </p>
      <p className="text-small text-ink-muted">{REVISION_FORM_HINT}</p>
    </section>
  )
}

/** The form's field of each field a revision keeps. */
const FIXED_FORM_FIELD = {
  vendor: 'deviceManufacture',
  deviceName: 'deviceName',
  deviceType: 'deviceType',
  productClass: 'productClass',
} as const satisfies Record<(typeof REVISION_FIXED_FIELDS)[number], string>

/** The device section in revise mode: the device as it is, read-only, then the fields a revision changes. */
export const DeviceRevisionFields = withForm({
  ...portfolioFormOptions,
  render: function DeviceRevisionFields({ form }) {
    return (
      <div className="flex flex-col gap-5">
        <form.Subscribe selector={(state) => state.values}>
          {(values) => (
            <div
              data-slot="revision-fixed-device"
              className="rounded-control border border-line bg-surface-sunken px-4 py-3"
            >
              <SectionSummary
                items={REVISION_FIXED_FIELDS.map((field) => {
                  const name = FIXED_FORM_FIELD[field]
                  return { label: LABELS[name], value: values[name] }
                })}
              />
            </div>
          )}
        </form.Subscribe>
        <div className="grid gap-x-5 gap-y-4 sm:grid-cols-2">
          <DeviceBuildFields form={form} />
        </div>
      </div>
    )
  },
})

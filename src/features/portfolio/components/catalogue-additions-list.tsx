import {
  CATALOGUE_KIND_LABELS,
  type CatalogueAddition,
  REVIEW_STATE_LABELS,
} from '@/contract/catalogue-review'
import { formatPortalTime } from '@/lib/format-time'

/**
 * Settings › Catalogue additions (docs/decisions/0034): the names the organization added with
 * 'Add New …', newest first, and the lab's review of each — awaiting review (only the
 * organization sees it), approved (every organization does), mapped onto an entry of the
 * catalogue, or declined with the lab's reason.
 */
export function CatalogueAdditionsList({ additions }: { additions: ReadonlyArray<CatalogueAddition> }) {
  if (additions.length === 0)
    return (
      <p className="text-body text-ink-muted">
        Your organization has added no names with ‘Add New …’. Names you add wait for the lab’s review; until
        then only your organization sees them.
      </p>
    )
  return (
    <ul aria-label="Catalogue additions" className="flex flex-col gap-3">
      {additions.map((addition) => (
        <li
          key={`${addition.kind} ${addition.parent} ${addition.value}`}
          className="flex flex-col gap-1 rounded-card border border-line bg-surface p-4 shadow-card"
        >
          <span className="text-caption font-semibold text-ink-muted uppercase">
            {`${CATALOGUE_KIND_LABELS[addition.kind]} · under ${addition.parent}`}
          </span>
          <span className="flex flex-wrap items-center gap-2 text-body font-semibold break-words text-ink">
            {addition.value}
            <StateBadge state={addition.state} />
          </span>
          <span className="text-small text-ink-muted">{stateSentence(addition)}</span>
          {addition.state === 'declined' && addition.reason ? (
            <p className="rounded-md border border-line bg-surface-sunken px-3 py-2 text-small text-ink">
              <span className="font-semibold">The lab’s reason: </span>
              {addition.reason}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  )
}

const BADGE: Record<CatalogueAddition['state'], string> = {
  pending: 'border-line bg-surface-sunken',
  approved: 'border-success bg-success-soft',
  mapped: 'border-brand-600 bg-brand-50',
  declined: 'border-danger bg-danger-soft',
}

function StateBadge({ state }: { state: CatalogueAddition['state'] }) {
  return (
    <span className={`rounded-full border px-2 py-0.5 text-caption font-semibold text-ink ${BADGE[state]}`}>
      {REVIEW_STATE_LABELS[state]}
    </span>
  )
}

/** What the state means for the organization, and when it was added or decided. */
export function stateSentence(addition: CatalogueAddition): string {
  const added = `Added ${formatPortalTime(addition.addedAt)}.`
  const decided = addition.decidedAt ? ` Decided ${formatPortalTime(addition.decidedAt)}.` : ''
  switch (addition.state) {
    case 'pending':
      return `${added} Only your organization sees it until the lab reviews it.`
    case 'approved':
      return `${added}${decided} Every organization’s form offers it now.`
    case 'mapped':
      return `${added}${decided} The form offers “${addition.mappedTo ?? ''}” instead; your devices keep their name.`
    case 'declined':
      return `${added}${decided} The form no longer offers it; your devices keep their name.`
  }
}

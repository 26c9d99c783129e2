import { Check, GitMerge, X } from 'lucide-react'
import * as React from 'react'
import { Button } from '@/components/ui/button'
import {
  addedByText,
  CATALOGUE_KIND_LABELS,
  type CatalogueEntry,
  mapTargets,
} from '@/contract/catalogue-review'
import { LAB_MANAGER_ONLY_MESSAGE } from '@/contract/lab'
import { formatPortalTime } from '@/lib/format-time'
import {
  ApproveDialog,
  type Decision,
  DeclineDialog,
  MapDialog,
} from '@/features/catalogue/components/decision-dialogs'
import { parentText } from '@/features/catalogue/model/catalogue-view'

type ReviewQueueProps = {
  queue: ReadonlyArray<CatalogueEntry>
  /** Every entry: what an addition may be mapped onto. */
  entries: ReadonlyArray<CatalogueEntry>
  manager: boolean
}

/**
 * The additions awaiting a decision, oldest first: what each is, where it hangs, who added it and
 * when. A Lab manager approves, maps or declines each through its dialog; a Lab engineer reads.
 */
export function ReviewQueue({ queue, entries, manager }: ReviewQueueProps) {
  const [open, setOpen] = React.useState<{ entry: CatalogueEntry; decision: Decision } | null>(null)
  return (
    <section aria-labelledby="review-queue-title" className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h2 id="review-queue-title" className="text-heading text-ink">
          {`Review queue (${queue.length})`}
        </h2>
        <p className="text-small text-ink-muted">
          {manager
            ? 'Vendors’ ‘Add New …’ names, private to their organization until you decide.'
            : `Vendors’ ‘Add New …’ names, private to their organization until a Lab manager decides. ${LAB_MANAGER_ONLY_MESSAGE}`}
        </p>
      </div>
      {queue.length === 0 ? (
        <p className="rounded-card border border-line bg-surface p-4 text-body text-ink-muted">
          No additions await review.
        </p>
      ) : (
        <ul aria-label="Additions awaiting review" className="flex flex-col gap-3">
          {queue.map((entry) => (
            <li
              key={entry.entryId}
              className="flex flex-col gap-3 rounded-card border border-line bg-surface p-4 shadow-card sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="flex min-w-0 flex-col gap-0.5">
                <span className="text-caption font-semibold text-ink-muted uppercase">
                  {CATALOGUE_KIND_LABELS[entry.kind]}
                </span>
                <span className="text-body font-semibold break-words text-ink">
                  {entry.value} <span className="font-normal text-ink-muted">{parentText(entry)}</span>
                </span>
                <span className="text-small text-ink-muted">
                  {`Added by ${addedByText(entry.addedBy)} · ${formatPortalTime(entry.addedAt)}`}
                </span>
              </div>
              {manager ? (
                <div className="flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    onClick={() => setOpen({ entry, decision: 'approve' })}
                    aria-label={`Approve ${entry.value}`}
                  >
                    <Check aria-hidden="true" /> Approve
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setOpen({ entry, decision: 'map' })}
                    aria-label={`Map ${entry.value}`}
                  >
                    <GitMerge aria-hidden="true" /> Map…
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setOpen({ entry, decision: 'decline' })}
                    aria-label={`Decline ${entry.value}`}
                  >
                    <X aria-hidden="true" /> Decline…
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {open ? <DecisionDialog {...open} entries={entries} onClose={() => setOpen(null)} /> : null}
    </section>
  )
}

function DecisionDialog({
  entry,
  decision,
  entries,
  onClose,
}: {
  entry: CatalogueEntry
  decision: Decision
  entries: ReadonlyArray<CatalogueEntry>
  onClose: () => void
}) {
  const props = { entry, open: true, onOpenChange: (next: boolean) => (next ? undefined : onClose()) }
  if (decision === 'approve') return <ApproveDialog {...props} />
  if (decision === 'map') return <MapDialog {...props} targets={mapTargets(entries, entry)} />
  return <DeclineDialog {...props} />
}

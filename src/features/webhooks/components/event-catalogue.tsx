import { ChevronRight } from 'lucide-react'
import {
  WEBHOOK_CATALOGUE_INTRO,
  WEBHOOK_CATALOGUE_TITLE,
  WEBHOOK_EVENT_CATALOGUE,
} from '@/contract/webhooks'

/**
 * The event catalogue (docs/decisions/0043): every event type with what it means and, opened by its
 * summary (a native disclosure: keyboard and screen readers know it), an example body built from
 * the contract's types, so it says what a delivery carries.
 */
function EventCatalogue() {
  return (
    <section aria-labelledby="webhook-event-catalogue" className="flex flex-col gap-3">
      <h2 id="webhook-event-catalogue" className="text-heading text-ink">
        {WEBHOOK_CATALOGUE_TITLE}
      </h2>
      <p className="max-w-prose text-small text-ink-muted">{WEBHOOK_CATALOGUE_INTRO}</p>
      <ul
        aria-label={WEBHOOK_CATALOGUE_TITLE}
        className="flex flex-col divide-y divide-line rounded-card border border-line bg-surface"
      >
        {WEBHOOK_EVENT_CATALOGUE.map((entry) => (
          <li key={entry.type} data-slot="catalogue-event">
            <details className="group">
              <summary className="flex cursor-pointer list-none items-start gap-3 px-4 py-3 focus-visible:focus-ring [&::-webkit-details-marker]:hidden">
                <ChevronRight
                  aria-hidden="true"
                  className="mt-0.5 size-4 shrink-0 text-ink-muted transition-transform group-open:rotate-90"
                />
                <span className="flex min-w-0 flex-col gap-0.5">
                  <span className="font-mono text-small text-ink">{entry.type}</span>
                  <span className="text-small text-ink-muted">{entry.description}</span>
                </span>
              </summary>
              <div className="px-4 pb-4">
                <p className="mb-1 text-small font-medium text-ink">Example body</p>
                <pre
                  role="region"
                  tabIndex={0}
                  aria-label={`Example body of ${entry.type}`}
                  className="max-h-80 overflow-auto rounded-control bg-surface-sunken p-3 font-mono text-caption text-ink"
                >
                  {JSON.stringify(entry.example, null, 2)}
                </pre>
              </div>
            </details>
          </li>
        ))}
      </ul>
    </section>
  )
}

export { EventCatalogue }

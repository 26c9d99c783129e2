import { RefreshCw } from 'lucide-react'
import type { PlanCase } from '@/contract/test-plans'
import { classesText } from '@/features/test-plans/model/plan-view'

/** A version's cases in the order a run executes them. */
export function PlanCases({ cases }: { cases: ReadonlyArray<PlanCase> }) {
  return (
    <ol className="flex flex-col gap-2">
      {cases.map((item, index) => (
        <li key={item.name} className="flex gap-3 rounded-card border border-line bg-surface p-3">
          <span
            aria-hidden="true"
            className="w-6 shrink-0 text-end text-small font-semibold text-ink-muted tabular-nums"
          >
            {index + 1}.
          </span>
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <span className="flex flex-wrap items-center gap-2">
              <span data-slot="case-name" className="font-semibold break-words text-ink">
                {item.name}
              </span>
              {item.firmwareSensitive ? <FirmwareBadge /> : null}
            </span>
            {item.description ? (
              <p className="text-small break-words whitespace-pre-line text-ink">{item.description}</p>
            ) : null}
            <p className="text-small text-ink-muted">{`Product classes: ${classesText(item.productClasses)}`}</p>
          </div>
        </li>
      ))}
    </ol>
  )
}

/** A firmware revision of a certified device runs this case again. */
export function FirmwareBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full border border-brand-600 bg-brand-50 px-2 py-0.5 text-caption font-semibold text-brand-900">
      <RefreshCw aria-hidden="true" className="size-3.5" />
      Firmware-sensitive
    </span>
  )
}

import { ArrowDownUp, Minus, PencilLine, Plus } from 'lucide-react'
import type * as React from 'react'
import { type PlanCaseChange, type PlanVersion, planDiff } from '@/contract/test-plans'
import { changeText, versionName } from '@/features/test-plans/model/plan-view'

const ICONS: Record<
  PlanCaseChange['kind'],
  React.ComponentType<{ className?: string; 'aria-hidden'?: boolean }>
> = {
  added: Plus,
  removed: Minus,
  changed: PencilLine,
  moved: ArrowDownUp,
}

/**
 * What changed from the version before to this one, case by case: added, removed, changed (which
 * fields) and moved (from which position to which). Each change says its kind in words.
 */
export function PlanChanges({
  version,
  previous,
}: {
  version: PlanVersion
  previous: PlanVersion | undefined
}) {
  if (!previous)
    return (
      <p className="text-body text-ink-muted">{`${versionName(version)} is the first version: there is nothing before it to compare with.`}</p>
    )
  const changes = planDiff(previous.cases, version.cases)
  const title = `Changes from ${versionName(previous)} to ${versionName(version)}`
  if (changes.length === 0)
    return <p className="text-body text-ink-muted">{`${title}: none, the cases are the same.`}</p>
  return (
    <section aria-label={title} className="flex flex-col gap-2">
      <h3 className="text-body font-semibold text-ink">{title}</h3>
      <ul className="flex flex-col gap-2">
        {changes.map((change) => {
          const { kind, detail } = changeText(change)
          const Icon = ICONS[change.kind]
          return (
            <li
              key={`${change.kind}-${change.case.name}`}
              className="flex items-start gap-2 rounded-card border border-line bg-surface p-3 text-small"
            >
              <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-ink-muted" />
              <span className="min-w-0 break-words text-ink">
                <span className="font-semibold">{`${kind}: `}</span>
                {detail}
              </span>
            </li>
          )
        })}
      </ul>
    </section>
  )
}

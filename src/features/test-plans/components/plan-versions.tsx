import { Link } from '@tanstack/react-router'
import type { PlanVersion } from '@/contract/test-plans'
import { formatPortalTime } from '@/lib/format-time'
import { cn } from '@/lib/utils'
import { DraftBadge } from '@/features/test-plans/components/draft-badge'
import { casesCountText, runCountText, versionName } from '@/features/test-plans/model/plan-view'

type PlanVersionsProps = {
  planId: string
  /** Newest first, the draft first of all (as the server answers them). */
  versions: ReadonlyArray<PlanVersion>
  shown: number | undefined
}

/** A plan's versions, each a link that shows it: who published it and when, and how many runs used it. */
export function PlanVersions({ planId, versions, shown }: PlanVersionsProps) {
  return (
    <nav aria-labelledby="plan-versions-title" className="flex flex-col gap-3">
      <h2 id="plan-versions-title" className="text-heading text-ink">
        Versions
      </h2>
      <ul className="flex flex-col gap-2">
        {versions.map((version) => {
          const current = version.version === shown
          return (
            <li key={`${version.state}-${version.version}`}>
              <Link
                to="/lab/test-plans/$planId"
                params={{ planId }}
                search={{ version: version.version }}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'flex flex-col gap-0.5 rounded-card border p-3 text-small transition-colors focus-visible:focus-ring',
                  current
                    ? 'border-brand-700 bg-brand-50 ring-1 ring-brand-700'
                    : 'border-line bg-surface hover:border-brand-600',
                )}
              >
                <span className="flex flex-wrap items-center gap-2 text-body font-semibold text-ink">
                  {versionName(version)}
                  {version.state === 'draft' ? <DraftBadge label="Not published" /> : null}
                  {current ? <span className="sr-only">(shown)</span> : null}
                </span>
                <span className="text-ink-muted">{versionLine(version)}</span>
                <span className="text-ink-muted">
                  {`${casesCountText(version.cases.length)} · ${runCountText(version.runCount)}`}
                </span>
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

function versionLine(version: PlanVersion) {
  if (version.state === 'draft' || !version.publishedAt)
    return `Drafted ${formatPortalTime(version.createdAt)} by ${version.createdBy}`
  return `Published ${formatPortalTime(version.publishedAt)} by ${version.publishedBy ?? version.createdBy}`
}

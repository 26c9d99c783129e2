import { Link } from '@tanstack/react-router'
import { type PlanSummary, planVersionLabel } from '@/contract/test-plans'
import { formatPortalTime } from '@/lib/format-time'
import { DraftBadge } from '@/features/test-plans/components/draft-badge'
import { casesCountText, deviceTypeText } from '@/features/test-plans/model/plan-view'

const cellClasses = 'px-3 py-2.5 align-top'
const headClasses = `${cellClasses} text-start font-semibold`
const linkClasses = 'rounded-sm font-semibold text-brand-700 hover:underline focus-visible:focus-ring'

/**
 * The lab's test plans at /lab/test-plans: each plan's device type (the generic plan's is every
 * type the catalogue lacks), its current version, its cases and when that version was published,
 * and whether a draft of the next one waits. A table on wide screens, a card per plan on phones.
 */
export function TestPlansList({ plans }: { plans: ReadonlyArray<PlanSummary> }) {
  if (plans.length === 0) return <p className="text-body text-ink-muted">There are no test plans yet.</p>
  return (
    <>
      <div className="hidden overflow-x-auto rounded-card border border-line bg-surface md:block">
        <table className="w-full border-collapse text-start text-small">
          <caption className="sr-only">Test plans</caption>
          <thead className="bg-surface-sunken text-ink-muted">
            <tr>
              <th scope="col" className={headClasses}>
                Plan
              </th>
              <th scope="col" className={headClasses}>
                Device type
              </th>
              <th scope="col" className={headClasses}>
                Version
              </th>
              <th scope="col" className={headClasses}>
                Cases
              </th>
              <th scope="col" className={headClasses}>
                Published
              </th>
            </tr>
          </thead>
          <tbody>
            {plans.map((plan) => (
              <tr key={plan.planId} className="border-t border-line text-ink">
                <th scope="row" className={headClasses}>
                  <span className="flex flex-wrap items-center gap-2">
                    <PlanLink plan={plan} />
                    {plan.hasDraft ? <DraftBadge /> : null}
                  </span>
                </th>
                <td className={cellClasses}>{deviceTypeText(plan)}</td>
                <td className={cellClasses}>{planVersionLabel(plan.currentVersion)}</td>
                <td className={cellClasses}>{plan.caseCount}</td>
                <td className={cellClasses}>{formatPortalTime(plan.publishedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label="Test plans" className="flex flex-col gap-3 md:hidden">
        {plans.map((plan) => (
          <li
            key={plan.planId}
            className="flex flex-col gap-1 rounded-card border border-line bg-surface p-4 shadow-card"
          >
            <span className="flex flex-wrap items-center gap-2 text-body">
              <PlanLink plan={plan} />
              {plan.hasDraft ? <DraftBadge /> : null}
            </span>
            <span className="text-small text-ink">{deviceTypeText(plan)}</span>
            <span className="text-small text-ink-muted">
              {`${planVersionLabel(plan.currentVersion)} · ${casesCountText(plan.caseCount)} · published ${formatPortalTime(plan.publishedAt)}`}
            </span>
          </li>
        ))}
      </ul>
    </>
  )
}

function PlanLink({ plan }: { plan: PlanSummary }) {
  return (
    <Link to="/lab/test-plans/$planId" params={{ planId: plan.planId }} className={linkClasses}>
      {plan.name}
    </Link>
  )
}

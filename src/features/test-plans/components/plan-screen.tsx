import * as React from 'react'
import type { LabStaff } from '@/contract/lab'
import { type LabTestPlanAnswer, type PlanVersion, planVersionLabel } from '@/contract/test-plans'
import { cn } from '@/lib/utils'
import { PlanAppliesTo } from '@/features/test-plans/components/plan-applies-to'
import { PlanCases } from '@/features/test-plans/components/plan-cases'
import { PlanChanges } from '@/features/test-plans/components/plan-changes'
import { DraftEditor } from '@/features/test-plans/components/draft-editor'
import { PlanDraftActions } from '@/features/test-plans/components/plan-draft-actions'
import { PlanVersions } from '@/features/test-plans/components/plan-versions'
import {
  canChangePlans,
  casesCountText,
  classesText,
  currentVersionOf,
  deviceTypeText,
  draftOf,
  draftStartCases,
  type PlanSearch,
  previousVersionOf,
  shownVersion,
  versionName,
} from '@/features/test-plans/model/plan-view'

type PlanScreenProps = {
  staff: LabStaff
  answer: LabTestPlanAnswer
  search: PlanSearch
  onSearch: (next: PlanSearch) => void
}

/**
 * One test plan at /lab/test-plans/$planId: what it applies to, its versions, the cases of the
 * version the address names (or what changed from the one before), and, for a Lab manager, the
 * draft of its next version: edit, publish, discard.
 */
export function PlanScreen({ staff, answer, search, onSearch }: PlanScreenProps) {
  const [editing, setEditing] = React.useState(false)
  const { plan } = answer
  const draft = draftOf(answer)
  const current = currentVersionOf(answer)
  const shown = shownVersion(answer, search.version)

  return (
    <div className="flex flex-col gap-8">
      <PlanFacts answer={answer} />
      {editing ? (
        <DraftEditor
          planId={plan.planId}
          productClasses={plan.productClasses}
          nextVersion={draft?.version ?? plan.currentVersion + 1}
          currentVersion={plan.currentVersion}
          startCases={draftStartCases(answer)}
          onClose={() => setEditing(false)}
          onSaved={(saved) => {
            setEditing(false)
            onSearch({ version: draftOf(saved)?.version, view: 'changes' })
          }}
        />
      ) : (
        <>
          <PlanDraftActions
            planId={plan.planId}
            planName={plan.name}
            manager={canChangePlans(staff.role)}
            draftVersion={draft?.version ?? null}
            currentVersion={current?.version ?? plan.currentVersion}
            onEdit={() => setEditing(true)}
            onDraftGone={() => onSearch({})}
          />
          <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
            <PlanVersions planId={plan.planId} versions={answer.versions} shown={shown?.version} />
            {shown ? (
              <VersionView
                version={shown}
                previous={previousVersionOf(answer.versions, shown)}
                view={search.view ?? 'cases'}
                onView={(view) => onSearch({ version: shown.version, view })}
              />
            ) : null}
          </div>
        </>
      )}
      <PlanAppliesTo appliesTo={answer.appliesTo} />
    </div>
  )
}

/** The plan's device type, product classes and current version. */
function PlanFacts({ answer }: { answer: LabTestPlanAnswer }) {
  const { plan } = answer
  const facts: Array<[string, string]> = [
    ['Device type', deviceTypeText(plan)],
    [
      'Product classes',
      plan.productClasses.length === 0 ? 'None (every class)' : classesText(plan.productClasses),
    ],
    ['Current version', `${planVersionLabel(plan.currentVersion)} · ${casesCountText(plan.caseCount)}`],
  ]
  return (
    <dl className="grid gap-3 rounded-card border border-line bg-surface p-4 text-small sm:grid-cols-3">
      {facts.map(([term, value]) => (
        <div key={term} className="flex flex-col gap-0.5">
          <dt className="text-ink-muted">{term}</dt>
          <dd className="font-semibold break-words text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

type VersionViewProps = {
  version: PlanVersion
  previous: PlanVersion | undefined
  view: 'cases' | 'changes'
  onView: (view: 'cases' | 'changes') => void
}

/** One version: its cases, or what changed from the version before. */
function VersionView({ version, previous, view, onView }: VersionViewProps) {
  return (
    <section aria-labelledby="plan-version-title" className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="plan-version-title" className="text-heading text-ink">
          {`${versionName(version)} · ${casesCountText(version.cases.length)}`}
        </h2>
        <div role="group" aria-label="Show" className="flex gap-2">
          <ViewButton pressed={view === 'cases'} onClick={() => onView('cases')}>
            Cases
          </ViewButton>
          <ViewButton pressed={view === 'changes'} onClick={() => onView('changes')}>
            Compare with previous
          </ViewButton>
        </div>
      </div>
      {view === 'changes' ? (
        <PlanChanges version={version} previous={previous} />
      ) : (
        <PlanCases cases={version.cases} />
      )}
    </section>
  )
}

function ViewButton({
  pressed,
  onClick,
  children,
}: {
  pressed: boolean
  onClick: () => void
  children: string
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'inline-flex h-9 items-center rounded-full border px-4 text-small font-semibold whitespace-nowrap transition-colors focus-visible:focus-ring',
        pressed
          ? 'border-brand-700 bg-brand-700 text-ink-inverted'
          : 'border-line-strong bg-surface text-ink hover:border-brand-600 hover:bg-brand-50',
      )}
    >
      {children}
    </button>
  )
}

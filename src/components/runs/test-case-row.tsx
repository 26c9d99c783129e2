import { ChevronRight, CircleCheck, CircleDashed, CircleX, LoaderCircle, MinusCircle } from 'lucide-react'
import type * as React from 'react'
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible'
import type { TestCase, TestCaseState } from '@/contract/certification'
import { carriedFromText } from '@/contract/revisions'
import { cn } from '@/lib/utils'

const STATE_LOOK: Record<
  TestCaseState,
  { icon: React.ComponentType<{ className?: string }>; label: string; className: string }
> = {
  pending: { icon: CircleDashed, label: 'Pending', className: 'text-ink-subtle' },
  running: {
    icon: LoaderCircle,
    label: 'Running',
    className: 'text-progress-in-progress animate-spin motion-reduce:animate-none',
  },
  passed: { icon: CircleCheck, label: 'Passed', className: 'text-progress-certified' },
  failed: { icon: CircleX, label: 'Failed', className: 'text-progress-failed' },
  skipped: { icon: MinusCircle, label: 'Skipped', className: 'text-ink-muted' },
}

/** The case's one line: its state (icon and word), its name, where a carried case comes from. */
function CaseLine({ test }: { test: TestCase }) {
  const look = STATE_LOOK[test.state]
  const Icon = look.icon
  return (
    <>
      <Icon aria-hidden="true" className={cn('size-4 shrink-0', look.className)} />
      <span className="min-w-0 grow basis-40 text-small font-semibold text-ink">{test.name}</span>
      {test.carriedFrom ? (
        <span
          data-slot="carried-badge"
          className="rounded-full border border-line bg-surface-sunken px-2 text-caption leading-5 font-semibold text-ink-muted"
        >
          {carriedFromText(test.carriedFrom)}
        </span>
      ) : null}
      <span className="text-caption font-semibold text-ink-muted uppercase">{look.label}</span>
    </>
  )
}

const LINE_CLASS = 'flex w-full flex-wrap items-center gap-x-2 gap-y-1 px-3 py-2'

const LOG_CLASS =
  'overflow-x-auto rounded-control bg-surface-sunken px-2 py-1 font-mono text-caption whitespace-pre-wrap text-ink-muted'

/**
 * One test case of a run: its state (icon and word) and what the harness printed for it. The
 * vendor's run details and the lab console's attempts show cases alike. A recertification's
 * carried case (docs/decisions/0033) says where it comes from ('carried from DCP-…') as a muted
 * badge beside its state. Given `defaultOpen` (run details, docs/decisions/0036), a case with a log
 * is a disclosure: its line opens and folds the log (click, Enter or Space), open at first when
 * `defaultOpen`; without it (the lab console) the log always shows under the line.
 */
function TestCaseRow({ test, defaultOpen }: { test: TestCase; defaultOpen?: boolean }) {
  const carried = test.carriedFrom ? '' : undefined
  if (defaultOpen === undefined)
    return (
      <li className="flex flex-col gap-1 px-3 py-2" data-carried={carried}>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <CaseLine test={test} />
        </div>
        {test.log.length > 0 ? <pre className={LOG_CLASS}>{test.log.join('\n')}</pre> : null}
      </li>
    )
  if (test.log.length === 0)
    return (
      <li data-carried={carried}>
        <div className={LINE_CLASS}>
          {/* Where a disclosure's chevron is: the lines' icons stay in one column. */}
          <div aria-hidden="true" className="size-4 shrink-0" />
          <CaseLine test={test} />
        </div>
      </li>
    )
  return (
    <li data-carried={carried}>
      <Collapsible defaultOpen={defaultOpen}>
        <CollapsibleTrigger
          className={cn(
            LINE_CLASS,
            'group/case cursor-pointer text-start hover:bg-surface-sunken focus-visible:focus-ring',
          )}
        >
          <ChevronRight
            aria-hidden="true"
            className="size-4 shrink-0 text-ink-muted transition-transform group-data-[state=open]/case:rotate-90 motion-reduce:transition-none"
          />
          <CaseLine test={test} />
        </CollapsibleTrigger>
        <CollapsibleContent className="px-3 pb-2">
          <pre className={LOG_CLASS}>{test.log.join('\n')}</pre>
        </CollapsibleContent>
      </Collapsible>
    </li>
  )
}

export { TestCaseRow }

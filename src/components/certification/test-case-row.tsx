import { CircleCheck, CircleDashed, CircleX, LoaderCircle, MinusCircle } from 'lucide-react'
import type * as React from 'react'
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

/**
 * One test case of a run: its state (icon and word) and what the harness printed for it. The
 * vendor's run details and the lab console's attempts show cases alike. A recertification's
 * carried case (docs/decisions/0033) says where it comes from ('carried from DCP-…') as a muted
 * badge beside its state.
 */
function TestCaseRow({ test }: { test: TestCase }) {
  const look = STATE_LOOK[test.state]
  const Icon = look.icon
  return (
    <li className="flex flex-col gap-1 px-3 py-2" data-carried={test.carriedFrom ? '' : undefined}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
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
      </div>
      {test.log.length > 0 ? (
        <pre className="overflow-x-auto rounded-control bg-surface-sunken px-2 py-1 font-mono text-caption whitespace-pre-wrap text-ink-muted">
          {test.log.join('\n')}
        </pre>
      ) : null}
    </li>
  )
}

export { TestCaseRow }

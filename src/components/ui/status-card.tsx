import { cva, type VariantProps } from 'class-variance-authority'
import type * as React from 'react'
import { cn } from '@/lib/utils'

const statusCardVariants = cva('flex min-w-0 flex-col gap-1 rounded-card border px-4 py-3 shadow-card', {
  variants: {
    tone: {
      submitted: 'border-status-submitted-border bg-status-submitted text-status-submitted-fg',
      'in-progress': 'border-status-in-progress-border bg-status-in-progress text-status-in-progress-fg',
      maintenance: 'border-status-maintenance-border bg-status-maintenance text-status-maintenance-fg',
      'validation-failure':
        'border-status-validation-failure-border bg-status-validation-failure text-status-validation-failure-fg',
      certified: 'border-status-certified-border bg-status-certified text-status-certified-fg',
    },
  },
  defaultVariants: { tone: 'submitted' },
})

type StatusTone = NonNullable<VariantProps<typeof statusCardVariants>['tone']>

/** The list that holds the summary cards; each card is a term (its label) and its count. */
function StatusCardGroup({ className, ...props }: React.ComponentProps<'dl'>) {
  return (
    <dl
      data-slot="status-card-group"
      className={cn('grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5', className)}
      {...props}
    />
  )
}

type StatusCardProps = React.ComponentProps<'div'> & {
  tone: StatusTone
  label: string
  count: number
}

function StatusCard({ className, tone, label, count, ...props }: StatusCardProps) {
  return (
    <div
      data-slot="status-card"
      data-tone={tone}
      className={cn(statusCardVariants({ tone }), className)}
      {...props}
    >
      <dt data-slot="status-card-label" className="truncate text-small font-semibold">
        {label}
      </dt>
      <dd data-slot="status-card-count" className="text-title tabular-nums">
        {count.toLocaleString('en-US')}
      </dd>
    </div>
  )
}

export { StatusCard, StatusCardGroup, statusCardVariants, type StatusTone }

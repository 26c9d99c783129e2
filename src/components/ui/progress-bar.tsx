import { cva, type VariantProps } from 'class-variance-authority'
import { Progress as ProgressPrimitive } from 'radix-ui'
import type * as React from 'react'
import { cn } from '@/lib/utils'

const indicatorVariants = cva(
  'h-full rounded-full transition-[width] duration-500 ease-out motion-reduce:transition-none',
  {
    variants: {
      tone: {
        submitted: 'bg-progress-submitted',
        'in-progress': 'bg-progress-in-progress',
        certified: 'bg-progress-certified',
        failed: 'bg-progress-failed',
        unknown: 'bg-progress-unknown',
      },
    },
    defaultVariants: { tone: 'submitted' },
  },
)

type ProgressTone = NonNullable<VariantProps<typeof indicatorVariants>['tone']>

type ProgressBarProps = Omit<React.ComponentProps<typeof ProgressPrimitive.Root>, 'value' | 'max'> & {
  /** Percent done, 0 to 100; values outside are clamped. */
  value: number
  tone?: ProgressTone
  /** What the bar measures: its accessible name, and shown above the bar when `showLabel` is set. */
  label: string
  showLabel?: boolean
  /** Shows the percentage beside the label. */
  showValue?: boolean
}

function clampPercent(value: number) {
  if (Number.isNaN(value)) return 0
  return Math.min(100, Math.max(0, Math.round(value)))
}

function ProgressBar({
  className,
  value,
  tone = 'submitted',
  label,
  showLabel = false,
  showValue = false,
  ...props
}: ProgressBarProps) {
  const percent = clampPercent(value)
  return (
    <div data-slot="progress-bar" data-tone={tone} className={cn('flex w-full flex-col gap-1', className)}>
      {showLabel || showValue ? (
        <div
          className="flex items-baseline justify-between gap-2 text-caption font-medium text-ink-muted"
          aria-hidden="true"
        >
          {showLabel ? <span className="truncate">{label}</span> : <span />}
          {showValue ? <span className="tabular-nums">{percent}%</span> : null}
        </div>
      ) : null}
      <ProgressPrimitive.Root
        data-slot="progress-bar-track"
        aria-label={label}
        aria-valuetext={`${label}: ${percent}%`}
        value={percent}
        max={100}
        className="relative h-2 w-full overflow-hidden rounded-full bg-progress-track"
        {...props}
      >
        <ProgressPrimitive.Indicator
          data-slot="progress-bar-indicator"
          className={indicatorVariants({ tone })}
          style={{ width: `${percent}%` }}
        />
      </ProgressPrimitive.Root>
    </div>
  )
}

export { clampPercent, ProgressBar, type ProgressTone }

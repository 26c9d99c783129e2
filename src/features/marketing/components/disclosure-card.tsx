import type * as React from 'react'
import { Card } from '@/components/ui/card'
import { Collapsible, CollapsibleContent, DisclosureToggle } from '@/components/ui/collapsible'
import { cn } from '@/lib/utils'

type DisclosureCardProps = Omit<React.ComponentProps<typeof Card>, 'title'> & {
  /** The card's heading (with its icon), whose id is `titleId`. */
  heading: React.ReactNode
  /** Names the toggle for screen readers ("Learn more" of which card). */
  titleId: string
  /** Always shown under the heading. */
  summary: string
  /** Shown while open. */
  children: React.ReactNode
  defaultOpen?: boolean
  /** 'Learn more' / 'Learn less' unless told otherwise (the device certifications page reads 'Read More'). */
  moreLabel?: string
  lessLabel?: string
  contentClassName?: string
}

/** A marketing card with a summary and more text behind a Learn more / Learn less toggle (spec §1, §2). */
function DisclosureCard({
  heading,
  titleId,
  summary,
  children,
  defaultOpen = false,
  moreLabel,
  lessLabel,
  contentClassName,
  className,
  ...props
}: DisclosureCardProps) {
  return (
    <Card className={cn('w-full gap-3', className)} {...props}>
      <Collapsible defaultOpen={defaultOpen} className="flex flex-col gap-3">
        {heading}
        <p className="text-body text-ink-muted">{summary}</p>
        <CollapsibleContent className={contentClassName}>{children}</CollapsibleContent>
        <DisclosureToggle
          {...(moreLabel ? { moreLabel } : {})}
          {...(lessLabel ? { lessLabel } : {})}
          aria-describedby={titleId}
          className="self-start"
        />
      </Collapsible>
    </Card>
  )
}

export { DisclosureCard }

import { ChevronDown } from 'lucide-react'
import { Collapsible as CollapsiblePrimitive } from 'radix-ui'
import type * as React from 'react'
import { cn } from '@/lib/utils'

function Collapsible(props: React.ComponentProps<typeof CollapsiblePrimitive.Root>) {
  return <CollapsiblePrimitive.Root data-slot="collapsible" {...props} />
}

function CollapsibleTrigger(props: React.ComponentProps<typeof CollapsiblePrimitive.Trigger>) {
  return <CollapsiblePrimitive.Trigger data-slot="collapsible-trigger" {...props} />
}

function CollapsibleContent({
  className,
  ...props
}: React.ComponentProps<typeof CollapsiblePrimitive.Content>) {
  return (
    <CollapsiblePrimitive.Content
      data-slot="collapsible-content"
      className={cn(
        'overflow-hidden data-[state=closed]:animate-collapsible-up data-[state=open]:animate-collapsible-down',
        className,
      )}
      {...props}
    />
  )
}

type DisclosureToggleProps = React.ComponentProps<typeof CollapsiblePrimitive.Trigger> & {
  /** Label while closed: 'Learn more' on the home and landing pages, 'Read More' on device certifications. */
  moreLabel?: string
  /** Label while open. */
  lessLabel?: string
}

/**
 * The trigger of a Collapsible that reads 'Learn more' while closed and 'Learn less' while open
 * (or any other pair of labels); `aria-expanded` tells screen readers the state.
 */
function DisclosureToggle({
  className,
  moreLabel = 'Learn more',
  lessLabel = 'Learn less',
  ...props
}: DisclosureToggleProps) {
  return (
    <CollapsiblePrimitive.Trigger
      data-slot="disclosure-toggle"
      className={cn(
        'group/toggle inline-flex cursor-pointer items-center gap-1 rounded-sm text-small font-semibold text-brand-700',
        'underline-offset-4 hover:text-brand-900 hover:underline focus-visible:focus-ring',
        className,
      )}
      {...props}
    >
      <span className="group-data-[state=open]/toggle:hidden">{moreLabel}</span>
      <span className="hidden group-data-[state=open]/toggle:inline">{lessLabel}</span>
      <ChevronDown
        aria-hidden="true"
        className="size-4 transition-transform group-data-[state=open]/toggle:rotate-180"
      />
    </CollapsiblePrimitive.Trigger>
  )
}

export { Collapsible, CollapsibleContent, CollapsibleTrigger, DisclosureToggle }

import type * as React from 'react'
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover'

export type PopoverPanelProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  trigger: React.ReactElement
  contentProps?: React.ComponentProps<typeof PopoverContent> | undefined
  children: React.ReactNode
}

/** The Radix popover behind a LazyPopover, in its own chunk (src/components/ui/lazy-popover.tsx). */
export default function PopoverPanel({
  open,
  onOpenChange,
  trigger,
  contentProps,
  children,
}: PopoverPanelProps) {
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      <PopoverContent {...contentProps}>{children}</PopoverContent>
    </Popover>
  )
}

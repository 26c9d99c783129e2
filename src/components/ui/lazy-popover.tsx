import * as React from 'react'
import type { PopoverPanelProps } from '@/components/ui/popover-panel'

const loadPanel = () => import('@/components/ui/popover-panel')
const PopoverPanel = React.lazy(loadPanel)

type LazyPopoverProps = Pick<PopoverPanelProps, 'trigger' | 'contentProps' | 'children'> & {
  open?: boolean
  onOpenChange?: (open: boolean) => void
}

/**
 * A Radix popover whose code loads when it is about to be used: the trigger renders as a plain
 * button until the pointer comes near or it takes focus (the code is fetched then) and it is
 * activated (the popover then opens). Pages that show such a trigger on every screen, such as the
 * header's menus, paint and hydrate without the positioning engine. Once loaded it is the
 * ordinary Popover: focus moves into it, Escape closes it and focus returns to the trigger.
 */
function LazyPopover({ trigger, contentProps, children, open: openProp, onOpenChange }: LazyPopoverProps) {
  const [armed, setArmed] = React.useState(false)
  const [openState, setOpenState] = React.useState(false)
  const open = openProp ?? openState
  const setOpen = React.useCallback(
    (next: boolean) => {
      setOpenState(next)
      onOpenChange?.(next)
    },
    [onOpenChange],
  )

  const preload = () => void loadPanel()
  const plainTrigger = React.cloneElement(trigger as React.ReactElement<React.ComponentProps<'button'>>, {
    'aria-haspopup': 'dialog',
    'aria-expanded': false,
    onPointerEnter: preload,
    onFocus: preload,
    onClick: () => {
      setArmed(true)
      setOpen(true)
    },
  })

  if (!armed) return plainTrigger
  return (
    <React.Suspense fallback={plainTrigger}>
      <PopoverPanel open={open} onOpenChange={setOpen} trigger={trigger} contentProps={contentProps}>
        {children}
      </PopoverPanel>
    </React.Suspense>
  )
}

export { LazyPopover }

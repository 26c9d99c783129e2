import { Check, ChevronDown, ChevronUp, Plus } from 'lucide-react'
import { Select as SelectPrimitive } from 'radix-ui'
import * as React from 'react'
import { useFieldControl } from '@/components/ui/field'
import { cn } from '@/lib/utils'

/** Whether the list is open, for the trigger to step out of the Tab order meanwhile. */
const SelectOpenContext = React.createContext(false)

function Select({
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  ...props
}: React.ComponentProps<typeof SelectPrimitive.Root>) {
  const [uncontrolledOpen, setUncontrolledOpen] = React.useState(defaultOpen)
  const open = openProp ?? uncontrolledOpen
  return (
    <SelectOpenContext.Provider value={open}>
      <SelectPrimitive.Root
        data-slot="select"
        open={open}
        onOpenChange={(next) => {
          if (openProp === undefined) setUncontrolledOpen(next)
          onOpenChange?.(next)
        }}
        {...props}
      />
    </SelectOpenContext.Provider>
  )
}

function SelectGroup(props: React.ComponentProps<typeof SelectPrimitive.Group>) {
  return <SelectPrimitive.Group data-slot="select-group" {...props} />
}

function SelectValue(props: React.ComponentProps<typeof SelectPrimitive.Value>) {
  return <SelectPrimitive.Value data-slot="select-value" {...props} />
}

function SelectTrigger({
  className,
  children,
  ...props
}: React.ComponentProps<typeof SelectPrimitive.Trigger>) {
  const { required, ...controlProps } = useFieldControl(props)
  const open = React.useContext(SelectOpenContext)
  return (
    <SelectPrimitive.Trigger
      data-slot="select-trigger"
      className={cn(
        'flex h-control w-full min-w-0 cursor-pointer items-center justify-between gap-2 rounded-control border border-line-strong bg-surface px-3 text-start text-body text-ink',
        'transition-colors hover:border-ink-subtle focus-visible:border-brand-600 focus-visible:focus-ring',
        'disabled:cursor-not-allowed disabled:bg-surface-sunken disabled:text-ink-muted data-[placeholder]:text-ink-subtle',
        'aria-invalid:border-danger aria-invalid:focus-visible:outline-danger',
        '[&>span]:truncate',
        className,
      )}
      {...controlProps}
      // `required` means nothing on a button: say it the ARIA way (the Root's own `required`
      // already does, so only add it when the Field or the caller asks).
      {...(required ? { 'aria-required': true } : {})}
      // While the list is open the rest of the page, trigger included, is hidden from assistive
      // technology and focus is held in the list: keep the hidden trigger out of the Tab order.
      tabIndex={open ? -1 : controlProps.tabIndex}
    >
      {children}
      <SelectPrimitive.Icon asChild>
        <ChevronDown className="size-4 text-ink-muted" aria-hidden="true" />
      </SelectPrimitive.Icon>
    </SelectPrimitive.Trigger>
  )
}

type SelectContentProps = React.ComponentProps<typeof SelectPrimitive.Content> & {
  /**
   * Render the items only while the list is open. A closed Radix select still renders every item
   * (to show the chosen one's text), which costs with long lists — 250 countries, thousands of
   * device names — on every render of the form around it. The trigger's SelectValue must then be
   * given the chosen item's text as its children.
   */
  lazy?: boolean
}

function SelectContent({
  className,
  children,
  position = 'popper',
  lazy = false,
  ...props
}: SelectContentProps) {
  const open = React.useContext(SelectOpenContext)
  return (
    <SelectPrimitive.Portal>
      <SelectPrimitive.Content
        data-slot="select-content"
        position={position}
        className={cn(
          'relative z-50 max-h-(--radix-select-content-available-height) min-w-32 overflow-hidden rounded-control border border-line bg-surface text-ink shadow-popover',
          'data-[state=open]:animate-fade-in',
          position === 'popper' &&
            'w-full min-w-(--radix-select-trigger-width) data-[side=bottom]:translate-y-1 data-[side=top]:-translate-y-1',
          className,
        )}
        {...props}
      >
        <SelectPrimitive.ScrollUpButton className="flex h-6 items-center justify-center text-ink-muted">
          <ChevronUp className="size-4" aria-hidden="true" />
        </SelectPrimitive.ScrollUpButton>
        <SelectPrimitive.Viewport className="max-h-72 p-1">
          {lazy && !open ? null : children}
        </SelectPrimitive.Viewport>
        <SelectPrimitive.ScrollDownButton className="flex h-6 items-center justify-center text-ink-muted">
          <ChevronDown className="size-4" aria-hidden="true" />
        </SelectPrimitive.ScrollDownButton>
      </SelectPrimitive.Content>
    </SelectPrimitive.Portal>
  )
}

function SelectLabel({ className, ...props }: React.ComponentProps<typeof SelectPrimitive.Label>) {
  return (
    <SelectPrimitive.Label
      data-slot="select-label"
      className={cn('px-2 py-1.5 text-caption font-semibold text-ink-muted uppercase', className)}
      {...props}
    />
  )
}

const itemClasses = cn(
  'relative flex w-full cursor-default items-center gap-2 rounded-md py-2 ps-2 pe-8 text-small outline-none select-none',
  'data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900',
  'data-[disabled]:pointer-events-none data-[disabled]:opacity-50',
)

function SelectItem({ className, children, ...props }: React.ComponentProps<typeof SelectPrimitive.Item>) {
  return (
    <SelectPrimitive.Item data-slot="select-item" className={cn(itemClasses, className)} {...props}>
      <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
      <span className="absolute end-2 flex size-4 items-center justify-center">
        <SelectPrimitive.ItemIndicator>
          <Check className="size-4" aria-hidden="true" />
        </SelectPrimitive.ItemIndicator>
      </span>
    </SelectPrimitive.Item>
  )
}

/**
 * The 'Add New ...' choice at the end of a dependent list: set apart by a separator and a plus
 * icon, chosen like any other item so the form can reveal its new-value field.
 */
function SelectAddNewItem({
  className,
  children,
  ...props
}: React.ComponentProps<typeof SelectPrimitive.Item>) {
  return (
    <>
      <SelectSeparator />
      <SelectPrimitive.Item
        data-slot="select-add-new-item"
        className={cn(itemClasses, 'font-semibold text-brand-700', className)}
        {...props}
      >
        <Plus className="size-4" aria-hidden="true" />
        <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
        <span className="absolute end-2 flex size-4 items-center justify-center">
          <SelectPrimitive.ItemIndicator>
            <Check className="size-4" aria-hidden="true" />
          </SelectPrimitive.ItemIndicator>
        </span>
      </SelectPrimitive.Item>
    </>
  )
}

function SelectSeparator({ className, ...props }: React.ComponentProps<typeof SelectPrimitive.Separator>) {
  return (
    <SelectPrimitive.Separator
      data-slot="select-separator"
      className={cn('pointer-events-none -mx-1 my-1 h-px bg-line', className)}
      {...props}
    />
  )
}

export {
  Select,
  SelectAddNewItem,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectSeparator,
  SelectTrigger,
  SelectValue,
}

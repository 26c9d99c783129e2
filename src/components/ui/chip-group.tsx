import { cva, type VariantProps } from 'class-variance-authority'
import { Check } from 'lucide-react'
import { ToggleGroup as ToggleGroupPrimitive } from 'radix-ui'
import * as React from 'react'
import { useFieldControl } from '@/components/ui/field'
import { cn } from '@/lib/utils'

const chipVariants = cva(
  [
    'inline-flex cursor-pointer items-center justify-center gap-1.5 border font-semibold transition-colors select-none',
    'border-line-strong bg-surface text-ink hover:border-brand-600 hover:bg-brand-50 focus-visible:focus-ring',
    'data-[state=on]:border-brand-700 data-[state=on]:bg-brand-700 data-[state=on]:text-ink-inverted',
    'disabled:cursor-not-allowed disabled:opacity-50',
    // An invalid group (nothing chosen yet) outlines its unchosen chips in the danger colour.
    'group-aria-invalid/chips:data-[state=off]:border-danger',
  ],
  {
    variants: {
      shape: {
        /** A single letter in a circle: the contact weekdays S M T W T F S. */
        letter: 'size-9 rounded-full text-small',
        /** A labelled pill: Wireline, Wireless. */
        pill: 'h-9 rounded-full px-4 text-small',
      },
    },
    defaultVariants: { shape: 'pill' },
  },
)

type ChipShape = NonNullable<VariantProps<typeof chipVariants>['shape']>
const ChipShapeContext = React.createContext<ChipShape>('pill')

type ChipGroupProps = Omit<
  React.ComponentProps<typeof ToggleGroupPrimitive.Root>,
  'type' | 'value' | 'defaultValue' | 'onValueChange'
> & {
  value?: string[]
  defaultValue?: string[]
  onValueChange?: (value: string[]) => void
  shape?: ChipShape
  'aria-invalid'?: React.AriaAttributes['aria-invalid']
}

/**
 * A multi-select row of toggle chips. Arrow keys move between chips, Space or Enter toggles one;
 * the group is named by its Field label.
 */
function ChipGroup({ className, shape = 'pill', ...props }: ChipGroupProps) {
  // `required` is not an attribute of a group of buttons (nor is aria-required of a toolbar):
  // the label shows the marker and the error message says what is missing.
  const { id, required: _required, ...controlProps } = useFieldControl(props, { labelledBy: true })
  return (
    <ChipShapeContext.Provider value={shape}>
      <ToggleGroupPrimitive.Root
        data-slot="chip-group"
        type="multiple"
        id={id}
        className={cn('group/chips flex flex-wrap gap-2', className)}
        {...controlProps}
      />
    </ChipShapeContext.Provider>
  )
}

type ChipProps = React.ComponentProps<typeof ToggleGroupPrimitive.Item> & {
  /** The full name read by screen readers when the chip shows a single letter. */
  srLabel?: string
}

function Chip({ className, children, srLabel, ...props }: ChipProps) {
  const shape = React.useContext(ChipShapeContext)
  return (
    <ToggleGroupPrimitive.Item
      data-slot="chip"
      aria-label={srLabel}
      title={srLabel}
      className={cn(chipVariants({ shape }), 'group/chip', className)}
      {...props}
    >
      {shape === 'pill' ? (
        <Check
          className="hidden size-3.5 group-data-[state=on]/chip:block"
          strokeWidth={3}
          aria-hidden="true"
        />
      ) : null}
      {children}
    </ToggleGroupPrimitive.Item>
  )
}

export { Chip, ChipGroup, chipVariants }

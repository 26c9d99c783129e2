import { Label as LabelPrimitive } from 'radix-ui'
import * as React from 'react'
import { cn } from '@/lib/utils'

/**
 * Field wires a label, a hint, an error and one control together: the control gets the id the
 * label points at, `aria-describedby` naming the hint, the error and any extra description
 * (a character count) that is on screen, and `aria-invalid` while the field is invalid.
 */
type FieldParts = 'hint' | 'error' | 'count'

type FieldContextValue = {
  controlId: string
  labelId: string
  partId: (part: FieldParts) => string
  describedBy: string | undefined
  invalid: boolean
  disabled: boolean
  required: boolean
  registerPart: (part: FieldParts) => () => void
}

const FieldContext = React.createContext<FieldContextValue | null>(null)

type FieldProps = React.ComponentProps<'div'> & {
  /** Marks the control invalid; FieldError shows the message. */
  invalid?: boolean
  disabled?: boolean
  required?: boolean
  /** Use a given id for the control instead of a generated one. */
  controlId?: string
  orientation?: 'vertical' | 'horizontal'
}

function Field({
  className,
  invalid = false,
  disabled = false,
  required = false,
  controlId,
  orientation = 'vertical',
  ...props
}: FieldProps) {
  const generatedId = React.useId()
  const baseId = controlId ?? `field-${generatedId}`
  const [parts, setParts] = React.useState<ReadonlySet<FieldParts>>(() => new Set())

  const registerPart = React.useCallback((part: FieldParts) => {
    setParts((current) => new Set(current).add(part))
    return () =>
      setParts((current) => {
        const next = new Set(current)
        next.delete(part)
        return next
      })
  }, [])

  const value = React.useMemo<FieldContextValue>(() => {
    const partId = (part: FieldParts) => `${baseId}-${part}`
    const order: FieldParts[] = ['hint', 'error', 'count']
    const described = order.filter((part) => parts.has(part)).map(partId)
    return {
      controlId: baseId,
      labelId: `${baseId}-label`,
      partId,
      describedBy: described.length > 0 ? described.join(' ') : undefined,
      invalid,
      disabled,
      required,
      registerPart,
    }
  }, [baseId, parts, invalid, disabled, required, registerPart])

  return (
    <FieldContext.Provider value={value}>
      <div
        data-slot="field"
        data-invalid={invalid || undefined}
        data-disabled={disabled || undefined}
        data-orientation={orientation}
        className={cn(
          'group/field gap-1.5',
          // Horizontal: the control and its label side by side (a checkbox and 'Remember User ID'),
          // the hint and the error under the label, however long the label runs.
          orientation === 'vertical'
            ? 'flex flex-col'
            : 'grid grid-cols-[auto_minmax(0,1fr)] items-start gap-x-3',
          className,
        )}
        {...props}
      />
    </FieldContext.Provider>
  )
}

function useFieldContext() {
  return React.useContext(FieldContext)
}

/** Registers a part (hint, error, count) with the enclosing Field while it is rendered. */
function useFieldPart(part: FieldParts, present: boolean) {
  const field = useFieldContext()
  const register = field?.registerPart
  React.useLayoutEffect(() => {
    if (!register || !present) return undefined
    return register(part)
  }, [register, part, present])
  return field
}

type ControlProps = {
  id?: string | undefined
  'aria-describedby'?: string | undefined
  'aria-invalid'?: React.AriaAttributes['aria-invalid'] | undefined
  'aria-labelledby'?: string | undefined
  disabled?: boolean | undefined
  required?: boolean | undefined
}

/**
 * Props a control spreads to join its Field. Explicit props win, so a control also works
 * outside a Field.
 */
function useFieldControl<P extends ControlProps>(
  props: P,
  options: { labelledBy?: boolean } = {},
): P & ControlProps {
  const field = useFieldContext()
  if (!field) return props
  const describedBy = [props['aria-describedby'], field.describedBy].filter(Boolean).join(' ') || undefined
  return {
    ...props,
    id: props.id ?? field.controlId,
    'aria-describedby': describedBy,
    'aria-invalid': props['aria-invalid'] ?? (field.invalid || undefined),
    'aria-labelledby': props['aria-labelledby'] ?? (options.labelledBy ? field.labelId : undefined),
    disabled: props.disabled ?? (field.disabled || undefined),
    required: props.required ?? (field.required || undefined),
  }
}

function Label({ className, ...props }: React.ComponentProps<typeof LabelPrimitive.Root>) {
  return (
    <LabelPrimitive.Root
      data-slot="label"
      className={cn(
        'text-small font-semibold text-ink select-none',
        'group-data-[disabled]/field:cursor-not-allowed group-data-[disabled]/field:opacity-60',
        // A label after a control disabled on its own (a checkbox) dims with it.
        'peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
        className,
      )}
      {...props}
    />
  )
}

type FieldLabelProps = React.ComponentProps<typeof LabelPrimitive.Root> & {
  /** Appends a required marker; the control itself carries `required` for screen readers. */
  showRequired?: boolean
}

function FieldLabel({ children, showRequired, ...props }: FieldLabelProps) {
  const field = useFieldContext()
  const required = showRequired ?? field?.required ?? false
  return (
    <Label data-slot="field-label" id={field?.labelId} htmlFor={field?.controlId} {...props}>
      {children}
      {required ? (
        <span aria-hidden="true" className="ms-0.5 text-danger">
          *
        </span>
      ) : null}
    </Label>
  )
}

/** Hints and errors of a horizontal field sit in the label's column. */
const partClasses = 'group-data-[orientation=horizontal]/field:col-start-2'

function FieldHint({ className, ...props }: React.ComponentProps<'p'>) {
  const field = useFieldPart('hint', true)
  return (
    <p
      data-slot="field-hint"
      id={field?.partId('hint')}
      className={cn('text-small text-ink-muted', partClasses, className)}
      {...props}
    />
  )
}

/** The field's error message; renders nothing while there is no message. */
function FieldError({ className, children, ...props }: React.ComponentProps<'p'>) {
  const present = children !== undefined && children !== null && children !== false && children !== ''
  const field = useFieldPart('error', present)
  if (!present) return null
  return (
    <p
      data-slot="field-error"
      id={field?.partId('error')}
      role="alert"
      className={cn('text-small font-medium text-danger', partClasses, className)}
      {...props}
    >
      {children}
    </p>
  )
}

export { Field, FieldError, FieldHint, FieldLabel, Label, useFieldContext, useFieldControl, useFieldPart }

import { cva, type VariantProps } from 'class-variance-authority'
import { Slot } from 'radix-ui'
import type * as React from 'react'
import { Spinner } from '@/components/ui/spinner'
import { cn } from '@/lib/utils'

const buttonVariants = cva(
  [
    'inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 rounded-control font-semibold whitespace-nowrap',
    'transition-colors select-none focus-visible:focus-ring',
    'disabled:cursor-not-allowed disabled:opacity-55 aria-disabled:cursor-not-allowed aria-disabled:opacity-55',
    "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  ],
  {
    variants: {
      variant: {
        primary: 'bg-brand-700 text-ink-inverted shadow-card hover:bg-brand-800 active:bg-brand-900',
        secondary: 'bg-brand-100 text-brand-900 hover:bg-brand-200 active:bg-brand-300',
        outline:
          'border border-line-strong bg-surface text-ink hover:border-brand-600 hover:bg-brand-50 active:bg-brand-100',
        ghost: 'text-ink hover:bg-surface-sunken active:bg-line',
        destructive: 'bg-danger text-ink-inverted shadow-card hover:bg-red-800 active:bg-red-900',
        link: 'h-auto px-0 text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline',
      },
      size: {
        sm: 'h-8 px-3 text-small',
        md: 'h-control px-4 text-small',
        lg: 'h-12 px-6 text-body',
        icon: 'size-control',
        'icon-sm': 'size-8',
      },
    },
    compoundVariants: [{ variant: 'link', className: 'h-auto px-0' }],
    defaultVariants: { variant: 'primary', size: 'md' },
  },
)

type ButtonProps = React.ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Renders the child element (a link, say) with the button's look. */
    asChild?: boolean
    /** Shows a spinner, marks the button busy and stops further clicks. */
    loading?: boolean
  }

function Button({
  className,
  variant,
  size,
  asChild = false,
  loading = false,
  disabled,
  children,
  type = 'button',
  ...props
}: ButtonProps) {
  if (asChild) {
    return (
      <Slot.Root data-slot="button" className={cn(buttonVariants({ variant, size, className }))} {...props}>
        {children}
      </Slot.Root>
    )
  }
  return (
    <button
      data-slot="button"
      data-loading={loading || undefined}
      type={type}
      className={cn(buttonVariants({ variant, size, className }))}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? <Spinner data-slot="button-spinner" /> : null}
      {children}
    </button>
  )
}

export { Button, buttonVariants, type ButtonProps }

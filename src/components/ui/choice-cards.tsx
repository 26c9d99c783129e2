import * as React from 'react'
import { cn } from '@/lib/utils'

type ChoiceCardsProps<T extends string> = {
  /** The group's name, shown as its legend ('Role'). */
  legend: string
  /** The radio buttons' form name. */
  name: string
  options: readonly T[]
  /** A sentence under each option saying what choosing it means. */
  descriptions: Readonly<Record<T, string>>
  /** How each option is named when its value is not its name ('read-write' → 'Read and write'). */
  labels?: Readonly<Record<T, string>>
  value: T
  onChange: (value: T) => void
  /** A refusal of the choice (the server's message), under the options. */
  error?: string | undefined
}

/**
 * One choice among a few, each a card with its name and what it means (a role in the invite and
 * add-staff dialogs): native radio buttons, so arrows move between them and the name and the
 * description are each option's accessible name.
 */
function ChoiceCards<T extends string>({
  legend,
  name,
  options,
  descriptions,
  labels,
  value,
  onChange,
  error,
}: ChoiceCardsProps<T>) {
  const errorId = `${React.useId()}-error`
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 text-small font-semibold text-ink">{legend}</legend>
      {options.map((option) => (
        <label
          key={option}
          className={cn(
            'flex cursor-pointer gap-3 rounded-control border border-line p-3 transition-colors',
            'has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:focus-ring',
          )}
        >
          <input
            type="radio"
            name={name}
            value={option}
            checked={value === option}
            onChange={() => onChange(option)}
            className="mt-1 size-4 accent-brand-700"
          />
          <span className="flex flex-col gap-0.5">
            <span className="text-body font-semibold text-ink">{labels?.[option] ?? option}</span>
            <span className="text-small text-ink-muted">{descriptions[option]}</span>
          </span>
        </label>
      ))}
      {error ? (
        <p id={errorId} className="text-small text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}

export { ChoiceCards }

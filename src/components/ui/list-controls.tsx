import { Search } from 'lucide-react'
import * as React from 'react'
import { Button } from '@/components/ui/button'
import { Field, FieldLabel } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'

/*
 * The controls of a list read from the server a page at a time (the lab's queue, the directory of
 * certified devices): a search box, filters with an "All" choice, and Previous/Next pages. Their
 * values live in the address, so the caller passes them in and is told of changes.
 */

export const SEARCH_DELAY_MS = 300

/** The search box: the list is read again 300 ms after the last keystroke, or at once on Enter. */
export function SearchField({
  label = 'Search',
  placeholder,
  maxLength,
  value,
  onChange,
}: {
  label?: string
  placeholder: string
  maxLength: number
  value: string
  onChange: (value: string) => void
}) {
  // What is typed; the address's value wins again when it changes (Clear filters, Back).
  const [text, setText] = React.useState(value)
  const [shown, setShown] = React.useState(value)
  if (value !== shown) {
    setShown(value)
    setText(value)
  }
  const commit = React.useEffectEvent((next: string) => onChange(next))
  React.useEffect(() => {
    if (text.trim() === value) return
    const timer = setTimeout(() => commit(text.trim()), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [text, value])
  return (
    <Field>
      <FieldLabel>{label}</FieldLabel>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-ink-muted"
        />
        <Input
          type="search"
          className="ps-9"
          placeholder={placeholder}
          maxLength={maxLength}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onChange(text.trim())
          }}
        />
      </div>
    </Field>
  )
}

const ALL = '__all__'

/** A filter: one of `options`, or everything (`allLabel`) when `value` is undefined. */
export function FilterSelect({
  label,
  allLabel,
  value,
  options,
  onChange,
}: {
  label: string
  allLabel: string
  value: string | undefined
  options: ReadonlyArray<{ value: string; label: string }>
  onChange: (value: string | undefined) => void
}) {
  return (
    <Field>
      <FieldLabel>{label}</FieldLabel>
      <Select value={value ?? ALL} onValueChange={(next) => onChange(next === ALL ? undefined : next)}>
        <SelectTrigger>
          {/* Named here, not taken from the list: the list is not rendered in a prerendered page. */}
          <SelectValue>
            {value === undefined
              ? allLabel
              : (options.find((option) => option.value === value)?.label ?? value)}
          </SelectValue>
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{allLabel}</SelectItem>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </Field>
  )
}

/** Previous page, "Page 2 of 7", Next page; nothing when there is one page. */
export function Pager({
  label,
  page,
  pages,
  onPage,
}: {
  label: string
  page: number
  pages: number
  onPage: (page: number) => void
}) {
  if (pages <= 1) return null
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous page
      </Button>
      <p className="text-small text-ink-muted">{`Page ${page.toLocaleString('en-US')} of ${pages.toLocaleString('en-US')}`}</p>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next page
      </Button>
    </nav>
  )
}

import { Search } from 'lucide-react'
import * as React from 'react'
import { Button } from '@/components/ui/button'
import { Field, FieldLabel } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'

/*
 * The controls of a list (the lab's queue, the directory of certified devices, the catalogue, the
 * dashboard): a search box, filters, and Previous/Next pages. Their values live in the address or
 * the screen's state, so the caller passes them in and is told of changes.
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

type FilterOption = { value: string; label: string }

type FilterSelectProps = {
  label: string
  value: string | undefined
  /**
   * The choices, or a function that works them out, called only while the list is open (the
   * dashboard's filters: thousands of device names, read from the rows).
   */
  options: ReadonlyArray<FilterOption> | (() => ReadonlyArray<FilterOption>)
  onChange: (value: string | undefined) => void
  /**
   * The list's first item, choosing everything. Without it (the dashboard's five filters, spec §2,
   * which Reset clears) the trigger reads "All" while nothing is chosen.
   */
  allLabel?: string
  /** The chosen value's text on the trigger (the list is not rendered while closed). */
  valueLabel?: (value: string) => string
}

/**
 * One filter of a list, for every list of the portal (the dashboard, the lab's queue, the directory,
 * the catalogue, the activity log). Its items are rendered only while it is open: a closed Radix
 * select still renders every item to know the chosen one's text, which costs with long lists, so
 * the trigger names the chosen value itself — also in a prerendered page, where no list renders.
 */
export function FilterSelect({ label, value, options, onChange, allLabel, valueLabel }: FilterSelectProps) {
  const [open, setOpen] = React.useState(false)
  const items = React.useMemo(
    () => (typeof options === 'function' ? (open ? options() : []) : options),
    [open, options],
  )
  const chosen =
    value === undefined
      ? allLabel
      : (valueLabel?.(value) ?? items.find((option) => option.value === value)?.label ?? value)
  return (
    <Field>
      <FieldLabel>{label}</FieldLabel>
      <Select
        value={value ?? (allLabel === undefined ? '' : ALL)}
        onValueChange={(next) => onChange(next === ALL ? undefined : next)}
        open={open}
        onOpenChange={setOpen}
      >
        <SelectTrigger>
          <SelectValue placeholder="All">{chosen}</SelectValue>
        </SelectTrigger>
        <SelectContent lazy>
          {allLabel === undefined ? null : <SelectItem value={ALL}>{allLabel}</SelectItem>}
          {items.map((option) => (
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

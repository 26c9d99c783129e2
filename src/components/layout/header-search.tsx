import { useLocation, useNavigate } from '@tanstack/react-router'
import { Search } from 'lucide-react'
import * as React from 'react'
import { Input } from '@/components/ui/input'
import { cn } from '@/lib/utils'

type HeaderSearchProps = {
  className?: string
  autoFocus?: boolean
  /** Called after the search has been sent, e.g. to close the menu holding the field. */
  onSearched?: () => void
}

/** Decision 6: the search box opens the dashboard with the text in its `search` parameter. */
export function HeaderSearch({ className, autoFocus, onSearched }: HeaderSearchProps) {
  const navigate = useNavigate()
  // On the dashboard the field shows what it searches for.
  const current = useLocation({
    select: (location) =>
      location.pathname === '/dashboard' ? (location.search as { search?: unknown }).search : undefined,
  })
  const id = React.useId()

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const text = String(new FormData(event.currentTarget).get('search') ?? '').trim()
    void navigate({ to: '/dashboard', search: text ? { search: text } : {} })
    onSearched?.()
  }

  return (
    <form role="search" onSubmit={submit} className={cn('relative flex items-center', className)}>
      <label htmlFor={id} className="sr-only">
        Search devices
      </label>
      <Search aria-hidden="true" className="pointer-events-none absolute start-2.5 size-4 text-ink-subtle" />
      <Input
        // A new search on the dashboard shows its text here.
        key={String(current ?? '')}
        id={id}
        name="search"
        type="search"
        defaultValue={typeof current === 'string' ? current : ''}
        autoFocus={autoFocus}
        maxLength={200}
        placeholder="Search devices"
        autoComplete="off"
        className="h-9 ps-8 pe-2 text-small"
      />
    </form>
  )
}

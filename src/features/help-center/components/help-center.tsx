import { Link } from '@tanstack/react-router'
import { Search, SearchX } from 'lucide-react'
import * as React from 'react'
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { useTextTypedEarly } from '@/lib/use-text-typed-early'
import { cn } from '@/lib/utils'
import { countTopics, filterHelpTopics } from '@/features/help-center/model/filter-help-topics'
import { HELP_GROUPS, type HelpGroup } from '@/features/help-center/model/help-topics'

export const HELP_SEARCH_PLACEHOLDER = 'How can we help you?'

type HelpCenterProps = React.ComponentProps<'div'> & {
  /** The search text to start with (stories; a link that carries a question). */
  defaultQuery?: string
  /** The content; the specification's four groups by default. */
  groups?: readonly HelpGroup[]
}

/**
 * The help center (spec §2): a search box that filters the topics by title or answer text, case
 * insensitively, and the four groups, each an accordion with one topic open at a time. Filtering
 * runs on a deferred copy of the text, so typing never waits for the list.
 */
function HelpCenter({ defaultQuery = '', groups = HELP_GROUPS, className, ...props }: HelpCenterProps) {
  const [query, setQuery] = React.useState(defaultQuery)
  const deferredQuery = React.useDeferredValue(query)
  const shown = React.useMemo(() => filterHelpTopics(groups, deferredQuery), [groups, deferredQuery])
  const searching = deferredQuery.trim() !== ''
  const count = countTopics(shown)
  const inputId = React.useId()
  // On the prerendered page a visitor may type before the app has hydrated it: keep that text.
  const inputRef = useTextTypedEarly<HTMLInputElement>(query, setQuery)

  return (
    <div data-slot="help-center" className={cn('flex flex-col gap-6', className)} {...props}>
      <form role="search" className="flex flex-col gap-2" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={inputId} className="sr-only">
          Search the help center
        </label>
        <div className="relative max-w-2xl">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-ink-subtle"
          />
          <Input
            ref={inputRef}
            id={inputId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={HELP_SEARCH_PLACEHOLDER}
            autoComplete="off"
            className="h-12 ps-11 text-lead"
          />
        </div>
        <p aria-live="polite" className="text-small text-ink-muted">
          {searching
            ? `${count} ${count === 1 ? 'answer matches' : 'answers match'} “${deferredQuery.trim()}”.`
            : `${count} answers in ${shown.length} groups.`}
        </p>
      </form>

      {shown.length === 0 ? (
        <NoAnswers query={deferredQuery.trim()} onClear={() => setQuery('')} />
      ) : (
        <div className="grid gap-8 lg:grid-cols-2">
          {shown.map((group) => (
            <section key={group.id} aria-labelledby={`help-${group.id}`} className="flex flex-col gap-3">
              <h2 id={`help-${group.id}`} className="text-heading text-ink">
                {group.title}
              </h2>
              <Accordion>
                {group.topics.map((topic) => (
                  <AccordionItem key={topic.id} value={topic.id}>
                    <AccordionTrigger>{topic.title}</AccordionTrigger>
                    <AccordionContent>{topic.answer}</AccordionContent>
                  </AccordionItem>
                ))}
              </Accordion>
            </section>
          ))}
        </div>
      )}
    </div>
  )
}

function NoAnswers({ query, onClear }: { query: string; onClear: () => void }) {
  return (
    <div
      data-slot="help-no-answers"
      className="flex flex-col items-start gap-3 rounded-card border border-dashed border-line-strong bg-surface p-6"
    >
      <SearchX aria-hidden="true" className="size-8 text-ink-subtle" />
      <h2 className="text-heading text-ink">No answers match “{query}”</h2>
      <p className="text-body text-ink-muted">
        Try other words, or{' '}
        <Link to="/contact-us" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          contact us
        </Link>{' '}
        and we will answer within two working days.
      </p>
      <Button variant="outline" onClick={onClear}>
        Clear search
      </Button>
    </div>
  )
}

export { HelpCenter }

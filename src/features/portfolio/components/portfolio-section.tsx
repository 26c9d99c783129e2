import { ChevronDown, Eye, Pencil } from 'lucide-react'
import type * as React from 'react'
import { Button } from '@/components/ui/button'
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible'
import type { SectionMode } from '@/features/portfolio/model/portfolio-state'
import { cn } from '@/lib/utils'

type PortfolioSectionProps = {
  /** The section's anchor, the `portfolio` search value that scrolls to it. */
  id: string
  title: string
  description: string
  mode: SectionMode
  onModeChange: (mode: SectionMode) => void
  open: boolean
  onOpenChange: (open: boolean) => void
  /**
   * The mode stays as it is: no icons to change it, a note instead (the organization and line of
   * business of a submitted record being edited, which the update does not change).
   */
  modeLocked?: boolean
  /** What the note of a locked section says (a record's edit by default). */
  lockedNote?: string
  /** The section's own Save (spec §4: save section 1, 2 or 3), shown in create mode. */
  onSave?: () => void
  saveDisabled?: boolean
  children: React.ReactNode
}

/**
 * One of the portfolio form's three stacked sections (spec §2): collapsible, with a create mode
 * and a read-only view mode toggled by two icons, its heading reading 'Create' or 'View'.
 */
function PortfolioSection({
  id,
  title,
  description,
  mode,
  onModeChange,
  open,
  onOpenChange,
  modeLocked = false,
  lockedNote = 'Not changed by this edit',
  onSave,
  saveDisabled,
  children,
}: PortfolioSectionProps) {
  const headingId = `${id}-title`
  const descriptionId = `${id}-description`
  return (
    <Collapsible open={open} onOpenChange={onOpenChange} asChild>
      <section
        id={id}
        aria-labelledby={headingId}
        data-slot="portfolio-section"
        data-mode={mode}
        // The header is 54 px tall and sticky: a jump to the section stops below it (spec §2, §9),
        // by the page's scroll-padding-top (styles.css); a scroll margin here would add to it.
        className="rounded-card border border-line bg-surface shadow-card"
      >
        <div className="flex flex-wrap items-center gap-3 border-b border-line px-4 py-3 sm:px-6">
          <SectionTitle
            title={title}
            description={description}
            headingId={headingId}
            descriptionId={descriptionId}
          />
          {modeLocked ? (
            <p className="text-small text-ink-muted">{lockedNote}</p>
          ) : (
            <ModeToggle
              title={title}
              mode={mode}
              onChoose={(chosen) => {
                onModeChange(chosen)
                onOpenChange(true)
              }}
            />
          )}
        </div>
        <CollapsibleContent>
          <div className="flex flex-col gap-5 px-4 py-5 sm:px-6">
            <h3 className="text-small font-semibold tracking-wide text-ink-muted uppercase">
              {mode === 'create' ? 'Create' : 'View'}
            </h3>
            {children}
            {mode === 'create' && onSave ? (
              <div className="flex justify-end">
                <Button variant="secondary" onClick={onSave} disabled={saveDisabled}>
                  Save {title}
                </Button>
              </div>
            ) : null}
          </div>
        </CollapsibleContent>
      </section>
    </Collapsible>
  )
}

type SectionTitleProps = { title: string; description: string; headingId: string; descriptionId: string }

/** The section's title is a heading (under the page's h1) holding its fold toggle. */
function SectionTitle({ title, description, headingId, descriptionId }: SectionTitleProps) {
  return (
    <div className="flex min-w-0 flex-1 flex-col">
      {/* Focusable by script only: `?portfolio=` moves focus here (use-portfolio-form.ts). */}
      <h2 tabIndex={-1} className="flex min-w-0 rounded-control">
        <CollapsibleTrigger asChild>
          <button
            type="button"
            aria-describedby={descriptionId}
            className="group flex min-w-0 cursor-pointer items-center gap-3 rounded-control text-start text-heading text-ink focus-visible:focus-ring"
          >
            <ChevronDown
              aria-hidden="true"
              className="size-5 shrink-0 text-ink-muted transition-transform group-data-[state=closed]:-rotate-90"
            />
            <span id={headingId}>{title}</span>
          </button>
        </CollapsibleTrigger>
      </h2>
      {/* Aligned with the title, past the chevron (size-5 + gap-3). */}
      <p id={descriptionId} className="ps-8 text-small text-ink-muted">
        {description}
      </p>
    </div>
  )
}

type ModeToggleProps = {
  title: string
  mode: SectionMode
  /** A mode chosen: the section shows it, unfolded. */
  onChoose: (mode: SectionMode) => void
}

/** The two icons that change a section's mode, the current one pressed. */
function ModeToggle({ title, mode, onChoose }: ModeToggleProps) {
  return (
    <div role="group" aria-label={`${title}: mode`} className="flex items-center gap-1">
      <ModeButton
        label={`Edit ${title}`}
        title="Create"
        pressed={mode === 'create'}
        onClick={() => onChoose('create')}
      >
        <Pencil aria-hidden="true" />
      </ModeButton>
      <ModeButton
        label={`View ${title}`}
        title="View"
        pressed={mode === 'view'}
        onClick={() => onChoose('view')}
      >
        <Eye aria-hidden="true" />
      </ModeButton>
    </div>
  )
}

type ModeButtonProps = {
  label: string
  title: string
  pressed: boolean
  onClick: () => void
  children: React.ReactNode
}

function ModeButton({ label, title, pressed, onClick, children }: ModeButtonProps) {
  return (
    <Button
      variant="ghost"
      size="icon-sm"
      aria-label={label}
      title={title}
      aria-pressed={pressed}
      className={cn(pressed && 'bg-brand-100 text-brand-900 hover:bg-brand-100')}
      onClick={onClick}
    >
      {children}
    </Button>
  )
}

type SummaryItem = { label: string; value: React.ReactNode }

/** A section's read-only view: each field and its value. */
function SectionSummary({ items }: { items: ReadonlyArray<SummaryItem> }) {
  return (
    <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((item) => (
        <div key={item.label} className="flex min-w-0 flex-col gap-0.5">
          <dt className="text-small font-semibold text-ink-muted">{item.label}</dt>
          <dd className="text-body break-words text-ink">
            {item.value === '' || item.value === null || item.value === undefined ? (
              <span className="text-ink-subtle">Not given</span>
            ) : (
              item.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  )
}

export { PortfolioSection, SectionSummary }

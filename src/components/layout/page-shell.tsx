import type * as React from 'react'
import { cn } from '@/lib/utils'

const SITE_NAME = 'Device Certification Portal'

type PageShellProps = React.ComponentProps<'section'> & {
  /** The page heading (h1) and the first part of the document title. */
  title: string
  /** A sentence under the heading saying what the page is for. */
  lead?: React.ReactNode
  /** Buttons shown beside the heading on wide screens, under it on phones. */
  actions?: React.ReactNode
}

/** The frame of every screen: document title, one h1, an optional lead and actions, then the content. */
function PageShell({ title, lead, actions, className, children, ...props }: PageShellProps) {
  return (
    <section
      data-slot="page-shell"
      aria-labelledby="page-title"
      className={cn('mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6 lg:py-12', className)}
      {...props}
    >
      <title>{`${title} · ${SITE_NAME}`}</title>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex max-w-3xl flex-col gap-2">
          <h1 id="page-title" className="text-title text-ink sm:text-display">
            {title}
          </h1>
          {lead ? <p className="text-lead text-ink-muted">{lead}</p> : null}
        </div>
        {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </section>
  )
}

export { PageShell, SITE_NAME }

import { Link } from '@tanstack/react-router'
import { X } from 'lucide-react'
import type * as React from 'react'
import { SITE_NAME } from '@/components/layout/page-shell'
import { cn } from '@/lib/utils'

type AuthCardProps = {
  /** The page heading (h1) and the first part of the document title. */
  title: string
  /** A sentence under the heading saying what to do here. */
  lead?: React.ReactNode
  /** A close icon back to the home page (the login screen, spec §2). */
  closeToHome?: boolean
  /** 'narrow' for one-column forms (login, passwords), 'wide' for the registration form. */
  width?: 'narrow' | 'wide'
  children: React.ReactNode
  /** Links under the card (New user? Register). */
  footer?: React.ReactNode
  className?: string
}

/**
 * The frame of the account screens (login, registration, password pages): one card centred on a
 * quiet background, its heading, a lead, the form, and links under it.
 */
function AuthCard({
  title,
  lead,
  closeToHome = false,
  width = 'narrow',
  children,
  footer,
  className,
}: AuthCardProps) {
  return (
    <section
      data-slot="auth-card"
      aria-labelledby="page-title"
      className="flex flex-1 justify-center bg-surface-muted px-4 py-8 sm:px-6 sm:py-12"
    >
      <title>{`${title} · ${SITE_NAME}`}</title>
      <div className={cn('flex w-full flex-col gap-4', width === 'wide' ? 'max-w-3xl' : 'max-w-md')}>
        <div
          className={cn(
            'relative flex flex-col gap-6 rounded-card border border-line bg-surface p-6 shadow-card sm:p-8',
            className,
          )}
        >
          <div className="flex flex-col gap-2 pe-8">
            <h1 id="page-title" className="text-title text-ink">
              {title}
            </h1>
            {lead ? <p className="text-body text-ink-muted">{lead}</p> : null}
          </div>
          {closeToHome ? (
            <Link
              to="/"
              aria-label="Close"
              title="Close"
              className="absolute end-3 top-3 inline-flex size-10 items-center justify-center rounded-full text-ink-muted transition-colors hover:bg-surface-sunken hover:text-ink focus-visible:focus-ring"
            >
              <X className="size-5" aria-hidden="true" />
            </Link>
          ) : null}
          {children}
        </div>
        {footer ? (
          <div className="flex flex-col items-center gap-2 text-small text-ink-muted">{footer}</div>
        ) : null}
      </div>
    </section>
  )
}

export { AuthCard }

import { useRouter } from '@tanstack/react-router'
import type * as React from 'react'
import { PageShell } from '@/components/layout/page-shell'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'

type PageStateProps = {
  /** The page's own heading and lead: they stay while its data loads or fails to. */
  title: string
  lead?: React.ReactNode
}

/** A screen's route while its data loads (a route's pendingComponent): the page's frame and what loads. */
function PageLoading({ title, lead, children }: PageStateProps & { children: string }) {
  return (
    <PageShell title={title} lead={lead}>
      <p className="flex items-center gap-2 text-body text-ink-muted">
        <Spinner aria-hidden="true" /> {children}
      </p>
    </PageShell>
  )
}

/** A screen's route whose read failed (a route's errorComponent): the service's message and Try again. */
function PageReadFailed({ title, lead, error }: PageStateProps & { error: unknown }) {
  const router = useRouter()
  return (
    <PageShell title={title} lead={lead}>
      <div role="alert" className="flex flex-wrap items-center gap-3 text-body text-danger">
        {error instanceof Error ? error.message : String(error)}
        <Button size="sm" variant="outline" onClick={() => void router.invalidate()}>
          Try again
        </Button>
      </div>
    </PageShell>
  )
}

export { PageLoading, PageReadFailed }

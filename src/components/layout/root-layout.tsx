import { Link } from '@tanstack/react-router'
import * as React from 'react'
import { SiteHeader } from '@/components/layout/site-header'
import { useHydrated } from '@/lib/use-hydrated'

// The toast container's code (sonner, which also adds a stylesheet of its own and so restyles the
// whole page) loads only when asked for, and never before the page is live.
const Toaster = React.lazy(() =>
  import('@/components/ui/toaster').then((module) => ({ default: module.Toaster })),
)

function DeferredToaster({ enabled }: { enabled: boolean }) {
  const hydrated = useHydrated()
  if (!hydrated || !enabled) return null
  return (
    <React.Suspense fallback={null}>
      <Toaster />
    </React.Suspense>
  )
}

/** Everything around a screen: skip link, header, the main landmark, footer and the toast container. */
type RootLayoutProps = {
  children: React.ReactNode
  /** The header's Logout (wired by the root route to the auth feature). */
  onLogout?: () => void
  /**
   * Mount the toast container. The root route turns it on with the first screen that calls the
   * server (they are the ones that toast) and leaves it on, so a toast outlives the navigation
   * that follows it; the public pages never load it.
   */
  toasts?: boolean
}

function RootLayout({ children, onLogout, toasts = false }: RootLayoutProps) {
  // Says the app is live (a prerendered page has been hydrated): end-to-end journeys wait for it.
  React.useEffect(() => {
    document.documentElement.setAttribute('data-hydrated', '')
  }, [])

  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-surface px-4 py-2 font-semibold text-brand-800 shadow-popover focus:not-sr-only focus:fixed focus:start-4 focus:top-2"
      >
        Skip to content
      </a>
      <div data-slot="root-layout" className="flex min-h-dvh flex-col">
        <SiteHeader onLogout={onLogout} />
        <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
          {children}
        </main>
        <SiteFooter />
      </div>
      <DeferredToaster enabled={toasts} />
    </>
  )
}

const footerLinkClasses =
  'rounded-sm font-semibold text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline focus-visible:focus-ring'

/**
 * The footer of every page: what the portal is, and the public certificate pages (the directory of
 * certified devices and the verification of a certificate), reachable from anywhere without a login.
 */
function SiteFooter() {
  return (
    <footer className="border-t border-line bg-surface">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-small text-ink-muted sm:px-6">
        <nav aria-label="Certificates">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            <li>
              <Link to="/certified-devices" className={footerLinkClasses}>
                Certified devices
              </Link>
            </li>
            <li>
              <Link to="/verify" className={footerLinkClasses}>
                Verify a certificate
              </Link>
            </li>
          </ul>
        </nav>
        <div className="flex flex-col gap-1 sm:flex-row sm:justify-between">
          <p>Device Certification Portal for telecom device vendors.</p>
          <p>Routers · Extenders · Mesh · Set-top boxes · ONT · OLT · ONU</p>
        </div>
      </div>
    </footer>
  )
}

export { RootLayout }

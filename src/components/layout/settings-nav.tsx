import { Link } from '@tanstack/react-router'
import { BellRing, BookMarked, KeyRound, Webhook } from 'lucide-react'

/** The settings pages, in the order the tabs show them. */
export const SETTINGS_PAGES = [
  { to: '/settings/notifications', label: 'Notifications', icon: BellRing },
  { to: '/settings/tokens', label: 'API tokens', icon: KeyRound },
  { to: '/settings/webhooks', label: 'Webhooks', icon: Webhook },
  { to: '/settings/catalogue', label: 'Catalogue', icon: BookMarked },
] as const

const TAB =
  'inline-flex min-h-11 shrink-0 items-center gap-2 border-b-2 border-transparent px-2 text-body sm:px-3 font-semibold text-ink-muted transition-colors hover:text-ink focus-visible:focus-ring data-[status=active]:border-brand-600 data-[status=active]:text-brand-700'

/**
 * The tabs between the settings pages: links (each page has its address), the current one marked
 * with aria-current="page" and data-status="active" by the router, and underlined.
 */
function SettingsNav() {
  return (
    <nav aria-label="Settings" className="border-b border-line bg-surface">
      <ul className="mx-auto flex w-full max-w-6xl gap-1 overflow-x-auto px-4 sm:gap-2 sm:px-6">
        {SETTINGS_PAGES.map(({ to, label, icon: Icon }) => (
          <li key={to} className="flex">
            <Link to={to} className={TAB}>
              {/* On a phone the tabs fit without their icons (and scroll when they do not). */}
              <Icon aria-hidden="true" className="hidden size-4 sm:block" />
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

export { SettingsNav }

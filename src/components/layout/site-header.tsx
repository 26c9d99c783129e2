import { Link } from '@tanstack/react-router'
import { CircleHelp, Mail, Menu, RadioTower, Search } from 'lucide-react'
import * as React from 'react'
import { HeaderSearch } from '@/components/layout/header-search'
import { LabHeader } from '@/components/layout/lab-header'
import { LimitedSessionMenu, useLimitedSession } from '@/components/layout/limited-session-menu'
import { OrganizationMenu } from '@/components/layout/organization-menu'
import { ProfileMenu } from '@/components/layout/profile-menu'
import { Button } from '@/components/ui/button'
import { IconHint } from '@/components/ui/icon-hint'
import { LazyPopover } from '@/components/ui/lazy-popover'
import { supportMailto } from '@/lib/config'
import { useLabStaff } from '@/lib/lab-session'
import { type AuthView, useAuthView } from '@/lib/use-auth-data'
import { cn } from '@/lib/utils'

/*
 * The site header (spec §2 "Header"). Navigation: Home, Portfolio Manager, Device Certifications,
 * Dashboard (4th, only when logged in), Contact Us. A visitor gets Sign Up and Sign In; a
 * logged-in vendor the organization it acts for (a switch when it has several, decision 0039), the
 * device search (decision 6), the help icon and the profile popover with Logout. Everyone gets the contact action, which opens a mail composer to the support address.
 *
 * Widths: the links sit in the bar from 1024 px (lg), the search field from 1280 px (xl, a search
 * button opening it between the two); below 1024 px a menu button holds links and search.
 * On a prerendered page both variants are in the HTML until hydration (see use-auth-data.ts).
 */

type NavItem = {
  to: '/' | '/portfolio-manager' | '/device-certifications' | '/dashboard' | '/contact-us'
  label: string
}

const PUBLIC_LINKS: readonly NavItem[] = [
  { to: '/', label: 'Home' },
  { to: '/portfolio-manager', label: 'Portfolio Manager' },
  { to: '/device-certifications', label: 'Device Certifications' },
  { to: '/contact-us', label: 'Contact Us' },
]
const DASHBOARD_LINK: NavItem = { to: '/dashboard', label: 'Dashboard' }
/** Spec §2: Dashboard is inserted at the 4th place. */
const DASHBOARD_POSITION = 3

/** The links in order, with Dashboard marked 'member-only' while it is not known who is looking. */
export function navItems(status: AuthView['status']): (NavItem & { memberOnly?: boolean })[] {
  if (status === 'visitor') return [...PUBLIC_LINKS]
  const items: (NavItem & { memberOnly?: boolean })[] = [...PUBLIC_LINKS]
  items.splice(DASHBOARD_POSITION, 0, { ...DASHBOARD_LINK, memberOnly: status === 'unknown' })
  return items
}

/** Classes of a part shown only to one kind of user while the page is still prerendered HTML. */
function onlyFor(kind: 'member' | 'visitor', status: AuthView['status']) {
  if (status !== 'unknown') return undefined
  return kind === 'member' ? 'hidden member:flex' : 'flex member:hidden'
}

const navLinkClasses = cn(
  'items-center rounded-md px-2.5 py-2 text-small font-semibold whitespace-nowrap text-ink-muted transition-colors',
  'hover:bg-surface-sunken hover:text-ink focus-visible:focus-ring',
  'data-[status=active]:text-brand-700 data-[status=active]:hover:text-brand-800',
)

type SiteHeaderProps = {
  /** Ends the session (spec §2: clears session storage and AUTH_DATA, then goes to /login). */
  onLogout?: () => void
}

function SiteHeader({ onLogout }: SiteHeaderProps) {
  const auth = useAuthView()
  const { status } = auth
  // A lab staff member's login is no vendor's; the header offers the console and Log out.
  // Nor is a login without an organization; it is offered its invitations and Log out.
  const limited = useLimitedSession()
  const organizationShown = status === 'member' && !limited && Boolean(auth.authData.organizationName)
  // A lab staff member gets the lab's own header (docs/decisions/0045), not the vendors' navigation.
  const labStaff = useLabStaff()
  if (labStaff) return <LabHeader staff={labStaff} onLogout={onLogout} />

  return (
    <header
      data-slot="site-header"
      data-auth-status={status}
      className="sticky top-0 z-40 h-header-offset border-b border-line bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/85"
    >
      <div className="mx-auto flex h-full max-w-6xl items-center gap-2 px-3 sm:px-6 lg:gap-3">
        <HomeLink status={status} organizationShown={organizationShown} />
        <nav aria-label="Main" className="ms-2 hidden items-center lg:flex xl:ms-4">
          {navItems(status).map((item) => (
            <Link
              key={item.to}
              to={item.to}
              className={cn(navLinkClasses, item.memberOnly ? 'hidden member:inline-flex' : 'inline-flex')}
              activeOptions={{ exact: true, includeSearch: false }}
            >
              {item.label}
            </Link>
          ))}
        </nav>

        <div className="ms-auto flex min-w-0 items-center gap-1 sm:gap-1.5">
          {/* First on the right: known only once hydrated, it moves nothing that is there before. */}
          {organizationShown ? <OrganizationMenu authData={auth.authData} /> : null}
          {status !== 'visitor' ? <MemberTools status={status} /> : null}

          <IconHint label="Email support" className="hidden sm:inline-flex">
            <Button asChild variant="ghost" size="icon">
              <a href={supportMailto()} aria-label="Email support">
                <Mail aria-hidden="true" />
              </a>
            </Button>
          </IconHint>

          {limited ? (
            <LimitedSessionMenu onLogout={onLogout} />
          ) : status !== 'member' ? (
            <VisitorActions status={status} />
          ) : null}

          {status !== 'visitor' ? (
            <ProfileMenu authData={auth.authData} className={onlyFor('member', status)} onLogout={onLogout} />
          ) : null}

          <MobileMenu status={status} />
        </div>
      </div>
    </header>
  )
}

/**
 * The portal's mark and name, a link home. From 1024 px a vendor's header is full (five links,
 * the organization, the search): there the mark alone stands for the portal, so that the
 * organization's name has room. Before hydration `<html data-organization>` decides it (a member's
 * prerendered page paints it so from the start); after, whether the organization shows.
 */
function HomeLink({ status, organizationShown }: { status: AuthView['status']; organizationShown: boolean }) {
  const markOnly =
    status === 'unknown' ? 'lg:member-organization:hidden' : organizationShown ? 'lg:hidden' : undefined
  return (
    <Link
      to="/"
      className="flex shrink-0 items-center gap-2 rounded-md font-bold text-ink focus-visible:focus-ring"
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-brand-700 text-ink-inverted">
        <RadioTower className="size-4" aria-hidden="true" />
      </span>
      <span className={cn('hidden flex-col text-small leading-tight sm:flex', markOnly)}>
        <span>Device Certification</span> <span className="font-semibold text-ink-muted">Portal</span>
      </span>
      <span
        className={cn(
          'sr-only sm:hidden',
          status === 'unknown' ? 'lg:member-organization:inline' : organizationShown && 'lg:inline',
        )}
      >
        Device Certification Portal, home
      </span>
    </Link>
  )
}

/** A member's device search (a field from 1280 px, a button opening it from 1024 px) and the help icon. */
function MemberTools({ status }: { status: AuthView['status'] }) {
  return (
    <div className={cn('items-center gap-1 sm:gap-1.5', onlyFor('member', status) ?? 'flex')}>
      <HeaderSearch className="hidden w-44 xl:flex 2xl:w-56" />
      <IconHint label="Search devices" className="hidden lg:inline-flex xl:hidden">
        <LazyPopover
          trigger={
            <Button variant="ghost" size="icon" aria-label="Search devices">
              <Search aria-hidden="true" />
            </Button>
          }
          contentProps={{ align: 'end', 'aria-label': 'Search devices', className: 'w-80' }}
        >
          <HeaderSearch autoFocus />
        </LazyPopover>
      </IconHint>
      <IconHint label="Help center">
        <Button asChild variant="ghost" size="icon">
          <Link to="/help-center" aria-label="Help center">
            <CircleHelp aria-hidden="true" />
          </Link>
        </Button>
      </IconHint>
    </div>
  )
}

/** A visitor's Sign Up and Sign In. */
function VisitorActions({ status }: { status: AuthView['status'] }) {
  return (
    <div className={cn('items-center gap-1.5', onlyFor('visitor', status) ?? 'flex')}>
      <Button asChild variant="ghost" size="sm">
        <Link to="/create-profile">Sign Up</Link>
      </Button>
      <Button asChild size="sm">
        <Link to="/login">Sign In</Link>
      </Button>
    </div>
  )
}

/** Below 1024 px: a menu button holding the links, a member's search and the contact action. */
function MobileMenu({ status }: { status: AuthView['status'] }) {
  const [menuOpen, setMenuOpen] = React.useState(false)
  const closeMenu = React.useCallback(() => setMenuOpen(false), [])
  return (
    <LazyPopover
      open={menuOpen}
      onOpenChange={setMenuOpen}
      trigger={
        <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open menu">
          <Menu aria-hidden="true" />
        </Button>
      }
      contentProps={{
        align: 'end',
        'aria-label': 'Menu',
        className: 'flex w-72 flex-col gap-3 p-2',
        // Focus the menu itself, not its search field: on a phone that would raise the keyboard.
        onOpenAutoFocus: (event) => {
          event.preventDefault()
          ;(event.currentTarget as HTMLElement | null)?.focus()
        },
      }}
    >
      {status === 'member' ? <HeaderSearch onSearched={closeMenu} className="px-1 pt-1" /> : null}
      <nav aria-label="Main" className="flex flex-col">
        {navItems(status === 'unknown' ? 'visitor' : status).map((item) => (
          <Link
            key={item.to}
            to={item.to}
            className={cn(navLinkClasses, 'flex py-2.5 text-body')}
            activeOptions={{ exact: true, includeSearch: false }}
            onClick={closeMenu}
          >
            {item.label}
          </Link>
        ))}
      </nav>
      <a
        href={supportMailto()}
        onClick={closeMenu}
        className={cn(navLinkClasses, 'flex gap-2 border-t border-line pt-3 text-body')}
      >
        <Mail aria-hidden="true" className="size-4" />
        Email support
      </a>
    </LazyPopover>
  )
}

export { SiteHeader }

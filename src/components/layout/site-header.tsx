import { Link, useLocation, useNavigate, useRouter } from '@tanstack/react-router'
import {
  Check,
  CircleHelp,
  LogOut,
  Mail,
  Menu,
  Phone,
  RadioTower,
  Search,
  Settings,
  UserRound,
  UsersRound,
  type LucideIcon,
} from 'lucide-react'
import * as React from 'react'
import { LimitedSessionMenu, useLimitedSession } from '@/components/layout/limited-session-menu'
import { Button } from '@/components/ui/button'
import { IconHint } from '@/components/ui/icon-hint'
import { Input } from '@/components/ui/input'
import { LazyPopover } from '@/components/ui/lazy-popover'
import type { AuthData } from '@/contract/auth'
import type { Membership } from '@/contract/roles'
import { supportMailto } from '@/lib/config'
import { membershipLine } from '@/lib/role'
import { switchOrganization } from '@/lib/switch-organization'
import { type AuthView, useAuthView } from '@/lib/use-auth-data'
import { cn } from '@/lib/utils'

/*
 * The site header (spec §2 "Header"). Navigation: Home, Portfolio Manager, Device Certifications,
 * Dashboard (4th, only when logged in), Contact Us. A visitor gets Sign Up and Sign In; a
 * logged-in vendor the device search (decision 6), the help icon and the profile popover with
 * Logout. Everyone gets the contact action, which opens a mail composer to the support address.
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
  const [menuOpen, setMenuOpen] = React.useState(false)
  const closeMenu = React.useCallback(() => setMenuOpen(false), [])

  return (
    <header
      data-slot="site-header"
      data-auth-status={status}
      className="sticky top-0 z-40 h-header-offset border-b border-line bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/85"
    >
      <div className="mx-auto flex h-full max-w-6xl items-center gap-2 px-3 sm:px-6 lg:gap-3">
        <Link
          to="/"
          className="flex shrink-0 items-center gap-2 rounded-md font-bold text-ink focus-visible:focus-ring"
        >
          <span className="flex size-8 items-center justify-center rounded-lg bg-brand-700 text-ink-inverted">
            <RadioTower className="size-4" aria-hidden="true" />
          </span>
          <span className="hidden flex-col text-small leading-tight sm:flex">
            <span>Device Certification</span> <span className="font-semibold text-ink-muted">Portal</span>
          </span>
          <span className="sr-only sm:hidden">Device Certification Portal, home</span>
        </Link>

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

        <div className="ms-auto flex items-center gap-1 sm:gap-1.5">
          {status !== 'visitor' ? (
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
          ) : null}

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
            <div className={cn('items-center gap-1.5', onlyFor('visitor', status) ?? 'flex')}>
              <Button asChild variant="ghost" size="sm">
                <Link to="/create-profile">Sign Up</Link>
              </Button>
              <Button asChild size="sm">
                <Link to="/login">Sign In</Link>
              </Button>
            </div>
          ) : null}

          {status !== 'visitor' ? (
            <ProfileMenu authData={auth.authData} className={onlyFor('member', status)} onLogout={onLogout} />
          ) : null}

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
        </div>
      </div>
    </header>
  )
}

type HeaderSearchProps = {
  className?: string
  autoFocus?: boolean
  /** Called after the search has been sent, e.g. to close the menu holding the field. */
  onSearched?: () => void
}

/** Decision 6: the search box opens the dashboard with the text in its `search` parameter. */
function HeaderSearch({ className, autoFocus, onSearched }: HeaderSearchProps) {
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

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words
  return letters.map((word) => word?.[0]?.toUpperCase() ?? '').join('')
}

type ProfileMenuProps = {
  authData: AuthData | null
  className?: string | undefined
  onLogout?: (() => void) | undefined
}

/**
 * Spec §2: the profile popup shows name, email id and phone number, and Logout. Issue 18: a member
 * also reads the organization the session acts for and the role there (membershipLine).
 */
function ProfileMenu({ authData, className, onLogout }: ProfileMenuProps) {
  const initials = authData ? initialsOf(authData.name) : ''
  const membership = membershipLine(authData)
  const organizations = authData?.organizations ?? []
  const [open, setOpen] = React.useState(false)
  const logoutRef = React.useRef<HTMLButtonElement>(null)
  return (
    <LazyPopover
      open={open}
      onOpenChange={setOpen}
      contentProps={{
        align: 'end',
        'aria-label': 'Profile',
        className: 'flex w-72 flex-col gap-3',
        // Focus starts on Logout, as ever: not on an organization, where Enter would switch.
        onOpenAutoFocus: (event) => {
          event.preventDefault()
          logoutRef.current?.focus()
        },
      }}
      trigger={
        <button
          type="button"
          className={cn(
            'flex size-9 shrink-0 cursor-pointer items-center justify-center rounded-full bg-brand-100 text-small font-bold text-brand-900',
            'ring-brand-300 transition-colors hover:bg-brand-200 hover:ring-2 focus-visible:focus-ring',
            className,
          )}
        >
          {initials ? (
            <span aria-hidden="true">{initials}</span>
          ) : (
            <UserRound aria-hidden="true" className="size-4" />
          )}
          <span className="sr-only">Profile</span>
        </button>
      }
    >
      {authData ? (
        <>
          <div className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-ink-inverted"
            >
              {initials}
            </span>
            {membership ? (
              <div className="flex min-w-0 flex-col">
                <p className="text-body font-semibold break-words text-ink">{authData.name}</p>
                <p data-slot="profile-membership" className="text-small break-words text-ink-muted">
                  {membership}
                </p>
              </div>
            ) : (
              <p className="min-w-0 text-body font-semibold break-words text-ink">{authData.name}</p>
            )}
          </div>
          <dl className="flex flex-col gap-2 text-small">
            <ProfileDetail icon={Mail} term="Email id" value={authData.emailId} />
            <ProfileDetail icon={Phone} term="Phone number" value={authData.phoneNumber} />
          </dl>
          {organizations.length > 1 ? (
            <OrganizationSwitch
              organizations={organizations}
              currentId={authData.organizationId}
              onSwitched={() => setOpen(false)}
            />
          ) : null}
          {/* The organization's team (every member reads it; an Owner manages it). */}
          <Button variant="outline" asChild className="w-full">
            <Link to="/team" onClick={() => setOpen(false)}>
              <UsersRound aria-hidden="true" />
              Team
            </Link>
          </Button>
          {/* The member's mails, API tokens and the organization's webhooks. */}
          <Button variant="outline" asChild className="w-full">
            <Link to="/settings" onClick={() => setOpen(false)}>
              <Settings aria-hidden="true" />
              Settings
            </Link>
          </Button>
        </>
      ) : null}
      <Button
        ref={logoutRef}
        variant="outline"
        onClick={() => {
          setOpen(false)
          onLogout?.()
        }}
        className="w-full"
      >
        <LogOut aria-hidden="true" />
        Logout
      </Button>
    </LazyPopover>
  )
}

type OrganizationSwitchProps = {
  organizations: readonly Membership[]
  currentId: string | undefined
  onSwitched: () => void
}

/**
 * docs/decisions/0023: an account in several organizations picks the one the session
 * acts for. The current one is marked; choosing another asks the server, stores the new login
 * data and opens the dashboard with that organization's data.
 */
function OrganizationSwitch({ organizations, currentId, onSwitched }: OrganizationSwitchProps) {
  const router = useRouter()
  const headingId = React.useId()
  const [pendingId, setPendingId] = React.useState<string | null>(null)
  const [problem, setProblem] = React.useState<string | null>(null)

  async function choose(organizationId: string) {
    setPendingId(organizationId)
    setProblem(null)
    try {
      await switchOrganization(organizationId, router.options.context.queryClient)
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error))
      setPendingId(null)
      return
    }
    setPendingId(null)
    onSwitched()
    await router.navigate({ to: '/dashboard' })
    await router.invalidate()
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-1.5 border-t border-line pt-3">
      <h2 id={headingId} className="text-small font-semibold text-ink-muted">
        Organizations
      </h2>
      <ul className="flex flex-col gap-1" aria-busy={pendingId !== null}>
        {organizations.map((organization) => {
          const current = organization.organizationId === currentId
          const label = (
            <span className="flex min-w-0 flex-col">
              <span className="font-semibold break-words text-ink">{organization.organizationName}</span>
              <span className="text-ink-muted">{organization.role}</span>
            </span>
          )
          return (
            <li key={organization.organizationId}>
              {current ? (
                <div
                  aria-current="true"
                  className="flex items-start gap-2 rounded-md bg-brand-50 px-2 py-1.5 text-small"
                >
                  <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
                  {label}
                  <span className="sr-only">(current)</span>
                </div>
              ) : (
                <button
                  type="button"
                  disabled={pendingId !== null}
                  onClick={() => void choose(organization.organizationId)}
                  className={cn(
                    'flex w-full cursor-pointer items-start gap-2 rounded-md px-2 py-1.5 text-start text-small',
                    'transition-colors hover:bg-surface-sunken focus-visible:focus-ring disabled:cursor-wait disabled:opacity-60',
                  )}
                >
                  <span aria-hidden="true" className="size-4 shrink-0" />
                  {label}
                </button>
              )}
            </li>
          )
        })}
      </ul>
      {problem ? (
        <p role="alert" className="text-small text-danger">
          {problem}
        </p>
      ) : null}
    </section>
  )
}

/** One line of the profile popup: an icon standing for the term (named for screen readers), and the value. */
function ProfileDetail({ icon: Icon, term, value }: { icon: LucideIcon; term: string; value: string }) {
  return (
    <div className="flex items-start gap-2">
      <dt>
        <Icon aria-hidden="true" className="mt-0.5 size-4 text-ink-subtle" />
        <span className="sr-only">{term}</span>
      </dt>
      <dd className="min-w-0 break-all text-ink">{value}</dd>
    </div>
  )
}

export { SiteHeader }

import { Link } from '@tanstack/react-router'
import { LogOut, Mail, Phone, Settings, UserRound, UsersRound, type LucideIcon } from 'lucide-react'
import * as React from 'react'
import { OrganizationSwitch } from '@/components/layout/organization-switch'
import { Button } from '@/components/ui/button'
import { LazyPopover } from '@/components/ui/lazy-popover'
import type { AuthData } from '@/contract/auth'
import { membershipLine } from '@/lib/role'
import { cn } from '@/lib/utils'

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
 * Spec §2: the profile popup shows name, email id and phone number, and Logout. A member
 * also reads the organization the session acts for and the role there (membershipLine).
 */
export function ProfileMenu({ authData, className, onLogout }: ProfileMenuProps) {
  const initials = authData ? initialsOf(authData.name) : ''
  const membership = membershipLine(authData)
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
        <ProfileDetails
          authData={authData}
          initials={initials}
          membership={membership}
          onClose={() => setOpen(false)}
        />
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

type ProfileDetailsProps = {
  authData: AuthData
  initials: string
  /** The organization and role the session acts for (membershipLine), when known. */
  membership: string | null
  /** Closes the popup (after a link is followed or the organization switched). */
  onClose: () => void
}

/** Who is logged in, how to reach them, their organizations, and the Team and Settings links. */
function ProfileDetails({ authData, initials, membership, onClose }: ProfileDetailsProps) {
  const organizations = authData.organizations ?? []
  return (
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
          onSwitched={onClose}
        />
      ) : null}
      {/* The organization's team (every member reads it; an Owner manages it). */}
      <Button variant="outline" asChild className="w-full">
        <Link to="/team" onClick={onClose}>
          <UsersRound aria-hidden="true" />
          Team
        </Link>
      </Button>
      {/* The member's mails, API tokens and the organization's webhooks. */}
      <Button variant="outline" asChild className="w-full">
        <Link to="/settings" onClick={onClose}>
          <Settings aria-hidden="true" />
          Settings
        </Link>
      </Button>
    </>
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

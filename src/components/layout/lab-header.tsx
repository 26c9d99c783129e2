import { Link } from '@tanstack/react-router'
import {
  Bell,
  BookMarked,
  FlaskConical,
  ListChecks,
  ListTodo,
  LogOut,
  type LucideIcon,
  Users,
} from 'lucide-react'
import * as React from 'react'
import { Button } from '@/components/ui/button'
import { LazyPopover } from '@/components/ui/lazy-popover'
import { labCan, type LabStaff } from '@/contract/lab'
import { cn } from '@/lib/utils'

/*
 * The lab's own header (docs/decisions/0045): a lab staff member gets the console's places — the
 * queue, the catalogue, test plans, the staff (a Lab manager), notifications — and their profile
 * with Logout, instead of the vendors' public navigation. From 768 px the links have their
 * words; below, their icons with the words as their names.
 */

type LabLink = {
  to: '/lab' | '/lab/catalogue' | '/lab/test-plans' | '/lab/staff' | '/lab/notifications'
  label: string
  icon: LucideIcon
  managerOnly?: boolean
}

export const LAB_LINKS: readonly LabLink[] = [
  { to: '/lab', label: 'Queue', icon: ListTodo },
  { to: '/lab/catalogue', label: 'Catalogue', icon: BookMarked },
  { to: '/lab/test-plans', label: 'Test plans', icon: ListChecks },
  { to: '/lab/staff', label: 'Staff', icon: Users, managerOnly: true },
  { to: '/lab/notifications', label: 'Notifications', icon: Bell },
]

const linkClasses = cn(
  'inline-flex h-9 items-center gap-1.5 rounded-md px-2 text-small font-semibold whitespace-nowrap text-ink-muted transition-colors md:px-2.5',
  'hover:bg-surface-sunken hover:text-ink focus-visible:focus-ring',
  'data-[status=active]:bg-brand-50 data-[status=active]:text-brand-800',
)

export function LabHeader({ staff, onLogout }: { staff: LabStaff; onLogout?: (() => void) | undefined }) {
  const links = LAB_LINKS.filter((link) => !link.managerOnly || labCan(staff.role, 'lab-manage'))
  return (
    <header
      data-slot="lab-header"
      className="sticky top-0 z-40 h-header-offset border-b border-line bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/85"
    >
      <div className="mx-auto flex h-full max-w-6xl items-center gap-1 px-3 sm:gap-2 sm:px-6">
        <Link
          to="/lab"
          className="flex shrink-0 items-center gap-2 rounded-md font-bold text-ink focus-visible:focus-ring"
          aria-label="Certification lab, the queue"
        >
          <span className="flex size-8 items-center justify-center rounded-lg bg-brand-900 text-ink-inverted">
            <FlaskConical className="size-4" aria-hidden="true" />
          </span>
          <span className="hidden text-small leading-tight lg:inline">Certification lab</span>
        </Link>
        <nav aria-label="Lab" className="flex min-w-0 items-center gap-0.5 sm:ms-2">
          {links.map(({ to, label, icon: Icon }) => (
            <Link
              key={to}
              to={to}
              className={linkClasses}
              activeOptions={{ exact: to === '/lab', includeSearch: false }}
              aria-label={label}
            >
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              <span className="hidden md:inline">{label}</span>
            </Link>
          ))}
        </nav>
        <div className="ms-auto">
          <LabProfile staff={staff} onLogout={onLogout} />
        </div>
      </div>
    </header>
  )
}

/** The staff member's name, e-mail and role, and Logout. */
function LabProfile({ staff, onLogout }: { staff: LabStaff; onLogout?: (() => void) | undefined }) {
  const [open, setOpen] = React.useState(false)
  const initials = staff.name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .slice(0, 2)
    .join('')
  return (
    <LazyPopover
      open={open}
      onOpenChange={setOpen}
      contentProps={{ align: 'end', 'aria-label': 'Profile', className: 'flex w-72 flex-col gap-3' }}
      trigger={
        <button
          type="button"
          className="flex size-9 shrink-0 cursor-pointer items-center justify-center rounded-full bg-brand-100 text-small font-bold text-brand-900 ring-brand-300 transition-colors hover:bg-brand-200 hover:ring-2 focus-visible:focus-ring"
        >
          <span aria-hidden="true">{initials}</span>
          <span className="sr-only">{`Profile (${staff.name}, ${staff.role})`}</span>
        </button>
      }
    >
      <div className="flex flex-col gap-0.5 text-small">
        <p className="font-semibold text-ink">{staff.name}</p>
        <p className="text-ink-muted">{staff.email}</p>
        <p className="text-ink-muted">{`${staff.role} · Certification lab`}</p>
      </div>
      <Button variant="outline" size="sm" onClick={onLogout}>
        <LogOut aria-hidden="true" />
        Logout
      </Button>
    </LazyPopover>
  )
}

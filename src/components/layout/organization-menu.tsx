import { Building2, ChevronsUpDown } from 'lucide-react'
import * as React from 'react'
import { OrganizationSwitch } from '@/components/layout/organization-switch'
import { LazyPopover } from '@/components/ui/lazy-popover'
import type { AuthData } from '@/contract/auth'
import { cn } from '@/lib/utils'

type OrganizationMenuProps = {
  authData: AuthData | null
  className?: string | undefined
}

const nameClasses = 'min-w-0 truncate max-w-[9rem] sm:max-w-[11rem] lg:max-w-[10rem] xl:max-w-[11rem]'

/**
 * The organization the session acts for, in the header (docs/decisions/0039), so that a member
 * always sees where they are. A member of several organizations gets it as a button opening the
 * switch (the profile popup's OrganizationSwitch); of one, as a plain name. A long name is cut
 * with an ellipsis and read whole by its title and by screen readers.
 */
export function OrganizationMenu({ authData, className }: OrganizationMenuProps) {
  const [open, setOpen] = React.useState(false)
  const name = authData?.organizationName
  if (!authData || !name) return null
  const organizations = authData.organizations ?? []
  const icon = <Building2 aria-hidden="true" className="size-4 shrink-0 text-ink-subtle" />
  if (organizations.length <= 1) {
    return (
      <p
        data-slot="header-organization"
        title={name}
        className={cn('flex min-w-0 items-center gap-1.5 px-1 text-small font-semibold text-ink', className)}
      >
        {icon}
        <span className="sr-only">Organization: </span>
        <span className={nameClasses}>{name}</span>
      </p>
    )
  }
  return (
    <LazyPopover
      open={open}
      onOpenChange={setOpen}
      contentProps={{ align: 'end', 'aria-label': 'Switch organization', className: 'w-72' }}
      trigger={
        <button
          type="button"
          data-slot="header-organization"
          title={name}
          aria-label={`Organization: ${name}, switch organization`}
          className={cn(
            'flex min-w-0 cursor-pointer items-center gap-1.5 rounded-md px-2 py-2 text-small font-semibold text-ink',
            'transition-colors hover:bg-surface-sunken focus-visible:focus-ring',
            className,
          )}
        >
          {icon}
          <span className={nameClasses}>{name}</span>
          <ChevronsUpDown aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
        </button>
      }
    >
      <OrganizationSwitch
        organizations={organizations}
        currentId={authData.organizationId}
        onSwitched={() => setOpen(false)}
        className="border-t-0 pt-0"
      />
    </LazyPopover>
  )
}

import { useRouter } from '@tanstack/react-router'
import { Check } from 'lucide-react'
import * as React from 'react'
import type { Membership } from '@/contract/roles'
import { switchOrganization } from '@/lib/switch-organization'
import { cn } from '@/lib/utils'

type OrganizationSwitchProps = {
  organizations: readonly Membership[]
  currentId: string | undefined
  onSwitched: () => void
  className?: string | undefined
}

/**
 * docs/decisions/0023: an account in several organizations picks the one the session
 * acts for. The current one is marked; choosing another asks the server, stores the new login
 * data and opens the dashboard with that organization's data.
 */
export function OrganizationSwitch({
  organizations,
  currentId,
  onSwitched,
  className,
}: OrganizationSwitchProps) {
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
    <section
      aria-labelledby={headingId}
      className={cn('flex flex-col gap-1.5 border-t border-line pt-3', className)}
    >
      <h2 id={headingId} className="text-small font-semibold text-ink-muted">
        Organizations
      </h2>
      <ul className="flex flex-col gap-1" aria-busy={pendingId !== null}>
        {organizations.map((organization) => {
          const current = organization.organizationId === currentId
          const label = <MembershipLabel membership={organization} />
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

/** An organization's name and the account's role there. */
function MembershipLabel({ membership }: { membership: Membership }) {
  return (
    <span className="flex min-w-0 flex-col">
      <span className="font-semibold break-words text-ink">{membership.organizationName}</span>
      <span className="text-ink-muted">{membership.role}</span>
    </span>
  )
}

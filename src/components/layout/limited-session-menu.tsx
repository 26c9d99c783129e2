import { Link } from '@tanstack/react-router'
import { Button } from '@/components/ui/button'
import { PENDING_INVITATIONS_PATH } from '@/contract/team'
import { useLabStaff } from '@/lib/lab-session'
import { useLoginWithoutOrganization } from '@/lib/no-organization'

/*
 * The header's part for a login that is no vendor member's: a lab staff member's (the
 * console) and an account's without an organization (its invitations). Each gets its
 * one page and Logout instead of the visitor's Sign Up and Sign In or a member's profile popup.
 */

/** Whether the stored login is one of those (the header then shows LimitedSessionMenu). */
export function useLimitedSession(): boolean {
  const labStaff = useLabStaff()
  const withoutOrganization = useLoginWithoutOrganization()
  return labStaff !== null || withoutOrganization !== null
}

function LimitedSessionMenu({ onLogout }: { onLogout?: (() => void) | undefined }) {
  const labStaff = useLabStaff()
  const withoutOrganization = useLoginWithoutOrganization()
  if (!labStaff && !withoutOrganization) return null
  return (
    <div
      className="flex items-center gap-1.5"
      data-slot={labStaff ? 'lab-staff-menu' : 'no-organization-menu'}
    >
      {labStaff ? (
        <Button asChild variant="ghost" size="sm">
          <Link to="/lab" aria-label={`Lab console (${labStaff.name}, ${labStaff.role})`}>
            Lab console
          </Link>
        </Button>
      ) : (
        <Button asChild variant="ghost" size="sm">
          <Link to={PENDING_INVITATIONS_PATH} aria-label={`Invitations (${withoutOrganization?.name ?? ''})`}>
            Invitations
          </Link>
        </Button>
      )}
      <Button size="sm" variant="outline" onClick={onLogout}>
        Logout
      </Button>
    </div>
  )
}

export { LimitedSessionMenu }

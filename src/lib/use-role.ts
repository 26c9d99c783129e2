import type { Permission, Role } from '@/contract/roles'
import { type RoleRefusal, roleOf, roleRefusal } from '@/lib/role'
import { useAuthView } from '@/lib/use-auth-data'

/**
 * The logged-in member's role in the organization the session acts for, as the stored login data
 * says now (docs/decisions/0023); 'Owner' when the login answer names none. A visitor, or a page
 * still hydrating, reads 'Owner' too: nothing is disabled where nothing can be done anyway.
 */
export function useRole(): Role {
  return roleOf(useAuthView().authData)
}

/** Why the member's role may not do what `permission` covers, or null when it may. */
export function useRoleRefusal(permission: Permission): RoleRefusal | null {
  return roleRefusal(useRole(), permission)
}

import type { AuthData } from '@/contract/auth'
import type { Role } from '@/contract/roles'

// The refusal the server answers is the UI's too: one definition, in the contract.
export { type RoleRefusal, roleRefusal } from '@/contract/roles'

/*
 * docs/decisions/0023: what the logged-in member's role lets the UI offer. The role is
 * read from the stored login answer only; the server decides every call again (403 with the same
 * words), so this only spares a member a control that would be refused.
 */

/**
 * The role the login data gives. A login answer without one (the specification's answer, a
 * server before teams existed) is the single-user vendor of the specification, who may do everything:
 * an Owner.
 */
export function roleOf(authData: Pick<AuthData, 'role'> | null | undefined): Role {
  return authData?.role ?? 'Owner'
}

/**
 * The profile popup's line naming the organization the session acts for and the role there
 * ('Acme Networks · Engineer'), or null. A login answer without them (the specification's) shows
 * none, and neither does the Owner of their only organization, the single-user vendor of the
 * specification (docs/decisions/0023 point 4), who sees the popup exactly as it describes.
 */
export function membershipLine(
  authData: Pick<AuthData, 'organizationName' | 'role' | 'organizations'> | null | undefined,
): string | null {
  const { organizationName, role, organizations = [] } = authData ?? {}
  if (!organizationName || !role) return null
  if (role === 'Owner' && organizations.length <= 1) return null
  return `${organizationName} · ${role}`
}

import type { AuthData } from '@/contract/auth'
import {
  can,
  type Permission,
  PERMISSIONS,
  type Role,
  ROLE_REFUSAL_HINT,
  ROLE_REFUSALS,
  ROLES,
} from '@/contract/roles'

/*
 * Issue 18 (docs/decisions/0023): what the logged-in member's role lets the UI offer. The role is
 * read from the stored login answer only; the server decides every call again (403 with the same
 * words), so this only spares a member a control that would be refused.
 */

/**
 * The role the login data gives. A login answer without one (the specification's answer, a
 * server before issue 18) is the single-user vendor of the specification, who may do everything:
 * an Owner.
 */
export function roleOf(authData: Pick<AuthData, 'role'> | null | undefined): Role {
  return authData?.role ?? 'Owner'
}

/** Why a role may not do something: the refusal (ROLE_REFUSALS) and what to do about it. */
export type RoleRefusal = {
  permission: Exclude<Permission, 'read'>
  /** ROLE_REFUSALS[permission]: the server's 403 message, word for word. */
  reason: string
  /** ROLE_REFUSAL_HINT */
  hint: string
}

// One object per role and permission, so that a component gets the same value on every render.
const REFUSALS = new Map(
  ROLES.flatMap((role) =>
    PERMISSIONS.map((permission) => {
      const refusal: RoleRefusal | null =
        permission === 'read' || can(role, permission)
          ? null
          : { permission, reason: ROLE_REFUSALS[permission], hint: ROLE_REFUSAL_HINT }
      return [`${role}:${permission}`, refusal] as const
    }),
  ),
)

/** Why `role` may not do what `permission` covers; null when it may (every role may read). */
export function roleRefusal(role: Role, permission: Permission): RoleRefusal | null {
  return REFUSALS.get(`${role}:${permission}`) ?? null
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

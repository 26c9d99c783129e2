import * as v from 'valibot'

/*
 * docs/decisions/0023: the roles of an organization's members and what each may do.
 * One table, read by the server (every entry of the endpoint table names its permission, and a
 * call the caller's role lacks answers 403 with the permission's refusal) and by the UI (which
 * hides or disables, with the same reason, what the role may not do).
 */

export const ROLES = ['Owner', 'Engineer', 'Viewer'] as const
export type Role = (typeof ROLES)[number]
export const roleSchema = v.picklist(ROLES, 'role must be Owner, Engineer or Viewer')

/**
 * - read: the dashboard, the records, run details, results, comments, the live stream;
 * - portfolio: save, submit, edit and delete device records;
 * - runs: start, re-run and cancel certification runs;
 * - comment: add comments;
 * - certificate: Email Certificate (and the signed certificates);
 * - listing: list or unlist a certified device in the public directory of certified devices;
 * - team: invite, resend, revoke, change roles, remove members, read the activity log;
 * - tokens: create personal API tokens (docs/decisions/0026).
 * - webhooks: add, change, delete webhook endpoints, make a new signing secret, redeliver, send
 *   test events.
 */
export const PERMISSIONS = [
  'read',
  'portfolio',
  'runs',
  'comment',
  'certificate',
  'listing',
  'team',
  'tokens',
  'webhooks',
] as const
export type Permission = (typeof PERMISSIONS)[number]

export const ROLE_PERMISSIONS: Readonly<Record<Role, ReadonlyArray<Permission>>> = {
  Owner: ['read', 'portfolio', 'runs', 'comment', 'certificate', 'listing', 'team', 'tokens', 'webhooks'],
  Engineer: ['read', 'portfolio', 'runs', 'comment', 'certificate', 'listing', 'tokens'],
  Viewer: ['read'],
}

/** An organization the logged-in account belongs to, with its role there (the login answer). */
export const membershipSchema = v.looseObject({
  organizationId: v.string(),
  organizationName: v.string(),
  role: roleSchema,
})
export type Membership = v.InferOutput<typeof membershipSchema>

export const can = (role: Role, permission: Permission): boolean =>
  ROLE_PERMISSIONS[role].includes(permission)

/** What each role is, in one line (the team page's role picker and the invitation mail). */
export const ROLE_DESCRIPTIONS: Readonly<Record<Role, string>> = {
  Owner: 'Everything an Engineer does, and manages the team.',
  Engineer: 'Submits, edits and deletes devices, runs certification, comments and sends certificates.',
  Viewer: 'Reads the dashboard, run details and results; changes nothing.',
}

/**
 * Why a role may not do something: the server's 403 message and the UI's reason beside a
 * disabled control (the same words, so a vendor reads one explanation).
 */
export const ROLE_REFUSALS: Readonly<Record<Exclude<Permission, 'read'>, string>> = {
  portfolio: 'Your role in this organization does not allow submitting, editing or deleting devices.',
  runs: 'Your role in this organization does not allow starting or cancelling certification runs.',
  comment: 'Your role in this organization does not allow adding comments.',
  certificate: 'Your role in this organization does not allow sending certificates.',
  listing: 'Your role in this organization does not allow listing devices in the public directory.',
  team: 'Only an Owner of this organization can manage its team.',
  tokens: 'Your role in this organization does not allow creating API tokens.',
  webhooks: 'Only an Owner of this organization can manage its webhooks.',
}

/** What to do about a refusal: shown under the reason. */
export const ROLE_REFUSAL_HINT = 'Ask an Owner of your organization for another role.'

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

/**
 * Why `role` may not do what `permission` covers; null when it may (every role may read). The
 * server answers `reason` with 403; the UI hides or disables the control with it.
 */
export function roleRefusal(role: Role, permission: Permission): RoleRefusal | null {
  return REFUSALS.get(`${role}:${permission}`) ?? null
}

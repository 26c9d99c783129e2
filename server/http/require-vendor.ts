import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { VENDOR_ONLY_MESSAGE } from '@/contract/lab'
import { type Permission, type Role, can, ROLE_REFUSALS } from '@/contract/roles'
import { FORBIDDEN_MESSAGE, NO_ORGANIZATION_MESSAGE, NOT_SIGNED_IN_MESSAGE } from '@/contract/server-messages'
import type { MainEnv } from './context.ts'

/*
 * Calls that read or change an organization's data need a logged-in session, and the server never
 * trusts a vendorUserId from a body: it must be the session's own account (ARCHITECTURE.md
 * decision 2). The session acts for one organization with one role there (docs/decisions/0023),
 * both read with the session; a call the role may not make is refused with 403 and the reason.
 * The body is peeked at here (Hono keeps it for the handler's own reading); a body that is not
 * JSON is left to the handler's validation, which answers 400.
 */

export type VendorEnv = MainEnv & {
  Variables: { accountId: string; organizationId: string; role: Role }
}

/** The session's account, organization and role, and the endpoint's `permission` checked. */
export const requireVendor = (permission: Permission) =>
  createMiddleware<VendorEnv>(async (c, next) => {
    const session = c.var.session
    // A lab staff member's session acts for no organization (issue 19): refused with the reason.
    if (session?.labStaffId) return c.json({ message: VENDOR_ONLY_MESSAGE }, 403)
    const accountId = session?.accountId
    // A login whose account belongs to no organization may only see its invitations.
    if (accountId && !session.organizationId) return c.json({ message: NO_ORGANIZATION_MESSAGE }, 403)
    if (!session || !accountId || !session.organizationId || !session.role) {
      return c.json({ message: NOT_SIGNED_IN_MESSAGE }, 401)
    }
    const claimed = await claimedVendorUserId(c)
    if (claimed !== undefined && claimed !== accountId) return c.json({ message: FORBIDDEN_MESSAGE }, 403)
    const refusal = roleRefusal(session.role, permission)
    if (refusal) return c.json({ message: refusal }, 403)
    c.set('accountId', accountId)
    c.set('organizationId', session.organizationId)
    c.set('role', session.role)
    await next()
  })

/** The reason `role` may not use `permission`, or null when it may. */
export function roleRefusal(role: Role, permission: Permission): string | null {
  if (can(role, permission) || permission === 'read') return null
  return ROLE_REFUSALS[permission]
}

async function claimedVendorUserId(c: Context): Promise<unknown> {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return c.req.query('vendorUserId')
  let body: unknown
  try {
    body = JSON.parse(await c.req.text())
  } catch {
    return undefined
  }
  if (typeof body !== 'object' || body === null || !('vendorUserId' in body)) return undefined
  return body.vendorUserId
}

import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { type Permission, type Role, roleRefusal } from '@/contract/roles'
import { FORBIDDEN_MESSAGE } from '@/contract/server-messages'
import type { MainEnv } from './context.ts'
import { callerRefusal, vendorCaller } from './vendor-caller.ts'

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
    const caller = vendorCaller(c.var.session)
    if ('refused' in caller) return callerRefusal(c, caller.refused)
    const claimed = await claimedVendorUserId(c)
    if (claimed !== undefined && claimed !== caller.accountId) {
      return c.json({ message: FORBIDDEN_MESSAGE }, 403)
    }
    const refusal = roleRefusal(caller.role, permission)
    if (refusal) return c.json({ message: refusal.reason }, 403)
    c.set('accountId', caller.accountId)
    c.set('organizationId', caller.organizationId)
    c.set('role', caller.role)
    await next()
  })

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

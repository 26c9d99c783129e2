import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { FORBIDDEN_MESSAGE, NOT_SIGNED_IN_MESSAGE } from '@/contract/server-messages'
import type { MainEnv } from './context.ts'

/*
 * Calls that read or change a vendor's data need a logged-in session, and the server never trusts
 * a vendorUserId from a body: it must be the session's own account (ARCHITECTURE.md decision 2).
 * The body is peeked at here (Hono keeps it for the handler's own reading); a body that is not
 * JSON is left to the handler's validation, which answers 400.
 */

export type VendorEnv = MainEnv & { Variables: { accountId: string } }

export const requireVendor = createMiddleware<VendorEnv>(async (c, next) => {
  const accountId = c.var.session?.accountId
  if (!accountId) return c.json({ message: NOT_SIGNED_IN_MESSAGE }, 401)
  const claimed = await claimedVendorUserId(c)
  if (claimed !== undefined && claimed !== accountId) return c.json({ message: FORBIDDEN_MESSAGE }, 403)
  c.set('accountId', accountId)
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

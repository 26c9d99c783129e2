import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { Kysely } from 'kysely'
import { AUTHORIZATION_HEADER } from '@/contract/api-tokens'
import { VENDOR_ONLY_MESSAGE } from '@/contract/lab'
import type { Role } from '@/contract/roles'
import { NO_ORGANIZATION_MESSAGE, NOT_SIGNED_IN_MESSAGE } from '@/contract/server-messages'
import type { Database } from '../platform/db/schema.ts'
import { bearerSession } from './bearer.ts'
import type { LiveSession, MainEnv } from './context.ts'
import { cookieSession, touchWhenDue } from './session.ts'

/*
 * Who calls for a vendor's organization — the one check both listeners make (the main service's
 * requireVendor and events' stream, the certification service's every call). The session acts for
 * one organization with one role there (docs/decisions/0023):
 * - a lab staff member's session acts for none: 403 VENDOR_ONLY_MESSAGE (docs/decisions/0024);
 * - an account that belongs to no organization may only see its invitations: 403
 *   NO_ORGANIZATION_MESSAGE;
 * - no session, a visitor's, or a membership that is gone: 401 NOT_SIGNED_IN_MESSAGE.
 */

export type VendorCaller = { accountId: string; organizationId: string; role: Role; sessionId: string }
export type CallerRefusal = { status: 401 | 403; message: string }

type CallerSession = Pick<LiveSession, 'id' | 'accountId' | 'organizationId' | 'role' | 'labStaffId'>

/** The member the session acts as, or why it may not call for an organization. */
export function vendorCaller(session: CallerSession | null): VendorCaller | { refused: CallerRefusal } {
  if (session?.labStaffId) return { refused: { status: 403, message: VENDOR_ONLY_MESSAGE } }
  const accountId = session?.accountId
  if (accountId && !session.organizationId) {
    return { refused: { status: 403, message: NO_ORGANIZATION_MESSAGE } }
  }
  if (!session || !accountId || !session.organizationId || !session.role) {
    return { refused: { status: 401, message: NOT_SIGNED_IN_MESSAGE } }
  }
  return { accountId, organizationId: session.organizationId, role: session.role, sessionId: session.id }
}

export const callerRefusal = (c: Context, { status, message }: CallerRefusal) => c.json({ message }, status)

/**
 * The certification service's caller (docs/decisions/0006, 0026): the main service's session
 * cookie, or a pipeline's API token instead. Every call there but a GET changes something
 * (starts, cancels, mails), so a read token makes only the GETs. A session idle past 300 s is
 * refused, not ended (the main service ends it on its next request); a call counts as activity.
 */
export const requireVendorCaller = createMiddleware<{
  Variables: { services: { db: Kysely<Database> }; accountId: string; organizationId: string; role: Role }
}>(async (c, next) => {
  const { db } = c.var.services
  const authorization = c.req.header(AUTHORIZATION_HEADER)
  const reads = c.req.method === 'GET' || c.req.method === 'HEAD'
  const session =
    authorization === undefined
      ? await cookieSession(c, db)
      : await bearerSession(c, db, authorization, reads ? 'read' : 'write')
  if (session instanceof Response) return session
  const caller = vendorCaller(session)
  if ('refused' in caller) return callerRefusal(c, caller.refused)
  if (session && !session.apiToken) await touchWhenDue(db, session)
  c.set('accountId', caller.accountId)
  c.set('organizationId', caller.organizationId)
  c.set('role', caller.role)
  await next()
})

/**
 * A call of a logged-in account whatever organization it acts for, or none (an invitation's
 * acceptance, a switch of organization): 401 without one.
 */
export const requireAccount = createMiddleware<MainEnv & { Variables: { accountId: string } }>(
  async (c, next) => {
    const accountId = c.var.session?.accountId
    if (!accountId) return c.json({ message: NOT_SIGNED_IN_MESSAGE }, 401)
    c.set('accountId', accountId)
    await next()
  },
)

import { Hono } from 'hono'
import { TOKEN_BOOTSTRAP_SUCCESS, TOKEN_HEADER } from '@/contract/auth'
import {
  LOGGED_OUT_MESSAGE,
  NOT_SIGNED_IN_MESSAGE,
  SESSION_RENEWED_MESSAGE,
} from '@/contract/server-messages'
import type { MainEnv } from '../http/context.ts'
import { touchStaff } from '../lab/index.ts'
import { endVendorSession, startSession, touchSession } from '../http/session.ts'
import { newToken, tokenDigest } from '../http/session-token.ts'
import { route } from '../http/route.ts'
import { renewCsrfToken } from './store.ts'

/*
 * The session calls (ARCHITECTURE.md decisions 1 and 4): the Token bootstrap, Logout and
 * Continue session. Paths from the endpoint table (route.ts).
 */

export const sessionRoutes = new Hono<MainEnv>()

/**
 * Starts a visitor's session, or keeps the live one, and hands out a fresh Token. Only its digest
 * is stored, so a reused session gets a new Token; the client keeps one TOKEN in local storage
 * for all its tabs, so the newest one is the one every tab sends.
 */
route(sessionRoutes, 'token', async (c) => {
  const { db } = c.var.services
  const token = newToken()
  const csrfTokenHash = tokenDigest(token)
  const session = c.var.session
  if (session) {
    await renewCsrfToken(db, session.id, csrfTokenHash)
  } else {
    await startSession(c, db, { accountId: null, csrfTokenHash })
  }
  c.header(TOKEN_HEADER, token)
  c.header('Cache-Control', 'no-store')
  return c.text(TOKEN_BOOTSTRAP_SUCCESS)
})

/** Ends the vendor's session on the server; the page keeps a visitor's session and its Token. */
route(sessionRoutes, 'logout', async (c) => {
  const session = c.var.session
  // A vendor's or a lab staff member's session.
  if (session?.accountId || session?.labStaffId) await endVendorSession(c, c.var.services.db, session)
  return c.json({ message: LOGGED_OUT_MESSAGE })
})

/** Continue session: the idle clock restarts; a session already over stays over. */
route(sessionRoutes, 'keepSessionAlive', async (c) => {
  const session = c.var.session
  if (session?.labStaffId) {
    await touchSession(c.var.services.db, session.id, true)
    await touchStaff(c.var.services.db, session.labStaffId)
    return c.json({ message: SESSION_RENEWED_MESSAGE })
  }
  if (!session?.accountId) return c.json({ message: NOT_SIGNED_IN_MESSAGE }, 401)
  await touchSession(c.var.services.db, session.id, session.accountId)
  return c.json({ message: SESSION_RENEWED_MESSAGE })
})

import { type Context, Hono } from 'hono'
import type { Kysely } from 'kysely'
import type { AuthData } from '@/contract/auth'
import { LOGIN_SUCCESS_MESSAGE } from '@/contract/messages'
import { INVALID_LOGIN_MESSAGE } from '@/contract/server-messages'
import { emailKey } from '@/contract/validation/fields'
import type { Database } from '../platform/db/schema.ts'
import { verifyPassword } from '../platform/passwords.ts'
import { remoteAddress, type LiveSession, type MainEnv } from '../http/context.ts'
import {
  blockedNow,
  countAttempt,
  forgetOldCounts,
  isKnownPair,
  limitKey,
  LOGIN_ACCOUNT_POLICY,
  LOGIN_ADDRESS_POLICY,
  LOGIN_PAIR_POLICY,
  recordLoginSuccess,
} from '../http/rate-limit.ts'
import { route } from '../http/route.ts'
import { rotateSession, rotateToLabSession } from '../http/session.ts'
import { touchStaff } from '../lab/index.ts'
import { membershipsOf } from '../organizations/index.ts'
import { loginWithoutOrganization } from '../organizations/index.ts'
import { tooMany } from './answers.ts'
import { loginThrottles } from '../platform/metrics.ts'
import { authData } from './auth-data.ts'
import { accountForLogin, staffForLogin } from './store.ts'

/*
 * Login (spec §3, §7; ARCHITECTURE.md decisions 2 and 3): a vendor's, or a lab staff member's
 * (docs/decisions/0024), with the same failures word for word whichever it is. Logins
 * are limited in the database (server/http/rate-limit.ts): 429 with Retry-After.
 */

export const loginRoutes = new Hono<MainEnv>()

route(loginRoutes, 'login', async (c) => {
  const { db } = c.var.services
  const { emailId, password } = c.var.body
  const session = c.var.session
  // The CSRF guard lets no POST through without a session; this only satisfies the types.
  if (!session) return c.json({ message: INVALID_LOGIN_MESSAGE }, 401)

  // Limits (docs/decisions/0016): per account-and-address pair, so that nobody can lock the real
  // vendor out from elsewhere; per address across accounts (spraying); per account from all
  // addresses (a distributed attack), which spares an address the account logged in from lately.
  const address = remoteAddress(c)
  const key = emailKey(emailId)
  const keys = {
    pair: limitKey.loginPair(key, address),
    address: limitKey.loginAddress(address),
    account: limitKey.loginAccount(key),
  }
  // A pair that logged in lately knew the password: spraying from its address or a distributed
  // attack on its account does not hold it back (its own pair limit still does).
  const known = await isKnownPair(db, keys.pair)
  const blocked = known ? undefined : await blockedNow(db, [keys.address, keys.account])
  if (blocked) {
    loginThrottles.inc()
    return tooMany(c, blocked, {})
  }
  // The pair's try is counted before the password is checked, in one statement that refuses it
  // while the pair waits: parallel guesses queue on the row instead of passing together.
  const pair = await countAttempt(db, keys.pair, LOGIN_PAIR_POLICY)
  if (!pair.allowed) {
    loginThrottles.inc()
    return tooMany(c, pair, {})
  }

  const account = await accountForLogin(db, emailId)
  // An address that is no vendor's may be a lab staff member's (a removed member's is
  // not); the same failures, word for word, whichever it is (docs/decisions/0024).
  const staff = account ? undefined : await staffForLogin(db, emailId)
  // Always one verification, also for an unknown account or one without a password yet, so the
  // answer time does not tell which accounts exist.
  const passwordMatches = await verifyPassword(password, account?.password_hash ?? staff?.password_hash)
  if (staff && passwordMatches) {
    await recordLoginSuccess(db, keys.pair)
    return c.json(await labStaffLogin(c, db, session, staff))
  }
  if (!account || !passwordMatches) {
    await countAttempt(db, keys.address, LOGIN_ADDRESS_POLICY, { gate: false })
    await countAttempt(db, keys.account, LOGIN_ACCOUNT_POLICY, { gate: false })
    await forgetOldCounts(db)
    return c.json({ message: INVALID_LOGIN_MESSAGE }, 401)
  }

  // The session acts for the organization the account used last (decision 0023).
  const memberships = await membershipsOf(db, account.id)
  const acting = memberships[0]
  await recordLoginSuccess(db, keys.pair)
  // An account without an organization may see and accept its invitations.
  if (!acting) return c.json(await loginWithoutOrganization(c, db, session, account))
  await rotateSession(c, db, session, {
    accountId: account.id,
    organizationId: acting.organizationId,
    role: acting.role,
  })
  return c.json(await authData(db, account, memberships, acting))
})

/** A lab staff member's login: the session becomes theirs, answered with the lab's login data. */
async function labStaffLogin(
  c: Context,
  db: Kysely<Database>,
  session: LiveSession,
  staff: NonNullable<Awaited<ReturnType<typeof staffForLogin>>>,
): Promise<AuthData> {
  await rotateToLabSession(c, db, session, { labStaffId: staff.id, labRole: staff.role })
  await touchStaff(db, staff.id)
  return {
    name: staff.name,
    emailId: staff.email,
    phoneNumber: '',
    vendorUserId: '',
    message: LOGIN_SUCCESS_MESSAGE,
    isPortfolioManagerPreviousReqSaved: 'NO',
    isPortfolioManagerSavedOrSubmittedDataExists: 'NO',
    isPortfolioManagerSubmittedDataExists: 'NO',
    organizations: [],
    labStaff: { staffId: staff.id, name: staff.name, email: staff.email, role: staff.role },
  }
}

import { type Context, Hono } from 'hono'
import * as v from 'valibot'
import type { Kysely } from 'kysely'
import { NOT_SIGNED_IN_MESSAGE } from '@/contract/server-messages'
import {
  alreadyJoinedMessage,
  INVITATION_ACCOUNT_EXISTS_MESSAGE,
  INVITATION_LINK_UNKNOWN_MESSAGE,
  ORGANIZATION_NOT_MEMBER_MESSAGE,
} from '@/contract/team'
import { joinFormSchema } from '@/contract/validation/registration'
import type { Database } from '../platform/db/schema.ts'
import type { MainEnv } from '../http/context.ts'
import { accountRoute, route } from '../http/route.ts'
import { hashPassword } from '../platform/passwords.ts'
import { rotateSession } from '../http/session.ts'
import { joinByInvitation } from '../organizations/index.ts'
import { markMemberActive, memberOf } from '../organizations/index.ts'
import { currentOrganizationId } from '../platform/db/organization-ids.ts'
import { membershipsOf } from '../organizations/index.ts'
import { invitationToAccept, usableInvitation } from '../organizations/index.ts'
import { authData } from './auth-data.ts'
import { createJoinedAccount } from './registration.ts'
import { accountById, isStaffEmail } from './store.ts'

/*
 * The organization a logged-in account's session acts for (docs/decisions/0023): accepting an
 * invitation joins its organization and acts for it; a switch acts for another of the account's
 * organizations. Either is answered as a login, with a new session token.
 */

export const actingRoutes = new Hono<MainEnv>()

type Refused = {
  refused: { readonly message: string; readonly field: string; readonly status: 400 | 403 | 404 | 409 }
}

accountRoute(actingRoutes, 'acceptInvitation', async (c) => {
  const { db } = c.var.services
  const account = await accountById(db, c.var.accountId)
  const session = c.var.session
  if (!session || !account) return c.json({ message: NOT_SIGNED_IN_MESSAGE }, 401)
  const outcome = await db
    .transaction()
    .execute(async (trx): Promise<Refused | { organizationId: string }> => {
      // By the link's token, or by the id of an invitation to the account's own address.
      const usable = await invitationToAccept(trx, c.var.body, account)
      if ('refused' in usable) return usable
      const { invitation } = usable
      const existing = await memberOf(trx, invitation.organization_id, account.id)
      if (existing) {
        const message = alreadyJoinedMessage(invitation.organization_name)
        return { refused: { message, status: 409, field: 'token' } }
      }
      await joinByInvitation(trx, invitation, account)
      return { organizationId: invitation.organization_id }
    })
  if ('refused' in outcome) {
    const { message, field, status } = outcome.refused
    return c.json({ message, field }, status)
  }
  return actFor(c, db, session, account, outcome.organizationId)
})

/*
 * Joining by the link with a name and a password (docs/decisions/0046): the rules of spec §5's
 * names and of the Create Password dialog; then the link is checked and spent with the new
 * account in one transaction, and the session is logged in as it.
 */
route(actingRoutes, 'joinInvitation', async (c) => {
  const { db } = c.var.services
  const session = c.var.session
  // The CSRF guard lets no POST through without a session; this only satisfies the types.
  if (!session) return c.json({ message: NOT_SIGNED_IN_MESSAGE }, 401)
  const body = c.var.body
  const joiner = { firstName: body.firstName.trim(), lastName: body.lastName.trim() }
  const problem = joinProblem({ ...joiner, password: body.password, confirmPassword: body.confirmPassword })
  if (problem) return c.json(problem, 400)
  const passwordHash = await hashPassword(body.password)
  const outcome = await db.transaction().execute(async (trx): Promise<Refused | { accountId: string }> => {
    const usable = await usableInvitation(trx, body.token)
    if ('message' in usable) {
      const status = usable.message === INVITATION_LINK_UNKNOWN_MESSAGE ? 404 : 400
      return { refused: { message: usable.message, status, field: 'token' } }
    }
    const taken = {
      refused: { message: INVITATION_ACCOUNT_EXISTS_MESSAGE, status: 409, field: 'token' },
    } as const
    if (await isStaffEmail(trx, usable.invitation.email)) return taken
    const account = await createJoinedAccount(trx, usable.invitation, { ...joiner, passwordHash })
    return account ? { accountId: account.id } : taken
  })
  if ('refused' in outcome) {
    const { message, field, status } = outcome.refused
    return c.json({ message, field }, status)
  }
  const account = await accountById(db, outcome.accountId)
  if (!account) throw new Error('The joined account was not found.')
  const [acting] = await membershipsOf(db, account.id)
  if (!acting) throw new Error('The joined account belongs to no organization.')
  return actFor(c, db, session, account, acting.organizationId)
})

/** The first rule of joinFormSchema the body breaks, as a refusal of its field. */
function joinProblem(values: v.InferInput<typeof joinFormSchema>) {
  const issue = v.safeParse(joinFormSchema, values).issues?.[0]
  if (!issue) return undefined
  const key = (issue.path?.[0] as { key?: unknown } | undefined)?.key
  return { message: issue.message, field: typeof key === 'string' ? key : 'body' }
}

accountRoute(actingRoutes, 'switchOrganization', async (c) => {
  const { db } = c.var.services
  const account = await accountById(db, c.var.accountId)
  const session = c.var.session
  if (!session || !account) return c.json({ message: NOT_SIGNED_IN_MESSAGE }, 401)
  // A tab whose stored login predates migration 0019 names the organization's old id.
  return actFor(c, db, session, account, await currentOrganizationId(db, c.var.body.organizationId))
})

/** The session acts for `organizationId` from now on (a new token), answered as a login. */
async function actFor(
  c: Context,
  db: Kysely<Database>,
  session: { id: string; csrfTokenHash: string | null },
  account: { id: string; email: string; first_name: string; last_name: string; phone_number: string },
  organizationId: string,
) {
  const memberships = await membershipsOf(db, account.id)
  const acting = memberships.find((membership) => membership.organizationId === organizationId)
  if (!acting) return c.json({ message: ORGANIZATION_NOT_MEMBER_MESSAGE, field: 'organizationId' }, 404)
  await markMemberActive(db, organizationId, account.id)
  await rotateSession(c, db, session, { accountId: account.id, organizationId, role: acting.role })
  const ordered = await membershipsOf(db, account.id)
  return c.json(await authData(db, account, ordered, acting))
}

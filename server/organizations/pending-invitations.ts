import { type Context, Hono } from 'hono'
import type { Kysely, Transaction } from 'kysely'
import type { AuthData } from '@/contract/auth'
import { LOGIN_SUCCESS_MESSAGE } from '@/contract/messages'
import { NOT_SIGNED_IN_MESSAGE } from '@/contract/server-messages'
import {
  ACCEPT_NAMES_ONE_INVITATION_MESSAGE,
  type AcceptInvitationPayload,
  invitationForOtherEmailMessage,
  PENDING_INVITATION_NOT_FOUND_MESSAGE,
  type PendingInvitationsAnswer,
} from '@/contract/team'
import type { Database } from '../platform/db/schema.ts'
import type { MainEnv } from '../http/context.ts'
import { rotateToAccountSession } from '../http/session.ts'
import { accountRoute } from '../http/route.ts'
import { inviteeAccount, inviterName, pendingInvitationsOf, usableInvitation } from './invitations.ts'

/*
 * An account that belongs to no organization (any more: its last membership was
 * removed, or it left) can be invited back. Its login succeeds into a session that acts for no
 * organization — every call of an organization refuses it with NO_ORGANIZATION_MESSAGE
 * (requireVendor, the certification service, the events' stream) — and that may list the
 * invitations to the account's own address and accept one, by its id or by the mailed link. The
 * list is also a member's: an invitation from another organization shows there too.
 */

export const pendingInvitationRoutes = new Hono<MainEnv>()

type Db = Kysely<Database> | Transaction<Database>

type Account = {
  id: string
  email: string
  first_name: string
  last_name: string
  phone_number: string
}

/**
 * The login of an account without an organization: the session is the account's, acting for
 * none. The answer is the spec's login answer with an empty vendorUserId (no vendor screen takes
 * it for a vendor's login), no organization, and `noOrganization` (the page lists the invitations).
 */
export async function loginWithoutOrganization(
  c: Context,
  db: Db,
  session: { id: string; csrfTokenHash: string | null },
  account: Account,
): Promise<AuthData> {
  await rotateToAccountSession(c, db, session, account.id)
  return {
    name: `${account.first_name} ${account.last_name}`,
    emailId: account.email,
    phoneNumber: account.phone_number,
    vendorUserId: '',
    message: LOGIN_SUCCESS_MESSAGE,
    isPortfolioManagerPreviousReqSaved: 'NO',
    isPortfolioManagerSavedOrSubmittedDataExists: 'NO',
    isPortfolioManagerSubmittedDataExists: 'NO',
    organizations: [],
    noOrganization: true,
  }
}

type Refused = { refused: { message: string; status: 400 | 403 | 404; field: string } }
type Usable = Exclude<Awaited<ReturnType<typeof usableInvitation>>, { message: string }>

/**
 * The invitation an accept call names, locked for its use: by the link's token (whoever holds the
 * link learns whose address it is for), or by its id — then only a pending invitation to the
 * account's own address, and any other id is answered alike, so that ids tell nothing.
 */
export async function invitationToAccept(
  trx: Db,
  { token, invitationId }: AcceptInvitationPayload,
  account: { email_key: string },
): Promise<Usable | Refused> {
  if ((token === undefined) === (invitationId === undefined)) {
    return { refused: { message: ACCEPT_NAMES_ONE_INVITATION_MESSAGE, status: 400, field: 'token' } }
  }
  if (invitationId !== undefined) {
    const usable = await usableInvitation(trx, { invitationId })
    if ('message' in usable || usable.invitation.email_key !== account.email_key) {
      return {
        refused: { message: PENDING_INVITATION_NOT_FOUND_MESSAGE, status: 404, field: 'invitationId' },
      }
    }
    return usable
  }
  const usable = await usableInvitation(trx, token ?? '')
  if ('message' in usable) return { refused: { message: usable.message, status: 400, field: 'token' } }
  if (usable.invitation.email_key !== account.email_key) {
    const message = invitationForOtherEmailMessage(usable.invitation.email)
    return { refused: { message, status: 403, field: 'token' } }
  }
  return usable
}

accountRoute(pendingInvitationRoutes, 'pendingInvitations', async (c) => {
  const { db } = c.var.services
  const account = await inviteeAccount(db, c.var.accountId)
  if (!account) return c.json({ message: NOT_SIGNED_IN_MESSAGE }, 401)
  const rows = await pendingInvitationsOf(db, account)
  const answer: PendingInvitationsAnswer = {
    emailId: account.email,
    invitations: rows.map((row) => ({
      invitationId: row.id,
      organizationName: row.name,
      role: row.role,
      invitedBy: inviterName(row),
      expiresAt: row.expires_at.toISOString(),
    })),
  }
  return c.json(answer)
})

import { createHash, randomBytes } from 'node:crypto'
import { type Context, Hono } from 'hono'
import type { Kysely, Transaction } from 'kysely'
import { invitationMail } from '@/contract/mails/invitation-mail'
import { NOT_SIGNED_IN_MESSAGE } from '@/contract/server-messages'
import {
  ACTIVITY_PAGE_SIZE,
  type ActivityEntry,
  alreadyJoinedMessage,
  alreadyMemberMessage,
  INVITATION_LINK_STATE_MESSAGES,
  INVITATION_LINK_UNKNOWN_MESSAGE,
  INVITATION_NOT_FOUND_MESSAGE,
  INVITATION_PATH,
  INVITATION_VALID_DAYS,
  INVITATIONS_TOO_MANY_MESSAGE,
  invitationRecipientTooManyMessage,
  type InvitationLinkState,
  invitationResentMessage,
  invitationRevokedMessage,
  invitationSentMessage,
  LAST_OWNER_MESSAGE,
  leftOrganizationMessage,
  MEMBER_NOT_FOUND_MESSAGE,
  memberRemovedMessage,
  ORGANIZATION_NOT_MEMBER_MESSAGE,
  roleChangedMessage,
  type TeamAnswer,
} from '@/contract/team'
import { emailKey, firstMessage } from '@/contract/validation/fields'
import { loginEmailSchema } from '@/contract/validation/login'
import { currentOrganizationId, membershipsOf } from './memberships.ts'
import type { Database } from '../platform/db/schema.ts'
import type { LiveSession, MainEnv, MainServices } from '../http/context.ts'
import { endVendorSession, rotateSession, VISITOR_IDLE_MS } from '../http/session.ts'
import {
  countAttempt,
  INVITATION_ORGANIZATION_POLICY,
  limitKey,
  MAIL_RECIPIENT_POLICY,
} from '../http/rate-limit.ts'
import { logActivity } from './activity.ts'
import { invitationMailStates, invitationMailTopic } from './invitation-mail.ts'
import { invitationToAccept } from './pending-invitations.ts'
import { queueMail } from '../platform/mail-jobs.ts'
import { invitationFooter } from '../notifications/invitation.ts'
import { authData } from '../accounts/routes.ts'
import { route, vendorRoute } from '../http/route.ts'

/*
 * Issue 18 (docs/decisions/0023): an organization's team — members, invitations, the activity
 * log — and the calls that change it. Only Owners change the team (vendorRoute with the
 * endpoint's permission); at least one Owner always remains, checked in the change's transaction
 * with the Owner rows locked. An invitation's link carries a random token stored as its SHA-256,
 * works INVITATION_VALID_DAYS and once. Every change writes the activity log in its transaction.
 */

export const teamRoutes = new Hono<MainEnv>()

type Db = Kysely<Database> | Transaction<Database>

const DAY_MS = 24 * 60 * 60 * 1000
export const invitationTokenDigest = (token: string) => createHash('sha256').update(token).digest('hex')
const newInvitationToken = () => randomBytes(32).toString('base64url')
const expiryFrom = (now: Date) => new Date(now.getTime() + INVITATION_VALID_DAYS * DAY_MS)
const nameOf = (account: { first_name: string; last_name: string }) =>
  `${account.first_name} ${account.last_name}`

/* ------------------------------------------------------------------------------ the team */

/** The team as an answer: the members, and (for Owners) the invitations not yet used. */
export async function teamOf(db: Db, organizationId: string, withInvitations: boolean): Promise<TeamAnswer> {
  const organization = await db
    .selectFrom('organizations')
    .select('name')
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow()
  const members = await db
    .selectFrom('memberships as m')
    .innerJoin('vendor_accounts as a', 'a.id', 'm.account_id')
    .select(['a.id', 'a.first_name', 'a.last_name', 'a.email', 'm.role', 'm.created_at', 'm.last_active_at'])
    .where('m.organization_id', '=', organizationId)
    .orderBy('a.first_name')
    .orderBy('a.last_name')
    .orderBy('a.id')
    .execute()
  const now = new Date()
  const invitations = withInvitations
    ? await db
        .selectFrom('invitations as i')
        .leftJoin('vendor_accounts as a', 'a.id', 'i.invited_by')
        .select(['i.id', 'i.email', 'i.role', 'i.sent_at', 'i.expires_at', 'a.first_name', 'a.last_name'])
        .where('i.organization_id', '=', organizationId)
        .where('i.accepted_at', 'is', null)
        .where('i.revoked_at', 'is', null)
        .orderBy('i.sent_at', 'desc')
        .orderBy('i.id')
        .execute()
    : []
  const mailStates = await invitationMailStates(
    db,
    invitations.map((row) => row.id),
  )
  return {
    organizationId,
    organizationName: organization.name,
    members: members.map((row) => ({
      accountId: row.id,
      name: nameOf(row),
      emailId: row.email,
      role: row.role,
      joinedAt: row.created_at.toISOString(),
      lastActiveAt: row.last_active_at?.toISOString() ?? null,
    })),
    invitations: invitations.map((row) => ({
      invitationId: row.id,
      emailId: row.email,
      role: row.role,
      invitedBy: row.first_name === null ? '' : `${row.first_name} ${row.last_name ?? ''}`.trim(),
      sentAt: row.sent_at.toISOString(),
      expiresAt: row.expires_at.toISOString(),
      state: row.expires_at.getTime() <= now.getTime() ? ('expired' as const) : ('pending' as const),
      ...(mailStates.has(row.id) ? { mailState: mailStates.get(row.id) } : {}),
    })),
  }
}

vendorRoute(teamRoutes, 'team', async (c) => {
  return c.json(await teamOf(c.var.services.db, c.var.organizationId, c.var.role === 'Owner'))
})

/** A refusal of a team call: nothing changed. */
type Refused = { refused: { message: string; field?: string; status: 400 | 403 | 404 | 409 } }
const refuse = (message: string, status: 400 | 403 | 404 | 409, field?: string): Refused => ({
  refused: { message, status, ...(field ? { field } : {}) },
})

function answerRefusal(c: Context, { refused }: Refused) {
  return c.json(
    { message: refused.message, ...(refused.field ? { field: refused.field } : {}) },
    refused.status,
  )
}

async function changed(c: Context, services: MainServices, organizationId: string, message: string) {
  return c.json({ message, team: await teamOf(services.db, organizationId, true) })
}

/* ------------------------------------------------------------------------------ invitations */

export const invitationLink = (origin: string, token: string) =>
  `${origin}${INVITATION_PATH}?token=${encodeURIComponent(token)}`

async function sendInvitation(
  { db, mailer, secret, publicUrl }: MainServices,
  { invitationId, token }: { invitationId: string; token: string },
) {
  const row = await db
    .selectFrom('invitations as i')
    .innerJoin('organizations as o', 'o.id', 'i.organization_id')
    .leftJoin('vendor_accounts as a', 'a.id', 'i.invited_by')
    .select(['i.email', 'i.role', 'i.expires_at', 'o.name', 'a.first_name', 'a.last_name'])
    .where('i.id', '=', invitationId)
    .executeTakeFirstOrThrow()
  // Issue 21 (docs/decisions/0028 point 3): an address that turned invitations off gets none.
  // The links point at PORTAL_URL, never at the inviter's request's Host.
  const origin = publicUrl()
  const footer = await invitationFooter(db, secret, origin, row.email)
  if (!footer) return
  // A transport failure leaves the invitation open: its mail is tried again, its state shown to the Owner.
  await queueMail(
    { db, mailer },
    invitationMail({
      footer,
      to: row.email,
      organizationName: row.name,
      inviter: row.first_name === null ? 'An Owner' : `${row.first_name} ${row.last_name ?? ''}`.trim(),
      role: row.role,
      link: invitationLink(origin, token),
      expiresAt: row.expires_at,
    }),
    { topic: invitationMailTopic(invitationId) },
  )
}

/**
 * Counts one invitation mail of the organization to `emailId` (docs/decisions/0016's table, so
 * every portal process counts alike); a 429 answer when a limit is reached, nothing sent.
 */
async function invitationMailRefusal(
  c: Context,
  organizationId: string,
  emailId: string,
  field: 'emailId' | 'invitationId',
) {
  const { db } = c.var.services as MainServices
  const limits = [
    [limitKey.invitations(organizationId), INVITATION_ORGANIZATION_POLICY, INVITATIONS_TOO_MANY_MESSAGE],
    [
      limitKey.mailRecipient(emailKey(emailId)),
      MAIL_RECIPIENT_POLICY,
      invitationRecipientTooManyMessage(emailId),
    ],
  ] as const
  for (const [key, policy, message] of limits) {
    const verdict = await countAttempt(db, key, policy)
    if (!verdict.allowed) {
      c.header('Retry-After', String(verdict.retryAfterSeconds))
      return c.json({ message, field }, 429)
    }
  }
  return undefined
}

vendorRoute(teamRoutes, 'inviteMember', async (c) => {
  const { db } = c.var.services
  const { organizationId, accountId } = c.var
  const emailId = c.var.body.emailId.trim()
  const { role } = c.var.body
  const problem = firstMessage(loginEmailSchema, emailId)
  if (problem !== undefined) return c.json({ message: problem, field: 'emailId' }, 400)
  const limited = await invitationMailRefusal(c, organizationId, emailId, 'emailId')
  if (limited) return limited
  const token = newInvitationToken()
  const outcome = await db.transaction().execute(async (trx) => {
    const member = await trx
      .selectFrom('memberships as m')
      .innerJoin('vendor_accounts as a', 'a.id', 'm.account_id')
      .select('a.id')
      .where('m.organization_id', '=', organizationId)
      .where('a.email_key', '=', emailKey(emailId))
      .executeTakeFirst()
    if (member) return refuse(alreadyMemberMessage(emailId), 409, 'emailId')
    const now = new Date()
    // Only the latest invitation to an address counts.
    await trx
      .updateTable('invitations')
      .set({ revoked_at: now })
      .where('organization_id', '=', organizationId)
      .where('email_key', '=', emailKey(emailId))
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .execute()
    const row = await trx
      .insertInto('invitations')
      .values({
        organization_id: organizationId,
        email: emailId,
        email_key: emailKey(emailId),
        role,
        token_hash: invitationTokenDigest(token),
        invited_by: accountId,
        sent_at: now,
        expires_at: expiryFrom(now),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await logActivity(trx, {
      organizationId,
      actorAccountId: accountId,
      action: 'member.invited',
      subject: `${emailId} (${role})`,
    })
    return { invitationId: row.id }
  })
  if ('refused' in outcome) return answerRefusal(c, outcome)
  await sendInvitation(c.var.services, { invitationId: outcome.invitationId, token })
  return changed(c, c.var.services, organizationId, invitationSentMessage(emailId))
})

/** An invitation of the organization still open (neither accepted nor revoked), locked. */
function openInvitation(trx: Db, organizationId: string, invitationId: string) {
  return trx
    .selectFrom('invitations')
    .selectAll()
    .where('id', '=', invitationId)
    .where('organization_id', '=', organizationId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .forUpdate()
    .executeTakeFirst()
}

vendorRoute(teamRoutes, 'resendInvitation', async (c) => {
  const { db } = c.var.services
  const { organizationId, accountId } = c.var
  const token = newInvitationToken()
  const found = await openInvitation(db, organizationId, c.var.body.invitationId)
  if (!found) return c.json({ message: INVITATION_NOT_FOUND_MESSAGE, field: 'invitationId' }, 404)
  const limited = await invitationMailRefusal(c, organizationId, found.email, 'invitationId')
  if (limited) return limited
  const outcome = await db.transaction().execute(async (trx) => {
    const invitation = await openInvitation(trx, organizationId, c.var.body.invitationId)
    if (!invitation) return refuse(INVITATION_NOT_FOUND_MESSAGE, 404, 'invitationId')
    const now = new Date()
    // A new token: the link of the earlier mail stops working.
    await trx
      .updateTable('invitations')
      .set({ token_hash: invitationTokenDigest(token), sent_at: now, expires_at: expiryFrom(now) })
      .where('id', '=', invitation.id)
      .execute()
    await logActivity(trx, {
      organizationId,
      actorAccountId: accountId,
      action: 'invitation.resent',
      subject: `${invitation.email} (${invitation.role})`,
    })
    return { email: invitation.email, invitationId: invitation.id }
  })
  if ('refused' in outcome) return answerRefusal(c, outcome)
  await sendInvitation(c.var.services, { invitationId: outcome.invitationId, token })
  return changed(c, c.var.services, organizationId, invitationResentMessage(outcome.email))
})

vendorRoute(teamRoutes, 'revokeInvitation', async (c) => {
  const { db } = c.var.services
  const { organizationId, accountId } = c.var
  const outcome = await db.transaction().execute(async (trx) => {
    const invitation = await openInvitation(trx, organizationId, c.var.body.invitationId)
    if (!invitation) return refuse(INVITATION_NOT_FOUND_MESSAGE, 404, 'invitationId')
    await trx
      .updateTable('invitations')
      .set({ revoked_at: new Date() })
      .where('id', '=', invitation.id)
      .execute()
    await logActivity(trx, {
      organizationId,
      actorAccountId: accountId,
      action: 'invitation.revoked',
      subject: `${invitation.email} (${invitation.role})`,
    })
    return { email: invitation.email }
  })
  if ('refused' in outcome) return answerRefusal(c, outcome)
  return changed(c, c.var.services, organizationId, invitationRevokedMessage(outcome.email))
})

/* ---------------------------------------------------------------------------------- members */

/**
 * The organization's Owners, their rows locked until the transaction ends: two Owners demoting or
 * removing each other at once queue here, and the second sees the first's change.
 */
async function lockedOwners(trx: Db, organizationId: string) {
  const rows = await trx
    .selectFrom('memberships')
    .select('account_id')
    .where('organization_id', '=', organizationId)
    .where('role', '=', 'Owner')
    .forUpdate()
    .execute()
  return rows.map((row) => row.account_id)
}

async function memberOf(trx: Db, organizationId: string, accountId: string) {
  return trx
    .selectFrom('memberships as m')
    .innerJoin('vendor_accounts as a', 'a.id', 'm.account_id')
    .select(['a.id', 'a.first_name', 'a.last_name', 'a.email', 'm.role'])
    .where('m.organization_id', '=', organizationId)
    .where('m.account_id', '=', accountId)
    .executeTakeFirst()
}

/** Whether taking `accountId`'s Owner role away would leave the organization without an Owner. */
const isLastOwner = (owners: string[], accountId: string) => owners.length <= 1 && owners.includes(accountId)

vendorRoute(teamRoutes, 'changeRole', async (c) => {
  const { db } = c.var.services
  const { organizationId, accountId } = c.var
  const { role } = c.var.body
  const outcome = await db.transaction().execute(async (trx) => {
    const owners = await lockedOwners(trx, organizationId)
    const member = await memberOf(trx, organizationId, c.var.body.accountId)
    if (!member) return refuse(MEMBER_NOT_FOUND_MESSAGE, 404, 'accountId')
    const name = nameOf(member)
    if (member.role === role) return { name }
    if (role !== 'Owner' && isLastOwner(owners, member.id))
      return refuse(LAST_OWNER_MESSAGE, 409, 'accountId')
    await trx
      .updateTable('memberships')
      .set({ role })
      .where('organization_id', '=', organizationId)
      .where('account_id', '=', member.id)
      .execute()
    await logActivity(trx, {
      organizationId,
      actorAccountId: accountId,
      action: 'member.role-changed',
      subject: `${name} (${member.role} → ${role})`,
    })
    return { name }
  })
  if ('refused' in outcome) return answerRefusal(c, outcome)
  return changed(c, c.var.services, organizationId, roleChangedMessage(outcome.name, role))
})

/**
 * Deletes the membership and ends the sessions of the account acting for the organization; returns
 * the sessions' ids, whose live streams in this process end once the transaction is committed
 * (other processes' streams at their next check of their session).
 */
async function endMembership(trx: Db, organizationId: string, accountId: string) {
  await trx
    .deleteFrom('memberships')
    .where('organization_id', '=', organizationId)
    .where('account_id', '=', accountId)
    .execute()
  // The sessions stop being the member's: each goes on as a visitor's with its Token, so that an
  // open page's next call answers 401 "Your session has ended" rather than the CSRF guard's 403,
  // and the streams' session check (server/events/store.ts) ends their streams on every process.
  const now = new Date()
  const sessions = await trx
    .updateTable('sessions')
    .set({ account_id: null, organization_id: null, expires_at: new Date(now.getTime() + VISITOR_IDLE_MS) })
    .where('organization_id', '=', organizationId)
    .where('account_id', '=', accountId)
    .returning('id')
    .execute()
  return sessions.map((row) => row.id)
}

function streamsEnd(services: MainServices, sessionIds: readonly string[]) {
  for (const id of sessionIds) services.events?.sessionEnded(id)
}

vendorRoute(teamRoutes, 'removeMember', async (c) => {
  const { db } = c.var.services
  const { organizationId, accountId } = c.var
  const outcome = await db.transaction().execute(async (trx) => {
    const owners = await lockedOwners(trx, organizationId)
    const member = await memberOf(trx, organizationId, c.var.body.accountId)
    if (!member) return refuse(MEMBER_NOT_FOUND_MESSAGE, 404, 'accountId')
    if (isLastOwner(owners, member.id)) return refuse(LAST_OWNER_MESSAGE, 409, 'accountId')
    const name = nameOf(member)
    const sessions = await endMembership(trx, organizationId, member.id)
    await logActivity(trx, {
      organizationId,
      actorAccountId: accountId,
      action: 'member.removed',
      subject: `${name} (${member.role})`,
    })
    return { name, sessions }
  })
  if ('refused' in outcome) return answerRefusal(c, outcome)
  streamsEnd(c.var.services, outcome.sessions)
  return changed(c, c.var.services, organizationId, memberRemovedMessage(outcome.name))
})

vendorRoute(teamRoutes, 'leaveOrganization', async (c) => {
  const { db } = c.var.services
  const { organizationId, accountId } = c.var
  const outcome = await db.transaction().execute(async (trx) => {
    const owners = await lockedOwners(trx, organizationId)
    if (isLastOwner(owners, accountId)) return refuse(LAST_OWNER_MESSAGE, 409)
    const member = await memberOf(trx, organizationId, accountId)
    if (!member) return refuse(MEMBER_NOT_FOUND_MESSAGE, 404)
    const organization = await trx
      .selectFrom('organizations')
      .select('name')
      .where('id', '=', organizationId)
      .executeTakeFirstOrThrow()
    await logActivity(trx, {
      organizationId,
      actorAccountId: accountId,
      actorName: nameOf(member),
      action: 'member.left',
      subject: `${nameOf(member)} (${member.role})`,
    })
    const sessions = await endMembership(trx, organizationId, accountId)
    return { organizationName: organization.name, sessions }
  })
  if ('refused' in outcome) return answerRefusal(c, outcome)
  streamsEnd(c.var.services, outcome.sessions)
  // This tab's session was one of them: it goes on as a visitor's, with the same Token.
  const session = c.var.session
  if (session) await endVendorSession(c, db, session)
  return c.json({ message: leftOrganizationMessage(outcome.organizationName) })
})

/* ---------------------------------------------------------------------------- activity log */

vendorRoute(teamRoutes, 'activityLog', async (c) => {
  const { db } = c.var.services
  const { action, actorAccountId, before } = c.var.body
  let beforeId: number | undefined
  if (before !== undefined) {
    beforeId = /^\d{1,15}$/.test(before) ? Number(before) : Number.NaN
    if (Number.isNaN(beforeId))
      return c.json({ message: 'before must be an activityId.', field: 'before' }, 400)
  }
  let query = db
    .selectFrom('activity_log')
    .selectAll()
    .where('organization_id', '=', c.var.organizationId)
    .orderBy('id', 'desc')
    .limit(ACTIVITY_PAGE_SIZE + 1)
  if (action !== undefined) query = query.where('action', '=', action)
  if (actorAccountId !== undefined) query = query.where('actor_account_id', '=', actorAccountId)
  if (beforeId !== undefined) query = query.where('id', '<', beforeId)
  const rows = await query.execute()
  const page = rows.slice(0, ACTIVITY_PAGE_SIZE)
  const entries: ActivityEntry[] = page.map((row) => ({
    activityId: String(row.id),
    at: row.at.toISOString(),
    actorName: row.actor_name,
    actorAccountId: row.actor_account_id,
    action: row.action,
    subject: row.subject,
  }))
  const last = entries.at(-1)
  return c.json({ entries, next: rows.length > ACTIVITY_PAGE_SIZE && last ? last.activityId : null })
})

/* ------------------------------------------------------------------------- the link's calls */

type InvitationRow = Awaited<ReturnType<typeof findInvitation>>
/** An invitation named by its link's token, or by its id. */
type InvitationKey = string | { invitationId: string }

function findInvitation(db: Db, key: InvitationKey) {
  const query = db
    .selectFrom('invitations as i')
    .innerJoin('organizations as o', 'o.id', 'i.organization_id')
    .leftJoin('vendor_accounts as a', 'a.id', 'i.invited_by')
    .select([
      'i.id',
      'i.organization_id',
      'i.email',
      'i.email_key',
      'i.role',
      'i.expires_at',
      'i.accepted_at',
      'i.revoked_at',
      'o.name as organization_name',
      'a.first_name',
      'a.last_name',
    ])
  return (
    typeof key === 'string'
      ? query.where('i.token_hash', '=', invitationTokenDigest(key))
      : query.where('i.id', '=', key.invitationId)
  ).executeTakeFirst()
}

function linkState(row: NonNullable<InvitationRow>, now = new Date()): InvitationLinkState {
  if (row.accepted_at) return 'used'
  if (row.revoked_at) return 'revoked'
  if (row.expires_at.getTime() <= now.getTime()) return 'expired'
  return 'valid'
}

/**
 * The open invitation of `key` (a link's token, or an id), locked for its use, or the message that
 * says why the link does not work (registration and acceptance alike).
 */
export async function usableInvitation(
  trx: Db,
  key: InvitationKey,
): Promise<{ invitation: NonNullable<InvitationRow> } | { message: string }> {
  const found = await findInvitation(trx, key)
  if (!found) return { message: INVITATION_LINK_UNKNOWN_MESSAGE }
  await trx.selectFrom('invitations').select('id').where('id', '=', found.id).forUpdate().execute()
  // Read again under the lock: a concurrent use may have spent it.
  const invitation = await findInvitation(trx, key)
  if (!invitation) return { message: INVITATION_LINK_UNKNOWN_MESSAGE }
  const state = linkState(invitation)
  if (state !== 'valid') return { message: INVITATION_LINK_STATE_MESSAGES[state] }
  return { invitation }
}

/** Joins the invitation's organization with its role and spends the invitation. */
export async function joinByInvitation(
  trx: Db,
  invitation: NonNullable<InvitationRow>,
  account: { id: string; first_name: string; last_name: string },
) {
  const now = new Date()
  await trx
    .insertInto('memberships')
    .values({
      organization_id: invitation.organization_id,
      account_id: account.id,
      role: invitation.role,
      created_at: now,
      last_active_at: now,
    })
    .execute()
  await trx
    .updateTable('invitations')
    .set({ accepted_at: now, accepted_by: account.id })
    .where('id', '=', invitation.id)
    .execute()
  await logActivity(trx, {
    organizationId: invitation.organization_id,
    actorAccountId: account.id,
    actorName: nameOf(account),
    action: 'member.joined',
    subject: `${nameOf(account)} (${invitation.role})`,
  })
}

route(teamRoutes, 'getInvitation', async (c) => {
  const row = await findInvitation(c.var.services.db, c.var.body.token)
  if (!row) return c.json({ message: INVITATION_LINK_UNKNOWN_MESSAGE, field: 'token' }, 404)
  return c.json({
    state: linkState(row),
    organizationName: row.organization_name,
    emailId: row.email,
    role: row.role,
    invitedBy: row.first_name === null ? '' : `${row.first_name} ${row.last_name ?? ''}`.trim(),
    expiresAt: row.expires_at.toISOString(),
  })
})

/** The logged-in account of the session (any organization), or undefined. */
async function sessionAccount(db: Kysely<Database>, session: LiveSession | null) {
  const accountId = session?.accountId
  if (!accountId) return undefined
  return db
    .selectFrom('vendor_accounts')
    .select(['id', 'email', 'email_key', 'first_name', 'last_name', 'phone_number'])
    .where('id', '=', accountId)
    .executeTakeFirst()
}

route(teamRoutes, 'acceptInvitation', async (c) => {
  const { db } = c.var.services
  const session = c.var.session
  const account = await sessionAccount(db, session)
  if (!session || !account) return c.json({ message: NOT_SIGNED_IN_MESSAGE }, 401)
  const outcome = await db.transaction().execute(async (trx) => {
    // By the link's token, or by the id of an invitation to the account's own address.
    const usable = await invitationToAccept(trx, c.var.body, account)
    if ('refused' in usable) return usable
    const { invitation } = usable
    const existing = await memberOf(trx, invitation.organization_id, account.id)
    if (existing) return refuse(alreadyJoinedMessage(invitation.organization_name), 409, 'token')
    await joinByInvitation(trx, invitation, account)
    return { organizationId: invitation.organization_id, role: invitation.role }
  })
  if ('refused' in outcome) return answerRefusal(c, outcome)
  return actFor(c, db, session, account, outcome.organizationId)
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
  await db
    .updateTable('memberships')
    .set({ last_active_at: new Date() })
    .where('organization_id', '=', organizationId)
    .where('account_id', '=', account.id)
    .execute()
  await rotateSession(c, db, session, { accountId: account.id, organizationId, role: acting.role })
  const ordered = await membershipsOf(db, account.id)
  return c.json(await authData(db, account, ordered, acting))
}

route(teamRoutes, 'switchOrganization', async (c) => {
  const { db } = c.var.services
  const session = c.var.session
  const account = await sessionAccount(db, session)
  if (!session || !account) return c.json({ message: NOT_SIGNED_IN_MESSAGE }, 401)
  // A tab whose stored login predates migration 0019 names the organization's old id.
  return actFor(c, db, session, account, await currentOrganizationId(db, c.var.body.organizationId))
})

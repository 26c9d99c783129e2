import { createHash, randomBytes } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import type { Role } from '@/contract/roles'
import {
  INVITATION_LINK_STATE_MESSAGES,
  INVITATION_LINK_UNKNOWN_MESSAGE,
  INVITATION_PATH,
  INVITATION_VALID_DAYS,
  type InvitationLinkState,
} from '@/contract/team'
import { emailKey } from '@/contract/validation/fields'
import type { Database } from '../platform/db/schema.ts'
import { logActivity } from './activity.ts'
import { invitationMailStates } from './invitation-mail.ts'
import { nameOf } from './memberships.ts'

/*
 * An organization's invitations (docs/decisions/0023). A link carries a random token
 * stored as its SHA-256, works INVITATION_VALID_DAYS and once; only the latest invitation to an
 * address counts.
 */

type Db = Kysely<Database> | Transaction<Database>

const DAY_MS = 24 * 60 * 60 * 1000
export const invitationTokenDigest = (token: string) => createHash('sha256').update(token).digest('hex')
export const newInvitationToken = () => randomBytes(32).toString('base64url')
const expiryFrom = (now: Date) => new Date(now.getTime() + INVITATION_VALID_DAYS * DAY_MS)

export const invitationLink = (origin: string, token: string) =>
  `${origin}${INVITATION_PATH}?token=${encodeURIComponent(token)}`

/** Who sent an invitation, as the team page and the link's page name them ('' once they are gone). */
export const inviterName = (row: { first_name: string | null; last_name: string | null }) =>
  row.first_name === null ? '' : `${row.first_name} ${row.last_name ?? ''}`.trim()

type InvitationInput = { organizationId: string; accountId: string; email: string; role: Role; token: string }

/**
 * A new invitation to `email` (earlier open ones to the address are revoked), logged; answers its
 * id. Run it in a transaction.
 */
export async function createInvitation(
  trx: Db,
  { organizationId, accountId, email, role, token }: InvitationInput,
) {
  const now = new Date()
  await trx
    .updateTable('invitations')
    .set({ revoked_at: now })
    .where('organization_id', '=', organizationId)
    .where('email_key', '=', emailKey(email))
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute()
  const row = await trx
    .insertInto('invitations')
    .values({
      organization_id: organizationId,
      email,
      email_key: emailKey(email),
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
    subject: `${email} (${role})`,
  })
  return row.id
}

/** An invitation of the organization still open (neither accepted nor revoked), locked. */
export function openInvitation(trx: Db, organizationId: string, invitationId: string) {
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

/** A new token and validity for the invitation: the link of the earlier mail stops working. */
export async function renewInvitation(trx: Db, invitationId: string, token: string) {
  const now = new Date()
  await trx
    .updateTable('invitations')
    .set({ token_hash: invitationTokenDigest(token), sent_at: now, expires_at: expiryFrom(now) })
    .where('id', '=', invitationId)
    .execute()
}

export async function revokeInvitation(db: Db, invitationId: string) {
  await db.updateTable('invitations').set({ revoked_at: new Date() }).where('id', '=', invitationId).execute()
}

/** What the invitation's mail says: the address, role, validity, organization and inviter. */
export function invitationMailRow(db: Db, invitationId: string) {
  return db
    .selectFrom('invitations as i')
    .innerJoin('organizations as o', 'o.id', 'i.organization_id')
    .leftJoin('vendor_accounts as a', 'a.id', 'i.invited_by')
    .select(['i.email', 'i.role', 'i.expires_at', 'o.name', 'a.first_name', 'a.last_name'])
    .where('i.id', '=', invitationId)
    .executeTakeFirstOrThrow()
}

/** The open invitations of the organization, newest first (the team page's, for Owners). */
export async function openInvitations(db: Db, organizationId: string) {
  const now = new Date()
  const rows = await db
    .selectFrom('invitations as i')
    .leftJoin('vendor_accounts as a', 'a.id', 'i.invited_by')
    .select(['i.id', 'i.email', 'i.role', 'i.sent_at', 'i.expires_at', 'a.first_name', 'a.last_name'])
    .where('i.organization_id', '=', organizationId)
    .where('i.accepted_at', 'is', null)
    .where('i.revoked_at', 'is', null)
    .orderBy('i.sent_at', 'desc')
    .orderBy('i.id')
    .execute()
  const mailStates = await invitationMailStates(
    db,
    rows.map((row) => row.id),
  )
  return rows.map((row) => ({
    invitationId: row.id,
    emailId: row.email,
    role: row.role,
    invitedBy: inviterName(row),
    sentAt: row.sent_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    state: row.expires_at.getTime() <= now.getTime() ? ('expired' as const) : ('pending' as const),
    ...(mailStates.has(row.id) ? { mailState: mailStates.get(row.id) } : {}),
  }))
}

export type InvitationRow = NonNullable<Awaited<ReturnType<typeof findInvitation>>>
/** An invitation named by its link's token, or by its id. */
type InvitationKey = string | { invitationId: string }

export function findInvitation(db: Db, key: InvitationKey) {
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
      'i.invited_by',
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

export function linkState(row: InvitationRow, now = new Date()): InvitationLinkState {
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
): Promise<{ invitation: InvitationRow } | { message: string }> {
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
  invitation: InvitationRow,
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

/** The logged-in account whose address invitations are sent to, or undefined. */
export function inviteeAccount(db: Db, accountId: string) {
  return db
    .selectFrom('vendor_accounts')
    .select(['id', 'email', 'email_key'])
    .where('id', '=', accountId)
    .executeTakeFirst()
}

/**
 * The invitations open to the account's address, newest first — not those of an organization the
 * account is a member of already (accepting would be refused).
 */
export function pendingInvitationsOf(db: Db, account: { id: string; email_key: string }) {
  return db
    .selectFrom('invitations as i')
    .innerJoin('organizations as o', 'o.id', 'i.organization_id')
    .leftJoin('vendor_accounts as a', 'a.id', 'i.invited_by')
    .leftJoin('memberships as m', (join) =>
      join.onRef('m.organization_id', '=', 'i.organization_id').on('m.account_id', '=', account.id),
    )
    .select(['i.id', 'i.role', 'i.expires_at', 'o.name', 'a.first_name', 'a.last_name'])
    .where('i.email_key', '=', account.email_key)
    .where('i.accepted_at', 'is', null)
    .where('i.revoked_at', 'is', null)
    .where('i.expires_at', '>', new Date())
    .where('m.account_id', 'is', null)
    .orderBy('i.sent_at', 'desc')
    .orderBy('i.id')
    .execute()
}

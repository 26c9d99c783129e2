import type { Kysely, Transaction } from 'kysely'
import type { Role } from '@/contract/roles'
import type { TeamAnswer } from '@/contract/team'
import { emailKey } from '@/contract/validation/fields'
import type { Database } from '../platform/db/schema.ts'
import { VISITOR_IDLE_MS } from '../http/session.ts'
import { openInvitations } from './invitations.ts'
import { nameOf } from './memberships.ts'

/*
 * An organization's members and its activity log (docs/decisions/0023), as the team's
 * calls read and change them. At least one Owner always remains: a change that could take the
 * last one away locks the Owner rows first (lockedOwners) and checks in its transaction.
 */

type Db = Kysely<Database> | Transaction<Database>

export async function organizationName(db: Db, organizationId: string) {
  const row = await db
    .selectFrom('organizations')
    .select('name')
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow()
  return row.name
}

/** The team as an answer: the members, and (for Owners) the invitations not yet used. */
export async function teamOf(db: Db, organizationId: string, withInvitations: boolean): Promise<TeamAnswer> {
  const name = await organizationName(db, organizationId)
  const members = await db
    .selectFrom('memberships as m')
    .innerJoin('vendor_accounts as a', 'a.id', 'm.account_id')
    .select(['a.id', 'a.first_name', 'a.last_name', 'a.email', 'm.role', 'm.created_at', 'm.last_active_at'])
    .where('m.organization_id', '=', organizationId)
    .orderBy('a.first_name')
    .orderBy('a.last_name')
    .orderBy('a.id')
    .execute()
  return {
    organizationId,
    organizationName: name,
    members: members.map((row) => ({
      accountId: row.id,
      name: nameOf(row),
      emailId: row.email,
      role: row.role,
      joinedAt: row.created_at.toISOString(),
      lastActiveAt: row.last_active_at?.toISOString() ?? null,
    })),
    invitations: withInvitations ? await openInvitations(db, organizationId) : [],
  }
}

/** Whether the address is a member's of the organization already. */
export async function isMemberEmail(db: Db, organizationId: string, email: string) {
  const member = await db
    .selectFrom('memberships as m')
    .innerJoin('vendor_accounts as a', 'a.id', 'm.account_id')
    .select('a.id')
    .where('m.organization_id', '=', organizationId)
    .where('a.email_key', '=', emailKey(email))
    .executeTakeFirst()
  return member !== undefined
}

/**
 * The organization's Owners, their rows locked until the transaction ends: two Owners demoting or
 * removing each other at once queue here, and the second sees the first's change.
 */
export async function lockedOwners(trx: Db, organizationId: string) {
  const rows = await trx
    .selectFrom('memberships')
    .select('account_id')
    .where('organization_id', '=', organizationId)
    .where('role', '=', 'Owner')
    .forUpdate()
    .execute()
  return rows.map((row) => row.account_id)
}

export async function memberOf(trx: Db, organizationId: string, accountId: string) {
  return trx
    .selectFrom('memberships as m')
    .innerJoin('vendor_accounts as a', 'a.id', 'm.account_id')
    .select(['a.id', 'a.first_name', 'a.last_name', 'a.email', 'm.role'])
    .where('m.organization_id', '=', organizationId)
    .where('m.account_id', '=', accountId)
    .executeTakeFirst()
}

export async function setMemberRole(trx: Db, organizationId: string, accountId: string, role: Role) {
  await trx
    .updateTable('memberships')
    .set({ role })
    .where('organization_id', '=', organizationId)
    .where('account_id', '=', accountId)
    .execute()
}

/** The member's last activity is now (a session starts acting for the organization). */
export async function markMemberActive(db: Db, organizationId: string, accountId: string) {
  await db
    .updateTable('memberships')
    .set({ last_active_at: new Date() })
    .where('organization_id', '=', organizationId)
    .where('account_id', '=', accountId)
    .execute()
}

/**
 * Deletes the membership and ends the sessions of the account acting for the organization; returns
 * the sessions' ids, whose live streams in this process end once the transaction is committed
 * (other processes' streams at their next check of their session).
 */
export async function endMembership(trx: Db, organizationId: string, accountId: string) {
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

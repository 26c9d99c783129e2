import type { Insertable, Kysely, Transaction } from 'kysely'
import type { Role } from '@/contract/roles'
import type { Database, VendorAccountsTable } from '../platform/db/schema.ts'

/*
 * Organizations and memberships (migration 0009, docs/decisions/0023).
 */

type Db = Kysely<Database> | Transaction<Database>

/**
 * A new vendor account and the organization it registers, of which it is the Owner. The
 * organization gets an id of its own (a random UUID, as every other row's): an organization's id
 * is published (a certificate's content, webhook bodies) and must not tell the founder's account
 * id (migration 0019 gave fresh ids to the organizations migration 0009 had given their
 * account's). Code reads the organization from the membership or the session, never from the
 * account. Run it in a transaction.
 */
export async function createAccountWithOrganization(
  trx: Db,
  values: Insertable<VendorAccountsTable>,
): Promise<{ accountId: string; organizationId: string } | undefined> {
  const account = await trx
    .insertInto('vendor_accounts')
    .values(values)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst()
  if (!account) return undefined
  const organization = await trx
    .insertInto('organizations')
    .values({ name: values.organization })
    .returning('id')
    .executeTakeFirstOrThrow()
  await trx
    .insertInto('memberships')
    .values({ organization_id: organization.id, account_id: account.id, role: 'Owner' })
    .execute()
  return { accountId: account.id, organizationId: organization.id }
}

export type MembershipRow = { organizationId: string; organizationName: string; role: Role }

/** The account's memberships, the one used last first (the login's choice). */
export async function membershipsOf(db: Db, accountId: string): Promise<MembershipRow[]> {
  const rows = await db
    .selectFrom('memberships as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select(['m.organization_id', 'o.name', 'm.role'])
    .where('m.account_id', '=', accountId)
    .orderBy((eb) => eb.fn.coalesce('m.last_active_at', 'm.created_at'), 'desc')
    .orderBy('o.name')
    .execute()
  return rows.map((row) => ({
    organizationId: row.organization_id,
    organizationName: row.name,
    role: row.role,
  }))
}

/** A member's name, as the team page and the activity log write it. */
export const nameOf = (account: { first_name: string; last_name: string }) =>
  `${account.first_name} ${account.last_name}`

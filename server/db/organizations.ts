import type { Insertable, Kysely, Transaction } from 'kysely'
import type { Role } from '@/contract/roles'
import type { Database, VendorAccountsTable } from './schema.ts'

/*
 * Organizations and memberships (migration 0009, docs/decisions/0023).
 */

type Db = Kysely<Database> | Transaction<Database>

/**
 * A new vendor account and the organization it registers, of which it is the Owner. The
 * organization takes the account's id (as migration 0009 gave every existing account's), so an
 * organization registered with an account is found under the same id in logs and support work;
 * code never assumes it and reads the organization from the membership. Run it in a transaction.
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
  await trx.insertInto('organizations').values({ id: account.id, name: values.organization }).execute()
  await trx
    .insertInto('memberships')
    .values({ organization_id: account.id, account_id: account.id, role: 'Owner' })
    .execute()
  return { accountId: account.id, organizationId: account.id }
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

import type { Kysely, Transaction } from 'kysely'
import type { Database } from './schema.ts'

/*
 * Migration 0019 gave the organizations fresh ids and kept the old ones in organization_id_changes,
 * so that ids stored outside the database (a mailed link, a tab's stored login) keep working.
 */

type Db = Kysely<Database> | Transaction<Database>

/**
 * The organization's id now for one that came from outside (a link, a stored login): an id that
 * migration 0019 replaced answers its new one; any other id, itself.
 */
export async function currentOrganizationId(db: Db, organizationId: string): Promise<string> {
  const changed = await db
    .selectFrom('organization_id_changes')
    .select('new_id')
    .where('old_id', '=', organizationId)
    .executeTakeFirst()
  return changed?.new_id ?? organizationId
}

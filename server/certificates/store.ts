import type { Kysely } from 'kysely'
import type { Database } from '../platform/db/schema.ts'

/*
 * The certificate calls' own reads and writes: whether an organization's certificate may be
 * listed in the directory, listing it or not, and the name a lab revocation is signed with.
 */

/** The organization's certificate of `number` (its revocation, if any), or undefined if not its own. */
export function ownCertificate(db: Kysely<Database>, number: string, organizationId: string) {
  return db
    .selectFrom('certificates')
    .select(['revoked_at'])
    .where('number', '=', number)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst()
}

/** Lists the certificate among the certified devices, or stops listing it. */
export async function setPublished(db: Kysely<Database>, number: string, published: boolean) {
  await db.updateTable('certificates').set({ published }).where('number', '=', number).execute()
}

/** The lab staff member's name, undefined if there is none by that id. */
export async function labStaffName(db: Kysely<Database>, labStaffId: string): Promise<string | undefined> {
  const staff = await db
    .selectFrom('lab_staff')
    .select('name')
    .where('id', '=', labStaffId)
    .executeTakeFirst()
  return staff?.name
}

import type { Kysely } from 'kysely'
import type { Database } from '../platform/db/schema.ts'
import { appendEvent } from '../events/index.ts'
import { certificateState } from './read.ts'

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

/**
 * Lists the certificate among the certified devices, or stops listing it; its organization's open
 * tabs are told (certificate.listing, in the same transaction).
 */
export async function setPublished(db: Kysely<Database>, number: string, published: boolean) {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('certificates')
      .set({ published })
      .where('number', '=', number)
      .returning(['run_id', 'portfolio_manager_id', 'organization_id', 'revoked_at', 'expires_at'])
      .executeTakeFirst()
    if (!row) return
    await appendEvent(trx, row.organization_id, {
      type: 'certificate.listing',
      portfolioManagerId: row.portfolio_manager_id,
      runId: row.run_id,
      certificate: { number, state: certificateState(row), published },
    })
  })
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

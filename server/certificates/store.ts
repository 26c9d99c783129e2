import type { Kysely } from 'kysely'
import type { Database } from '../platform/db/schema.ts'
import { appendEvent } from '../events/index.ts'
import { logActivity } from '../organizations/index.ts'
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

/** Who lists or unlists: the member acting for the organization. */
export type Lister = { organizationId: string; accountId: string }

/**
 * Lists the certificate among the certified devices, or stops listing it; its organization's open
 * tabs are told (certificate.listing), and a change of the listing is a line in the organization's
 * activity log (docs/decisions/0044), all in one transaction.
 */
export async function setPublished(db: Kysely<Database>, number: string, published: boolean, by: Lister) {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('certificates')
      .select('published')
      .where('number', '=', number)
      .forUpdate()
      .executeTakeFirst()
    const row = await trx
      .updateTable('certificates')
      .set({ published })
      .where('number', '=', number)
      .returning([
        'run_id',
        'portfolio_manager_id',
        'organization_id',
        'revoked_at',
        'expires_at',
        'device_name',
        'vendor',
      ])
      .executeTakeFirst()
    if (!row || !before) return
    if (before.published !== published)
      await logActivity(trx, {
        organizationId: by.organizationId,
        actorAccountId: by.accountId,
        action: published ? 'certificate.listed' : 'certificate.unlisted',
        subject: `${row.device_name} (${row.vendor}), certificate ${number}`,
      })
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

import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../platform/db/schema.ts'

/* The signed-in vendor as the portfolio calls read them: the form's registration details, the name. */

type Db = Kysely<Database> | Transaction<Database>

/**
 * The account's registration details, and whether its organization has any device record. The
 * draft is the person's; whether records exist is the organization's (decision 0023).
 */
export function registrationWithRecords(db: Db, accountId: string, organizationId: string) {
  return db
    .selectFrom('vendor_accounts as a')
    .select((eb) => [
      'a.organization',
      'a.first_name',
      'a.last_name',
      'a.email',
      'a.country_code',
      'a.phone_number',
      'a.country',
      'a.state',
      'a.city',
      eb
        .exists(
          eb
            .selectFrom('device_records as r')
            .select('r.portfolio_manager_id')
            .where('r.organization_id', '=', organizationId),
        )
        .as('has_records'),
    ])
    .where('a.id', '=', accountId)
    .executeTakeFirst()
}

/** The account's first and last name ('Ada Lovelace'), as a record's creator or a comment's author. */
export async function vendorName(db: Db, accountId: string): Promise<string | undefined> {
  const account = await db
    .selectFrom('vendor_accounts')
    .select(['first_name', 'last_name'])
    .where('id', '=', accountId)
    .executeTakeFirst()
  return account && `${account.first_name} ${account.last_name}`
}

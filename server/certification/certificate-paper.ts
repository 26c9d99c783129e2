import type { Kysely } from 'kysely'
import type { CertificatePaper } from '@/contract/certification'
import type { Database } from '../platform/db/schema.ts'

/*
 * The sheet a certificate is printed on when the caller does not choose one (docs/decisions/0040):
 * Letter for an account registered in a country where Letter is the usual office paper, A4 for
 * every other. The account is the one that downloads the PDF or receives it by mail, the person
 * who prints it; an organization has no country of its own, only its members' registrations.
 */

/** ISO 3166-1 codes of the countries whose offices print on Letter. */
const LETTER_COUNTRIES = new Set([
  'US',
  'CA',
  'MX',
  'PR',
  'PH',
  'CL',
  'CO',
  'VE',
  'GT',
  'CR',
  'PA',
  'DO',
  'SV',
])

/** Letter or A4, by the country the account registered with (a name of the countries table). */
export async function accountPaper(db: Kysely<Database>, accountId: string): Promise<CertificatePaper> {
  const row = await db
    .selectFrom('vendor_accounts')
    .innerJoin('countries', 'countries.name', 'vendor_accounts.country')
    .select('countries.country_code')
    .where('vendor_accounts.id', '=', accountId)
    .executeTakeFirst()
  return row && LETTER_COUNTRIES.has(row.country_code) ? 'letter' : 'a4'
}

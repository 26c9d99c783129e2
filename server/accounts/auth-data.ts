import type { Kysely } from 'kysely'
import type { AuthData } from '@/contract/auth'
import { LOGIN_SUCCESS_MESSAGE } from '@/contract/messages'
import type { Database } from '../platform/db/schema.ts'
import type { MembershipRow } from '../organizations/index.ts'

/**
 * The login answer (spec §3's AuthData) for an account acting for `acting`, with the added
 * organization fields (decision 0023).
 */
export async function authData(
  db: Kysely<Database>,
  account: { id: string; email: string; first_name: string; last_name: string; phone_number: string },
  memberships: MembershipRow[],
  acting: MembershipRow,
): Promise<AuthData> {
  return {
    name: `${account.first_name} ${account.last_name}`,
    emailId: account.email,
    phoneNumber: account.phone_number,
    vendorUserId: account.id,
    message: LOGIN_SUCCESS_MESSAGE,
    ...(await portfolioFlags(db, account.id, acting.organizationId)),
    organizationId: acting.organizationId,
    organizationName: acting.organizationName,
    role: acting.role,
    organizations: memberships,
  }
}

/**
 * The YES/NO flags of the login answer (spec §3, §4), derived from the data: a draft not yet
 * submitted is a saved previous request; a submitted draft or any device record of the organization
 * is submitted data.
 */
export async function portfolioFlags(db: Kysely<Database>, accountId: string, organizationId: string) {
  const draft = await db
    .selectFrom('portfolio_drafts')
    .select('is_submitted')
    .where('account_id', '=', accountId)
    .executeTakeFirst()
  const record = await db
    .selectFrom('device_records')
    .select('portfolio_manager_id')
    .where('organization_id', '=', organizationId)
    .limit(1)
    .executeTakeFirst()
  const saved = draft !== undefined && !draft.is_submitted
  const submitted = draft?.is_submitted === true || record !== undefined
  const yesNo = (value: boolean): 'YES' | 'NO' => (value ? 'YES' : 'NO')
  return {
    isPortfolioManagerPreviousReqSaved: yesNo(saved),
    isPortfolioManagerSavedOrSubmittedDataExists: yesNo(saved || submitted),
    isPortfolioManagerSubmittedDataExists: yesNo(submitted),
  }
}

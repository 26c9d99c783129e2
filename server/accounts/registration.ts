import type { Insertable, Kysely } from 'kysely'
import { invitationForOtherEmailMessage } from '@/contract/team'
import { emailKey } from '@/contract/validation/fields'
import type { Database, VendorAccountsTable } from '../platform/db/schema.ts'
import { createAccountWithOrganization } from '../organizations/index.ts'
import { joinByInvitation, usableInvitation } from '../organizations/index.ts'
import { issueCode } from './store.ts'

/*
 * A new account (spec §3): with the organization it registers as its Owner, or — through an
 * invitation's link (docs/decisions/0023) — joining that organization with the invited role.
 */

/** The registration form's values, from the payload's names (spec §3, §5). */
export function registrationForm(body: {
  firstName: string
  lastName: string
  emailId: string
  reEnteredEmailId: string
  organization: string
  lob: string
  phoneNumber: string
  countryCode: string
  country: string
  state: string
  city: string
}) {
  return {
    firstName: body.firstName.trim(),
    lastName: body.lastName.trim(),
    email: body.emailId.trim(),
    reEnterEmail: body.reEnteredEmailId.trim(),
    organization: body.organization.trim(),
    lob: body.lob
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== ''),
    phoneNumber: body.phoneNumber.trim(),
    countryCode: body.countryCode.trim(),
    country: body.country.trim(),
    state: body.state.trim(),
    city: body.city.trim(),
  }
}

export type RegistrationForm = ReturnType<typeof registrationForm>

/** Why the invitation's link cannot register `email`, or undefined when it can. */
export async function invitationProblem(db: Kysely<Database>, token: string, email: string) {
  return db.transaction().execute(async (trx) => {
    const usable = await usableInvitation(trx, token)
    if ('message' in usable) return usable.message
    if (usable.invitation.email_key !== emailKey(email))
      return invitationForOtherEmailMessage(usable.invitation.email)
    return undefined
  })
}

export type Registered = { accountId: string; organizationId: string; invitationId?: string; code: string }

/**
 * The account, its organization or the invitation's, and its create-password code, in one
 * transaction; null when the address was taken meanwhile, `refused` when the link stopped working.
 */
export function createRegistration(
  db: Kysely<Database>,
  secret: string,
  form: RegistrationForm,
  invitationToken: string | undefined,
): Promise<Registered | { refused: string } | null> {
  return db.transaction().execute(async (trx) => {
    const values = {
      email: form.email,
      first_name: form.firstName,
      last_name: form.lastName,
      organization: form.organization,
      lob: form.lob.join(','),
      phone_number: form.phoneNumber,
      country_code: form.countryCode,
      country: form.country,
      state: form.state,
      city: form.city,
      password_hash: null,
    }
    const made = invitationToken
      ? await createInvitedAccount(trx, invitationToken, values)
      : await createAccountWithOrganization(trx, values)
    if (!made) return null
    if ('refused' in made) return made
    const { code } = await issueCode(trx, secret, made.accountId, 'create-password')
    return { ...made, code }
  })
}

/**
 * A new account that joins the invitation's organization with the invited role (its own
 * `organization` column holds that organization's name). Run it in a transaction: the invitation
 * is locked and checked again, so a link used twice at once makes one account.
 */
async function createInvitedAccount(
  trx: Kysely<Database>,
  token: string,
  values: Insertable<VendorAccountsTable>,
): Promise<
  { accountId: string; organizationId: string; invitationId: string } | { refused: string } | undefined
> {
  const usable = await usableInvitation(trx, token)
  if ('message' in usable) return { refused: usable.message }
  const { invitation } = usable
  if (invitation.email_key !== emailKey(values.email)) {
    return { refused: invitationForOtherEmailMessage(invitation.email) }
  }
  const account = await trx
    .insertInto('vendor_accounts')
    .values({ ...values, organization: invitation.organization_name })
    .onConflict((oc) => oc.doNothing())
    .returning(['id', 'first_name', 'last_name'])
    .executeTakeFirst()
  if (!account) return undefined
  await joinByInvitation(trx, invitation, account)
  return { accountId: account.id, organizationId: invitation.organization_id, invitationId: invitation.id }
}

import type { Kysely } from 'kysely'
import type { Database } from '../platform/db/schema.ts'
import { createAccountWithOrganization, type InvitationRow } from '../organizations/index.ts'
import { joinByInvitation } from '../organizations/index.ts'
import { issueCode } from './store.ts'

/*
 * A new account (spec §3): with the organization it registers as its Owner, or — through an
 * invitation's link, with a name and a password only (docs/decisions/0046) — joining that
 * organization with the invited role.
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

export type Registered = { accountId: string; organizationId: string; code: string }

/**
 * The account, the organization it registers as its Owner, and its create-password code, in one
 * transaction; null when the address was taken meanwhile.
 */
export function createRegistration(
  db: Kysely<Database>,
  secret: string,
  form: RegistrationForm,
): Promise<Registered | null> {
  return db.transaction().execute(async (trx) => {
    const made = await createAccountWithOrganization(trx, {
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
    })
    if (!made) return null
    const { code } = await issueCode(trx, secret, made.accountId, 'create-password')
    return { ...made, code }
  })
}

/**
 * The organization's details that a joining account takes (docs/decisions/0046): those of the
 * account that sent the invitation, or, when it is gone, of the organization's first Owner.
 */
function organizationDetails(trx: Kysely<Database>, invitation: InvitationRow) {
  return trx
    .selectFrom('vendor_accounts as a')
    .innerJoin('memberships as m', 'm.account_id', 'a.id')
    .select(['a.lob', 'a.phone_number', 'a.country_code', 'a.country', 'a.state', 'a.city'])
    .where('m.organization_id', '=', invitation.organization_id)
    .orderBy((eb) => eb.case().when('a.id', '=', invitation.invited_by).then(0).else(1).end())
    .orderBy((eb) => eb.case().when('m.role', '=', 'Owner').then(0).else(1).end())
    .orderBy('m.created_at')
    .limit(1)
    .executeTakeFirst()
}

export type Joiner = { firstName: string; lastName: string; passwordHash: string }

/**
 * A new account, with a password, that joins the invitation's organization with the invited role
 * (docs/decisions/0046). Run it in a transaction with the invitation locked (usableInvitation),
 * so a link used twice at once makes one account; undefined when the address has an account.
 */
export async function createJoinedAccount(trx: Kysely<Database>, invitation: InvitationRow, joiner: Joiner) {
  const details = await organizationDetails(trx, invitation)
  const account = await trx
    .insertInto('vendor_accounts')
    .values({
      email: invitation.email,
      first_name: joiner.firstName,
      last_name: joiner.lastName,
      organization: invitation.organization_name,
      lob: details?.lob ?? '',
      phone_number: details?.phone_number ?? '',
      country_code: details?.country_code ?? '',
      country: details?.country ?? '',
      state: details?.state ?? '',
      city: details?.city ?? '',
      password_hash: joiner.passwordHash,
      password_changed_at: new Date(),
    })
    .onConflict((oc) => oc.doNothing())
    .returning(['id', 'email', 'first_name', 'last_name', 'phone_number'])
    .executeTakeFirst()
  if (!account) return undefined
  await joinByInvitation(trx, invitation, account)
  return account
}

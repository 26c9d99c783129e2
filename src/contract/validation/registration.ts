import * as v from 'valibot'
import {
  CITY_REQUIRED_MESSAGE,
  CONFIRM_PASSWORD_REQUIRED_MESSAGE,
  COUNTRY_CODE_REQUIRED_MESSAGE,
  COUNTRY_REQUIRED_MESSAGE,
  EMAIL_REQUIRED_MESSAGE,
  FIRST_NAME_REQUIRED_MESSAGE,
  LAST_NAME_REQUIRED_MESSAGE,
  LOB_REQUIRED_MESSAGE,
  ORGANIZATION_REQUIRED_MESSAGE,
  PASSWORDS_DO_NOT_MATCH_MESSAGE,
  PHONE_NUMBER_REQUIRED_MESSAGE,
  RE_ENTER_EMAIL_MISMATCH_MESSAGE,
  RE_ENTER_EMAIL_REQUIRED_MESSAGE,
  STATE_REQUIRED_MESSAGE,
} from '@/contract/messages'
import {
  emailSchema,
  LINES_OF_BUSINESS,
  lettersOnlyNameOnChangeSchema,
  lettersOnlyNameSchema,
  organizationNameSchema,
  personNameOnChangeSchema,
  personNameSchema,
  phoneNumberSchema,
  repeatsField,
} from '@/contract/validation/fields'
import { newPasswordSchema } from '@/contract/validation/password'

/*
 * Registration (spec §5): every field required; the button is enabled only when all are filled
 * and no message shows. Names check their characters and the 50 maximum while typing and the
 * 3-character minimum on blur, hence two schemas each.
 */

export const firstNameSchema = v.pipe(
  v.string(),
  v.nonEmpty(FIRST_NAME_REQUIRED_MESSAGE),
  personNameOnChangeSchema,
)
export const firstNameOnBlurSchema = v.pipe(
  v.string(),
  v.nonEmpty(FIRST_NAME_REQUIRED_MESSAGE),
  personNameSchema,
)

export const lastNameSchema = v.pipe(
  v.string(),
  v.nonEmpty(LAST_NAME_REQUIRED_MESSAGE),
  lettersOnlyNameOnChangeSchema,
)
export const lastNameOnBlurSchema = v.pipe(
  v.string(),
  v.nonEmpty(LAST_NAME_REQUIRED_MESSAGE),
  lettersOnlyNameSchema,
)

export const registrationEmailSchema = v.pipe(v.string(), v.nonEmpty(EMAIL_REQUIRED_MESSAGE), emailSchema)

/** The re-entered email against the email typed above it (a field validator listening to email). */
export const reEnterEmailSchema = (email: string) =>
  v.pipe(
    v.string(),
    v.nonEmpty(RE_ENTER_EMAIL_REQUIRED_MESSAGE),
    v.check((value) => value === email, RE_ENTER_EMAIL_MISMATCH_MESSAGE),
  )

export const organizationSchema = v.pipe(
  v.string(),
  v.nonEmpty(ORGANIZATION_REQUIRED_MESSAGE),
  organizationNameSchema,
)

/** At least one of Wireline and Wireless, and nothing else. */
export const lobSchema = v.pipe(
  v.array(v.string()),
  v.check(
    (lob) =>
      lob.length > 0 && lob.every((item) => (LINES_OF_BUSINESS as ReadonlyArray<string>).includes(item)),
    LOB_REQUIRED_MESSAGE,
  ),
)

export const registrationPhoneNumberSchema = v.pipe(
  v.string(),
  v.nonEmpty(PHONE_NUMBER_REQUIRED_MESSAGE),
  phoneNumberSchema,
)

export const countryCodeSchema = v.pipe(v.string(), v.nonEmpty(COUNTRY_CODE_REQUIRED_MESSAGE))
export const countrySchema = v.pipe(v.string(), v.nonEmpty(COUNTRY_REQUIRED_MESSAGE))
export const stateSchema = v.pipe(v.string(), v.nonEmpty(STATE_REQUIRED_MESSAGE))
export const citySchema = v.pipe(v.string(), v.nonEmpty(CITY_REQUIRED_MESSAGE))

/**
 * The whole registration form with every rule (the names with their on-blur minimum), as the
 * form-level validator and as the check before the request is sent.
 */
export const registrationFormSchema = v.pipe(
  v.object({
    firstName: firstNameOnBlurSchema,
    lastName: lastNameOnBlurSchema,
    email: registrationEmailSchema,
    reEnterEmail: v.pipe(v.string(), v.nonEmpty(RE_ENTER_EMAIL_REQUIRED_MESSAGE)),
    organization: organizationSchema,
    lob: lobSchema,
    phoneNumber: registrationPhoneNumberSchema,
    countryCode: countryCodeSchema,
    country: countrySchema,
    state: stateSchema,
    city: citySchema,
  }),
  repeatsField('reEnterEmail', 'email', RE_ENTER_EMAIL_MISMATCH_MESSAGE),
)

export type RegistrationFormValues = v.InferInput<typeof registrationFormSchema>

export const emptyRegistrationFormValues: RegistrationFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  reEnterEmail: '',
  organization: '',
  lob: [],
  phoneNumber: '',
  countryCode: '',
  country: '',
  state: '',
  city: '',
}

/**
 * Joining by an invitation (docs/decisions/0046): the names by the rules above, the password by the
 * Create Password dialog's; the screen's check before sending and the server's, in one place.
 */
export const joinFormSchema = v.pipe(
  v.object({
    firstName: firstNameOnBlurSchema,
    lastName: lastNameOnBlurSchema,
    password: newPasswordSchema,
    confirmPassword: v.pipe(v.string(), v.nonEmpty(CONFIRM_PASSWORD_REQUIRED_MESSAGE)),
  }),
  repeatsField('confirmPassword', 'password', PASSWORDS_DO_NOT_MATCH_MESSAGE),
)

export type JoinFormValues = v.InferInput<typeof joinFormSchema>

import type { RegistrationPayload } from '@/contract/auth'
import type { RegistrationFormValues } from '@/contract/validation/registration'
import { LINES_OF_BUSINESS } from '@/contract/validation/fields'

/** Spaces at the ends dropped and runs of spaces inside made one, as a name is meant to read. */
const tidy = (value: string) => value.trim().replace(/\s+/g, ' ')

/**
 * The registration form as POST /api/registration/create takes it (spec §3): emailId and
 * reEnteredEmailId in place of email and reEnterEmail, and lob comma-joined. The lines of business
 * go in the order the product lists them, whatever order the chips were pressed in, so the same
 * choice always reads the same on the server.
 */
export function toRegistrationPayload(values: RegistrationFormValues): RegistrationPayload {
  return {
    firstName: tidy(values.firstName),
    lastName: tidy(values.lastName),
    emailId: values.email.trim(),
    reEnteredEmailId: values.reEnterEmail.trim(),
    organization: tidy(values.organization),
    lob: LINES_OF_BUSINESS.filter((line) => values.lob.includes(line)).join(','),
    phoneNumber: values.phoneNumber.trim(),
    countryCode: values.countryCode,
    country: values.country,
    state: values.state,
    city: values.city,
  }
}

import * as v from 'valibot'
import { EMAIL_REQUIRED_MESSAGE, PASSWORD_REQUIRED_MESSAGE } from '@/contract/messages'
import { emailSchema, passwordWithoutSpacesSchema } from '@/contract/validation/fields'

/*
 * Login (spec §5): both fields required, the email in a simple shape, the password without
 * spaces. The button is enabled only when this schema passes.
 */

export const loginEmailSchema = v.pipe(v.string(), v.nonEmpty(EMAIL_REQUIRED_MESSAGE), emailSchema)

export const loginPasswordSchema = v.pipe(
  v.string(),
  v.nonEmpty(PASSWORD_REQUIRED_MESSAGE),
  passwordWithoutSpacesSchema,
)

export const loginFormSchema = v.object({
  email: loginEmailSchema,
  password: loginPasswordSchema,
})

export type LoginFormValues = v.InferInput<typeof loginFormSchema>

export const emptyLoginFormValues: LoginFormValues = { email: '', password: '' }

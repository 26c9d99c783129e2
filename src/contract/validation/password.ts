import * as v from 'valibot'
import {
  CODE_REQUIRED_MESSAGE,
  CONFIRM_PASSWORD_REQUIRED_MESSAGE,
  EMAIL_REQUIRED_MESSAGE,
  PASSWORD_REQUIRED_MESSAGE,
  PASSWORDS_DO_NOT_MATCH_MESSAGE,
} from '@/contract/messages'
import { emailSchema, passwordRulesSchema, repeatsField } from '@/contract/validation/fields'

/*
 * The password forms of spec §5. Field names follow the payloads (otp, password, confirmPassword,
 * emailId comes from storage), so the screens map nothing but the stored ids.
 */

/** The emailed code: free text labelled 6-Digit code; only required. */
export const otpSchema = v.pipe(v.string(), v.nonEmpty(CODE_REQUIRED_MESSAGE))

/** Create Password dialog: the new password with every rule. */
export const newPasswordSchema = v.pipe(
  v.string(),
  v.nonEmpty(PASSWORD_REQUIRED_MESSAGE),
  passwordRulesSchema,
)

/** Create Password dialog: the confirmation, checked against the password typed above it. */
export const confirmPasswordSchema = (password: string) =>
  v.pipe(
    v.string(),
    v.nonEmpty(CONFIRM_PASSWORD_REQUIRED_MESSAGE),
    v.check((value) => value === password, PASSWORDS_DO_NOT_MATCH_MESSAGE),
  )

const filledConfirmPasswordSchema = v.pipe(v.string(), v.nonEmpty(CONFIRM_PASSWORD_REQUIRED_MESSAGE))

/** The whole Create Password dialog; a mismatch is reported on confirmPassword. */
export const createPasswordFormSchema = v.pipe(
  v.object({
    otp: otpSchema,
    password: newPasswordSchema,
    confirmPassword: filledConfirmPasswordSchema,
  }),
  repeatsField('confirmPassword', 'password', PASSWORDS_DO_NOT_MATCH_MESSAGE),
)

export type CreatePasswordFormValues = v.InferInput<typeof createPasswordFormSchema>

export const emptyCreatePasswordFormValues: CreatePasswordFormValues = {
  otp: '',
  password: '',
  confirmPassword: '',
}

/** The reset page (/check-mail) only requires its three fields to be filled (spec §5). */
export const resetPasswordFormSchema = v.object({
  otp: otpSchema,
  password: v.pipe(v.string(), v.nonEmpty(PASSWORD_REQUIRED_MESSAGE)),
  confirmPassword: filledConfirmPasswordSchema,
})

export type ResetPasswordFormValues = v.InferInput<typeof resetPasswordFormSchema>

export const emptyResetPasswordFormValues: ResetPasswordFormValues = {
  otp: '',
  password: '',
  confirmPassword: '',
}

/** Forgot password: the account's email, required and in email shape. */
export const forgotPasswordFormSchema = v.object({
  email: v.pipe(v.string(), v.nonEmpty(EMAIL_REQUIRED_MESSAGE), emailSchema),
})

export type ForgotPasswordFormValues = v.InferInput<typeof forgotPasswordFormSchema>

export const emptyForgotPasswordFormValues: ForgotPasswordFormValues = { email: '' }

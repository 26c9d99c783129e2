import * as v from 'valibot'
import { labStaffSchema } from '@/contract/lab'
import {
  idSchema,
  nameText,
  passwordText,
  PHONE_NUMBER_MAX_LENGTH,
  statusAnswerSchema,
  text,
  yesNoSchema,
} from '@/contract/common'
import { membershipSchema, roleSchema } from '@/contract/roles'

/* Accounts, registration and passwords: spec §3 (entities) and §7 (calls). */

/** GET /api/token answers this text and puts the session token in the `Token` header (decision 1). */
export const TOKEN_BOOTSTRAP_SUCCESS = 'SUCCESS'
export const TOKEN_HEADER = 'Token'

/** POST /api/login */
export const loginPayloadSchema = v.object({
  emailId: text(254),
  password: passwordText(128),
})
export type LoginPayload = v.InferOutput<typeof loginPayloadSchema>

/** The login answer on 200, stored as AUTH_DATA (spec §3). */
export const authDataSchema = v.looseObject({
  name: v.string(),
  emailId: v.string(),
  phoneNumber: v.string(),
  vendorUserId: v.string(),
  /** 'Login is successful' on success. */
  message: v.string(),
  isPortfolioManagerPreviousReqSaved: yesNoSchema,
  isPortfolioManagerSavedOrSubmittedDataExists: yesNoSchema,
  isPortfolioManagerSubmittedDataExists: yesNoSchema,
  // docs/decisions/0023: the organization the session acts for, the role there and the
  // account's memberships. Added to the spec's answer; optional so that a spec-only answer parses.
  organizationId: v.optional(v.string()),
  organizationName: v.optional(v.string()),
  role: v.optional(roleSchema),
  organizations: v.optional(v.array(membershipSchema)),
  // docs/decisions/0024: a lab staff member's login. Then vendorUserId is '' and the
  // page goes to /lab.
  labStaff: v.optional(labStaffSchema),
  // An account that belongs to no organization (any more). Its session may only list and
  // accept the invitations to its address: vendorUserId is '' (no vendor screen treats it as a
  // vendor's login) and the page goes to /invitations.
  noOrganization: v.optional(v.literal(true)),
})
export type AuthData = v.InferOutput<typeof authDataSchema>

/**
 * POST /api/registration/create: the registration form with emailId and reEnteredEmailId in
 * place of email and reEnterEmail, and lob comma-joined (spec §3).
 */
export const registrationPayloadSchema = v.object({
  firstName: nameText(50),
  lastName: nameText(50),
  emailId: text(254),
  reEnteredEmailId: text(254),
  organization: nameText(50),
  /** 'Wireline', 'Wireless' or 'Wireline,Wireless'. */
  lob: text(20),
  phoneNumber: text(PHONE_NUMBER_MAX_LENGTH),
  countryCode: text(8),
  country: nameText(100),
  state: nameText(100),
  city: nameText(100),
})
export type RegistrationPayload = v.InferOutput<typeof registrationPayloadSchema>

/**
 * The registration answer: status 'SUCCESS' or other, a message, and what the Create Password
 * dialog needs later — the id of the pending account and its e-mail (spec §7 "data stored for
 * later (including emailId and id)"). Both sit at the top level of the answer.
 */
export const registrationAnswerSchema = v.looseObject({
  ...statusAnswerSchema.entries,
  id: v.optional(v.string()),
  emailId: v.optional(v.string()),
})

/** POST /api/registration/change-password: the Create Password dialog. Answers plain text. */
export const changePasswordPayloadSchema = v.object({
  otp: text(32),
  emailId: text(254),
  password: passwordText(128),
  confirmPassword: passwordText(128),
  id: idSchema,
})
export type ChangePasswordPayload = v.InferOutput<typeof changePasswordPayloadSchema>

/** POST /api/registration/forget-password */
export const forgotPasswordPayloadSchema = v.object({ emailId: text(254) })
export type ForgotPasswordPayload = v.InferOutput<typeof forgotPasswordPayloadSchema>

/** The forgot-password answer: status, message, and the id the reset page sends back. */
export const forgotPasswordAnswerSchema = v.looseObject({
  ...statusAnswerSchema.entries,
  id: v.optional(v.string()),
})

/** POST /api/registration/reset-password (the /check-mail page). */
export const resetPasswordPayloadSchema = v.object({
  otp: text(32),
  password: passwordText(128),
  confirmPassword: passwordText(128),
  id: idSchema,
})
export type ResetPasswordPayload = v.InferOutput<typeof resetPasswordPayloadSchema>

import type { OneTimeCodePurpose } from '../platform/db/schema.ts'
import { CODE_TTL_MS } from './one-time-code.ts'

/* The mails of registration and password reset. A code is in the body only; the console names the mail, never its body. */

/** The mail with a code. */
export function codeMail(to: string, firstName: string, code: string, purpose: OneTimeCodePurpose) {
  const minutes = CODE_TTL_MS / 60_000
  const creating = purpose === 'create-password'
  const subject = creating ? 'Your code to create your password' : 'Your code to reset your password'
  const text = [
    `Hello ${firstName},`,
    '',
    creating
      ? 'Welcome to the Device Certification Portal. To create your password, enter this 6-digit code:'
      : 'To reset your password for the Device Certification Portal, enter this 6-digit code:',
    '',
    `    ${code}`,
    '',
    `The code is valid for ${minutes} minutes and works once.`,
    creating
      ? 'If you did not register, you can ignore this mail.'
      : 'If you did not ask for a new password, you can ignore this mail; your password stays as it is.',
  ].join('\n')
  return { to, subject, text }
}

/** To an account's owner when someone registers with the account's address again. */
export function registeredAgainMail(to: string, firstName: string) {
  const text = [
    `Hello ${firstName},`,
    '',
    'Someone tried to register for the Device Certification Portal with this e-mail address, which already has an account.',
    'No new account was made, and your password stays as it is.',
    '',
    'If it was you, sign in with your password, or use Forgot Password on the sign-in page to set a new one.',
    'If it was not you, you can ignore this mail.',
  ].join('\n')
  return { to, subject: 'Someone tried to register with your address', text }
}

/** To an address without an account when someone asks for a password reset for it. */
export function noAccountMail(to: string) {
  const text = [
    'Hello,',
    '',
    'Someone asked to reset the password of a Device Certification Portal account for this e-mail address, but no account uses this address.',
    '',
    'If you meant to register, use Sign Up on the portal. If you have an account under another address, ask for the code with that address.',
    'If you did not ask for this, you can ignore this mail.',
  ].join('\n')
  return { to, subject: 'Password reset requested for an address without an account', text }
}

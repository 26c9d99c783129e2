import type { CertificateState } from '@/contract/certificates'

/* The verification page's words, asserted by their exact text in the stories. */

export const VERIFY_TITLE = 'Verify a certificate'
export const VERIFY_LEAD =
  'Type a certificate’s number or choose its PDF. The signature is checked in your browser against the portal’s published keys.'
export const NUMBER_REQUIRED_MESSAGE = 'Enter the certificate number.'
export const SIGNATURE_VALID_TEXT = 'Signature checked in your browser: this is the portal’s signed record.'
export const SIGNATURE_MISMATCH_LABEL = 'Signature does not match'
export const SIGNATURE_MISMATCH_TEXT =
  'This record does not match its signature: it may have been altered. Do not rely on it, and tell the certification lab.'
export const VERIFY_FAILED_MESSAGE = 'The certificate could not be checked just now. Try again in a moment.'

export const STATE_TEXT: Readonly<Record<CertificateState, string>> = {
  valid: 'This device is certified.',
  expired: 'This certificate has expired.',
  revoked: 'This certificate was revoked by the certification lab.',
}

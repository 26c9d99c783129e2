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

/* docs/decisions/0033: the firmware a certificate covers, and its place among the device's revisions. */

/** 'Covers firmware 1.0.2', and its revision from 2 on ('Covers firmware 1.1.0 · revision 3'). */
export const coversFirmwareText = (firmware: string, revision: number | undefined) =>
  revision !== undefined && revision > 1
    ? `Covers firmware ${firmware} · revision ${revision}`
    : `Covers firmware ${firmware}`
/** Before the source certificate's number, linked: 'Recertification of DCP-…'. */
export const RECERTIFICATION_OF_TEXT = 'Recertification of'
/** After it: what was carried from it. */
export const carriedFromSourceText = (firmware: string, carried: number) =>
  ` (firmware ${firmware}): ${carried} test case${carried === 1 ? '' : 's'} carried, not run again.`
/** Before the later certificate's number, linked: 'A later revision (firmware 1.1.0) is certified: DCP-…'. */
export const laterCertificateText = (firmware: string) =>
  `A later revision (firmware ${firmware}) is certified: `
/** After it, for a certificate that is itself valid. */
export const stillValidText = (firmware: string) => `This certificate stays valid for firmware ${firmware}.`

/** The number field's name: the shell's script fills it with the address's number (verify-shell.ts). */
export const NUMBER_FIELD_NAME = 'certificateNumber'

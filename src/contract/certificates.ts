import * as v from 'valibot'
import { CONTROL_CHARACTER_RULE, idSchema, isCleanMultiline, text } from '@/contract/common'

/*
 * docs/decisions/0025: certificates anyone can verify. When a record becomes Certified
 * the portal issues one certificate for that run: a number, the organization, the device, the
 * test plan and its version, the attempts, the issue date and an expiry, signed with Ed25519 by
 * the portal's key. The signed text is stored as it was signed (`payload`, canonical JSON of
 * CertificateContent) with its signature and the id of the key; the public keys are published at
 * CERTIFICATE_KEYS_PATH, so anyone can check a certificate without trusting the page that shows it.
 */

/** Where the keys are published for anyone: the well-known address, and the API's own path. */
export const CERTIFICATE_KEYS_PATH = '/.well-known/certificate-keys.json'
export const CERTIFICATE_KEYS_API_PATH = '/api/certificate-keys'
export const CERTIFICATE_API_PATH = '/api/certificates/:number'
/** The directory's pages (its endpoint), read by the page's own script as by the app. */
export const DIRECTORY_API_PATH = '/api/certified-devices'
export const VERIFY_PATH = '/verify'
export const DIRECTORY_PATH = '/certified-devices'
/** The signature algorithm of every key (node:crypto's name). */
export const CERTIFICATE_ALGORITHM = 'Ed25519'
/** How long a certificate is valid unless CERTIFICATE_VALID_YEARS says otherwise. */
export const DEFAULT_CERTIFICATE_VALID_YEARS = 3

/*
 * The number: 'DCP-' and three groups of four characters of Crockford's base32 (no I, L, O, U),
 * 60 random bits. Random, not counted: a verification page answers anyone, and numbers in order
 * would let anyone list every certificate, published or not. Typed in any case, with or without
 * the dashes: CERTIFICATE_NUMBER_PATTERN reads it, normalizeCertificateNumber writes it.
 */
export const CERTIFICATE_NUMBER_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
export const CERTIFICATE_NUMBER_PATTERN =
  /^DCP-?([0-9A-HJKMNP-TV-Z]{4})-?([0-9A-HJKMNP-TV-Z]{4})-?([0-9A-HJKMNP-TV-Z]{4})$/
export const CERTIFICATE_NUMBER_EXAMPLE = 'DCP-7KQ4-M9XZ-2F8H'

/** 'dcp 7kq4m9xz2f8h' → 'DCP-7KQ4-M9XZ-2F8H'; null when it cannot be a certificate number. */
export function normalizeCertificateNumber(input: string): string | null {
  if (input.length > 40) return null
  const compact = input
    .toUpperCase()
    .replace(/[\s_]+/g, '')
    .replaceAll('O', '0')
    .replace(/[IL]/g, '1')
  const match = CERTIFICATE_NUMBER_PATTERN.exec(compact)
  return match ? `DCP-${match[1]}-${match[2]}-${match[3]}` : null
}

export const MALFORMED_CERTIFICATE_NUMBER_MESSAGE = `A certificate number looks like ${CERTIFICATE_NUMBER_EXAMPLE}.`
/** The answer for a well-formed number that names no certificate: nothing else is said. */
export const UNKNOWN_CERTIFICATE_MESSAGE = 'No certificate with this number exists.'
export const certificateRevokedMessage = (number: string) => `Certificate ${number} is revoked.`
export const CERTIFICATE_ALREADY_REVOKED_MESSAGE = 'This certificate is already revoked.'
export const REVOKE_REASON_REQUIRED_MESSAGE = 'Give the reason for revoking this certificate.'
export const REVOKE_REASON_MAX_LENGTH = 300

/** POST /api/lab/certificates/revoke (a Lab manager's), and `npm run certificate:revoke`. */
export const revokeCertificatePayloadSchema = v.object({
  number: v.pipe(v.string(), v.maxLength(40, MALFORMED_CERTIFICATE_NUMBER_MESSAGE)),
  /** Required: an empty one is refused with REVOKE_REASON_REQUIRED_MESSAGE (field 'reason'). */
  reason: v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(REVOKE_REASON_MAX_LENGTH, `reason must be at most ${REVOKE_REASON_MAX_LENGTH} characters`),
    v.check(isCleanMultiline, `reason ${CONTROL_CHARACTER_RULE}`),
  ),
})

/** What is signed, field by field (the payload is this object as canonical JSON: keys sorted). */
export const certificateContentSchema = v.looseObject({
  number: v.string(),
  organization: v.looseObject({ id: v.string(), name: v.string() }),
  device: v.looseObject({
    vendor: v.string(),
    name: v.string(),
    type: v.string(),
    productClass: v.string(),
    firmware: v.string(),
    serialNumbers: v.array(v.string()),
  }),
  /**
   * The plan version the certifying run used (docs/decisions/0032): its number as text ('1');
   * certificates issued before plans were versioned name '2026.1' and no planId.
   */
  testPlan: v.looseObject({
    planId: v.optional(v.string()),
    name: v.string(),
    version: v.string(),
    cases: v.array(v.string()),
  }),
  /** Every attempt of the record up to the certifying one, oldest first. */
  attempts: v.array(
    v.looseObject({
      attempt: v.number(),
      kind: v.string(),
      outcome: v.string(),
      startedAt: v.string(),
      finishedAt: v.nullable(v.string()),
    }),
  ),
  runId: v.string(),
  issuedAt: v.string(),
  expiresAt: v.string(),
  keyId: v.string(),
  issuer: v.string(),
  /**
   * docs/decisions/0033: the record's revision the certificate covers (absent for revision 1 and for
   * every certificate issued before revisions), and for a recertification the certificate whose
   * passed cases it carries (`carriedCases`: not firmware-sensitive, not run again).
   */
  revision: v.optional(v.number()),
  source: v.optional(
    v.looseObject({ number: v.string(), firmware: v.string(), carriedCases: v.array(v.string()) }),
  ),
})
export type CertificateContent = v.InferOutput<typeof certificateContentSchema>

export const CERTIFICATE_STATES = ['valid', 'expired', 'revoked'] as const
export type CertificateState = (typeof CERTIFICATE_STATES)[number]
export const CERTIFICATE_STATE_LABELS: Readonly<Record<CertificateState, string>> = {
  valid: 'Valid',
  expired: 'Expired',
  revoked: 'Revoked',
}

/** GET /api/certificates/<number>: the public record, for machines and the verification page. */
export const publicCertificateSchema = v.looseObject({
  number: v.string(),
  state: v.picklist(CERTIFICATE_STATES),
  content: certificateContentSchema,
  /** The signed text exactly as stored, and its Ed25519 signature (base64url) by key `keyId`. */
  payload: v.string(),
  signature: v.string(),
  keyId: v.string(),
  revocation: v.nullable(v.looseObject({ reason: v.string(), revokedAt: v.string() })),
  verifyUrl: v.string(),
  /**
   * The newest certificate of a later revision of the same device (another firmware), or null:
   * this one stays valid for the firmware it names (docs/decisions/0033).
   */
  laterCertificate: v.optional(
    v.nullable(
      v.looseObject({
        number: v.string(),
        firmware: v.string(),
        revision: v.number(),
        issuedAt: v.string(),
        verifyUrl: v.string(),
      }),
    ),
  ),
})
export type PublicCertificate = v.InferOutput<typeof publicCertificateSchema>

/** CERTIFICATE_KEYS_PATH: every key that signed or signs certificates (a rotated key stays). */
export const certificateKeySchema = v.looseObject({
  keyId: v.string(),
  algorithm: v.literal(CERTIFICATE_ALGORITHM),
  /** The raw 32-byte Ed25519 public key, base64url (as in a JWK's `x`). */
  publicKey: v.string(),
  createdAt: v.string(),
  /** When it stopped signing new certificates (null while it signs). */
  retiredAt: v.nullable(v.string()),
})
export const certificateKeysSchema = v.looseObject({ keys: v.array(certificateKeySchema) })
export type CertificateKeys = v.InferOutput<typeof certificateKeysSchema>

/** Canonical JSON: object keys sorted at every depth, no spaces; what is signed and checked. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

/*
 * The directory of certified devices (DIRECTORY_PATH): every valid certificate whose organization
 * chose to publish it (a per-certificate switch, off by default), searched and filtered on the
 * server, a page at a time.
 */
export const DIRECTORY_PAGE_SIZE = 24
export const DIRECTORY_SEARCH_MAX_LENGTH = 100

/** GET /api/certified-devices: every filter optional; page from 1. */
export const directoryQuerySchema = v.object({
  search: v.optional(text(DIRECTORY_SEARCH_MAX_LENGTH)),
  vendor: v.optional(text(100)),
  deviceType: v.optional(text(100)),
  productClass: v.optional(text(100)),
  page: v.optional(
    v.pipe(v.string(), v.regex(/^[1-9]\d{0,4}$/, 'page must be a whole number from 1'), v.transform(Number)),
  ),
})
export type DirectoryQuery = v.InferOutput<typeof directoryQuerySchema>

export const directoryEntrySchema = v.looseObject({
  number: v.string(),
  vendor: v.string(),
  deviceName: v.string(),
  deviceType: v.string(),
  productClass: v.string(),
  organizationName: v.string(),
  issuedAt: v.string(),
  expiresAt: v.string(),
  /**
   * The device's certified firmware versions, newest first (docs/decisions/0033): the directory
   * lists a device once, under its newest listed certificate (`number`).
   */
  firmwareVersions: v.optional(v.array(v.string())),
})
export type DirectoryEntry = v.InferOutput<typeof directoryEntrySchema>

/** The values the directory's filters can take: those of every listed certificate. */
export const directoryFacetsSchema = v.looseObject({
  vendors: v.array(v.string()),
  deviceTypes: v.array(v.string()),
  productClasses: v.array(v.string()),
})
export type DirectoryFacets = v.InferOutput<typeof directoryFacetsSchema>

export const directoryAnswerSchema = v.looseObject({
  items: v.array(directoryEntrySchema),
  total: v.number(),
  page: v.number(),
  pageSize: v.number(),
  facets: directoryFacetsSchema,
})
export type DirectoryAnswer = v.InferOutput<typeof directoryAnswerSchema>

/** POST /api/certificates/publish: an organization lists its certificate in the directory, or stops. */
export const publishCertificatePayloadSchema = v.object({
  vendorUserId: idSchema,
  number: v.pipe(v.string(), v.maxLength(40, MALFORMED_CERTIFICATE_NUMBER_MESSAGE)),
  published: v.boolean('published must be true or false'),
})
export const certificatePublishedMessage = (number: string) =>
  `Certificate ${number} is now listed among the certified devices.`
export const certificateUnpublishedMessage = (number: string) =>
  `Certificate ${number} is no longer listed among the certified devices.`
export const REVOKED_NOT_PUBLISHED_MESSAGE =
  'A revoked certificate cannot be listed among the certified devices.'

import * as v from 'valibot'
import {
  CERTIFICATE_API_PATH,
  CERTIFICATE_KEYS_API_PATH,
  type CertificateContent,
  certificateContentSchema,
  certificateKeysSchema,
  type PublicCertificate,
  publicCertificateSchema,
} from '@/contract/certificates'
import { verifyCertificateSignature } from '@/features/certificates/model/verify-signature'
import { VERIFY_FAILED_MESSAGE } from '@/features/certificates/model/verify-text'

/*
 * What /verify/<number> shows: the portal's public record of the number, checked here
 * against the published key. The content shown is read from the signed text itself, never from
 * the answer's other fields: what the page calls verified is what was signed.
 *
 * Both calls are public reads that need no session, made with fetch alone: the page's shell runs
 * this before the app and its API client have loaded (src/features/certificates/verify-shell.ts).
 */

export type Verification =
  | {
      kind: 'found'
      certificate: PublicCertificate
      /** The signed text's content; null when it cannot be read (altered in storage). */
      content: CertificateContent | null
      signature: 'valid' | 'mismatch'
    }
  | { kind: 'unknown'; message: string }
  | { kind: 'malformed'; message: string }
  | { kind: 'failed'; message: string }

function signedContent(certificate: PublicCertificate): CertificateContent | null {
  try {
    const parsed = v.safeParse(certificateContentSchema, JSON.parse(certificate.payload))
    return parsed.success ? parsed.output : null
  } catch {
    return null
  }
}

type Read<T> = { ok: true; data: T } | { ok: false; status: number; message: string }

/** A public JSON read: its data as the schema says, or the status and the server's message. */
export async function readJson<T>(
  path: string,
  schema: v.GenericSchema<unknown, T>,
  signal: AbortSignal | undefined,
): Promise<Read<T>> {
  const response = await fetch(path, {
    headers: { Accept: 'application/json' },
    ...(signal ? { signal } : {}),
  })
  const json: unknown = await response.json().catch(() => null)
  if (!response.ok) {
    const message = (json as { message?: unknown } | null)?.message
    return {
      ok: false,
      status: response.status,
      message: typeof message === 'string' && message.trim() !== '' ? message : VERIFY_FAILED_MESSAGE,
    }
  }
  const parsed = v.safeParse(schema, json)
  return parsed.success
    ? { ok: true, data: parsed.output }
    : { ok: false, status: response.status, message: VERIFY_FAILED_MESSAGE }
}

/** Reads the certificate and the keys, and checks the signature in this browser. */
export async function verifyNumber(number: string, signal?: AbortSignal): Promise<Verification> {
  const [record, keys] = await Promise.all([
    readJson(
      CERTIFICATE_API_PATH.replace(':number', encodeURIComponent(number)),
      publicCertificateSchema,
      signal,
    ),
    readJson(CERTIFICATE_KEYS_API_PATH, certificateKeysSchema, signal),
  ])
  if (!record.ok) {
    if (record.status === 404) return { kind: 'unknown', message: record.message }
    if (record.status === 400) return { kind: 'malformed', message: record.message }
    return { kind: 'failed', message: record.message }
  }
  if (!keys.ok) return { kind: 'failed', message: keys.message }
  const certificate = record.data
  const content = signedContent(certificate)
  const key = keys.data.keys.find((candidate) => candidate.keyId === certificate.keyId)
  const verified =
    key !== undefined &&
    content !== null &&
    content.number === certificate.number &&
    content.keyId === certificate.keyId &&
    (await verifyCertificateSignature(certificate.payload, certificate.signature, key.publicKey))
  return { kind: 'found', certificate, content, signature: verified ? 'valid' : 'mismatch' }
}

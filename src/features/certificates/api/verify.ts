import * as v from 'valibot'
import {
  type CertificateContent,
  certificateContentSchema,
  type PublicCertificate,
} from '@/contract/certificates'
import { verifyCertificateSignature } from '@/features/certificates/model/verify-signature'

/*
 * What /verify/<number> shows (issue 20): the portal's public record of the number, checked here
 * against the published key. The content shown is read from the signed text itself, never from
 * the answer's other fields: what the page calls verified is what was signed.
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

/** Reads the certificate and the keys, and checks the signature in this browser. */
export async function verifyNumber(number: string, signal?: AbortSignal): Promise<Verification> {
  // The API client loads only now: the page paints and hydrates without it.
  const { callEndpoint } = await import('@/lib/call-endpoint')
  const options = signal ? { signal } : {}
  const [record, keys] = await Promise.all([
    callEndpoint('certificate', undefined, { ...options, params: { number } }),
    callEndpoint('certificateKeys', undefined, options),
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

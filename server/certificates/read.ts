import type { Kysely } from 'kysely'
import {
  type CertificateContent,
  certificateContentSchema,
  type CertificateKeys,
  type CertificateState,
  type PublicCertificate,
  VERIFY_PATH,
} from '@/contract/certificates'
import * as v from 'valibot'
import type { Database } from '../platform/db/schema.ts'
import { verifySignature } from './keys.ts'

/*
 * Reading certificates for anyone: the public record of a number, and the published
 * keys. The content shown is the signed text's, parsed; the signature is checked here too, and
 * again in the browser against the published key (the page does not trust this answer).
 */

/** Revoked wins over expired, expired over valid. */
export function certificateState(
  row: { revoked_at: Date | null; expires_at: Date },
  now: Date = new Date(),
): CertificateState {
  if (row.revoked_at) return 'revoked'
  return new Date(row.expires_at).getTime() <= now.getTime() ? 'expired' : 'valid'
}

export async function readPublicCertificate(
  db: Kysely<Database>,
  number: string,
  origin: string,
  now: Date = new Date(),
): Promise<(PublicCertificate & { signatureValid: boolean }) | null> {
  const row = await db
    .selectFrom('certificates as c')
    .innerJoin('certificate_keys as k', 'k.key_id', 'c.key_id')
    .select([
      'c.number',
      'c.payload',
      'c.signature',
      'c.key_id',
      'c.expires_at',
      'c.revoked_at',
      'c.revoked_reason',
      'c.portfolio_manager_id',
      'c.revision',
      'k.public_key',
    ])
    .where('c.number', '=', number)
    .executeTakeFirst()
  if (!row) return null
  // The newest unrevoked certificate of a later revision of the device (docs/decisions/0033).
  const later = await db
    .selectFrom('certificates')
    .select(['number', 'firmware', 'revision', 'issued_at'])
    .where('portfolio_manager_id', '=', row.portfolio_manager_id)
    .where('revision', '>', row.revision)
    .where('revoked_at', 'is', null)
    .orderBy('revision', 'desc')
    .orderBy('issued_at', 'desc')
    .limit(1)
    .executeTakeFirst()
  return {
    number: row.number,
    state: certificateState(row, now),
    content: parseContent(row.payload),
    payload: row.payload,
    signature: row.signature,
    keyId: row.key_id,
    revocation: row.revoked_at
      ? { reason: row.revoked_reason ?? '', revokedAt: new Date(row.revoked_at).toISOString() }
      : null,
    verifyUrl: `${origin}${VERIFY_PATH}/${row.number}`,
    laterCertificate: later
      ? {
          number: later.number,
          firmware: later.firmware,
          revision: later.revision,
          issuedAt: new Date(later.issued_at).toISOString(),
          verifyUrl: `${origin}${VERIFY_PATH}/${later.number}`,
        }
      : null,
    signatureValid: verifySignature(row.payload, row.signature, row.public_key),
  }
}

/** The signed text's content; an unreadable text (altered in storage) reads as empty fields. */
function parseContent(payload: string): CertificateContent {
  try {
    const parsed = v.safeParse(certificateContentSchema, JSON.parse(payload))
    if (parsed.success) return parsed.output
  } catch {
    // Not JSON: altered in storage. The signature check says so; the fields stay empty.
  }
  return {
    number: '',
    organization: { id: '', name: '' },
    device: { vendor: '', name: '', type: '', productClass: '', firmware: '', serialNumbers: [] },
    testPlan: { name: '', version: '', cases: [] },
    attempts: [],
    runId: '',
    issuedAt: '',
    expiresAt: '',
    keyId: '',
    issuer: '',
  }
}

export async function readCertificateKeys(db: Kysely<Database>): Promise<CertificateKeys> {
  const rows = await db.selectFrom('certificate_keys').selectAll().orderBy('created_at').execute()
  return {
    keys: rows.map((row) => ({
      keyId: row.key_id,
      algorithm: 'Ed25519' as const,
      publicKey: row.public_key,
      createdAt: new Date(row.created_at).toISOString(),
      retiredAt: row.retired_at ? new Date(row.retired_at).toISOString() : null,
    })),
  }
}

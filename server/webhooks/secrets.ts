import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import { WEBHOOK_SECRET_PREFIX } from '@/contract/webhooks'

/*
 * docs/decisions/0027: an endpoint's signing secret. The portal must sign with it at
 * every delivery, so it cannot be stored as a hash; it is stored encrypted with AES-256-GCM under a
 * key derived from the server's secret (SESSION_SECRET, or the one kept in DATA_DIR), which every
 * process sharing a database has. A copy of the database alone does not give the secrets. When the
 * server's secret changes, the stored secrets cannot be read: those deliveries fail with
 * SECRET_UNREADABLE and the Owner makes a new signing secret (rotateWebhookSecret).
 */

export const SECRET_UNREADABLE =
  'The endpoint’s secret cannot be read with this server’s secret: make a new signing secret for it.'

const keyOf = (serverSecret: string) =>
  createHash('sha256').update(`webhook-secrets\u0000${serverSecret}`).digest()

/** A new secret: `whsec_` and 32 random bytes, base64url. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`
}

/** What the list shows to tell secrets apart: `whsec_…` and the last four characters. */
export const secretHint = (secret: string) => `${WEBHOOK_SECRET_PREFIX}…${secret.slice(-4)}`

export function sealSecret(secret: string, serverSecret: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keyOf(serverSecret), iv)
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  return [
    'v1',
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    sealed.toString('base64url'),
  ].join('.')
}

/** The secret, or null when it was sealed under another server secret (or is damaged). */
export function openSecret(stored: string, serverSecret: string): string | null {
  const [version, iv, tag, sealed] = stored.split('.')
  if (version !== 'v1' || !iv || !tag || sealed === undefined) return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(serverSecret), Buffer.from(iv, 'base64url'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
      'utf8',
    )
  } catch {
    return null
  }
}

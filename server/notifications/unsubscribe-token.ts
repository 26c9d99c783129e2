import { createHmac, timingSafeEqual } from 'node:crypto'
import {
  LAB_NOTIFICATION_KINDS,
  NOTIFICATION_KINDS,
  UNSUBSCRIBE_TOKEN_PATTERN,
  type UnsubscribeScope,
} from '@/contract/notifications'

/*
 * docs/decisions/0028 point 5: the unsubscribe link's token. It names who (an account,
 * an address without one for invitations, or a lab staff member — point 9), the organization the
 * setting belongs to ('' for the account's own and for staff), and what to turn off (a kind of
 * that side, or 'all'), and is signed with HMAC-SHA256 under a key derived from the server's
 * secret (SESSION_SECRET), with the format's version in the signed text. It never expires: a mail
 * read a year later still unsubscribes. It opens nothing but this one switch, so it is no secret
 * of the account. Verification is constant-time.
 *
 *   n1.<base64url of "a:<accountId>|<organizationId>|<scope>">.<base64url HMAC, 43 characters>
 *   (e:<address>|| for an address, s:<staffId>|| for a staff member)
 */

export const UNSUBSCRIBE_TOKEN_VERSION = 'n1'

export type UnsubscribeSubject =
  | { type: 'account'; accountId: string; organizationId: string }
  | { type: 'address'; emailKey: string }
  | { type: 'staff'; staffId: string }

export type UnsubscribeClaim = { subject: UnsubscribeSubject; scope: UnsubscribeScope }

const keyOf = (secret: string) => createHmac('sha256', secret).update('notification-unsubscribe').digest()

const sign = (secret: string, payload: string) =>
  createHmac('sha256', keyOf(secret)).update(`${UNSUBSCRIBE_TOKEN_VERSION}.${payload}`).digest('base64url')

function encode(claim: UnsubscribeClaim) {
  const who =
    claim.subject.type === 'account'
      ? `a:${claim.subject.accountId}|${claim.subject.organizationId}`
      : claim.subject.type === 'staff'
        ? `s:${claim.subject.staffId}|`
        : `e:${claim.subject.emailKey}|`
  return Buffer.from(`${who}|${claim.scope}`, 'utf8').toString('base64url')
}

export function signUnsubscribeToken(secret: string, claim: UnsubscribeClaim): string {
  const payload = encode(claim)
  return `${UNSUBSCRIBE_TOKEN_VERSION}.${payload}.${sign(secret, payload)}`
}

/** A member's kinds, and a lab staff member's: neither link turns off the other side's. */
const SCOPES: ReadonlySet<string> = new Set([...NOTIFICATION_KINDS, 'all'])
const LAB_SCOPES: ReadonlySet<string> = new Set([...LAB_NOTIFICATION_KINDS, 'all'])

/** The claim of a token signed with `secret`; null when it is malformed, altered or signed otherwise. */
export function verifyUnsubscribeToken(secret: string, token: string): UnsubscribeClaim | null {
  if (!UNSUBSCRIBE_TOKEN_PATTERN.test(token)) return null
  const [, payload = '', signature = ''] = token.split('.')
  // The signatures' texts are compared, not their decoded bytes: base64url's last character carries
  // two unused bits, and a link with them changed is a changed link too.
  const expected = Buffer.from(sign(secret, payload), 'ascii')
  const given = Buffer.from(signature, 'ascii')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  const parts = Buffer.from(payload, 'base64url').toString('utf8').split('|')
  if (parts.length !== 3) return null
  const [who = '', organizationId = '', scope = ''] = parts
  if (who.startsWith('s:') && who.length > 2 && organizationId === '' && LAB_SCOPES.has(scope))
    return { subject: { type: 'staff', staffId: who.slice(2) }, scope: scope as UnsubscribeScope }
  if (!SCOPES.has(scope)) return null
  if (who.startsWith('a:') && who.length > 2)
    return {
      subject: { type: 'account', accountId: who.slice(2), organizationId },
      scope: scope as UnsubscribeScope,
    }
  if (who.startsWith('e:') && who.length > 2 && organizationId === '' && scope === 'invitation')
    return { subject: { type: 'address', emailKey: who.slice(2) }, scope: 'invitation' }
  return null
}

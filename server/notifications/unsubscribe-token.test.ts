import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { UNSUBSCRIBE_TOKEN_PATTERN } from '@/contract/notifications'
import { signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token.ts'

const SECRET = 'a-secret-of-at-least-32-characters-long'
const claim = {
  subject: { type: 'account' as const, accountId: 'acc-1', organizationId: 'org-1' },
  scope: 'runFinished' as const,
}

describe('the unsubscribe token', () => {
  it('verifies what it signed: account, organization and kind, or an address for invitations', () => {
    const token = signUnsubscribeToken(SECRET, claim)
    expect(token).toMatch(UNSUBSCRIBE_TOKEN_PATTERN)
    expect(verifyUnsubscribeToken(SECRET, token)).toEqual(claim)
    const all = { ...claim, scope: 'all' as const }
    expect(verifyUnsubscribeToken(SECRET, signUnsubscribeToken(SECRET, all))).toEqual(all)
    const address = {
      subject: { type: 'address' as const, emailKey: 'nina@example.com' },
      scope: 'invitation' as const,
    }
    expect(verifyUnsubscribeToken(SECRET, signUnsubscribeToken(SECRET, address))).toEqual(address)
    const staff = { subject: { type: 'staff' as const, staffId: 'staff-1' }, scope: 'vendorComment' as const }
    expect(verifyUnsubscribeToken(SECRET, signUnsubscribeToken(SECRET, staff))).toEqual(staff)
  })

  it('refuses a token changed anywhere, signed with another secret, or of another user', () => {
    const token = signUnsubscribeToken(SECRET, claim)
    const [version, payload, signature] = token.split('.') as [string, string, string]
    const otherUser = Buffer.from('a:acc-2|org-1|runFinished').toString('base64url')
    const otherKind = Buffer.from('a:acc-1|org-1|all').toString('base64url')
    for (const bad of [
      `${version}.${otherUser}.${signature}`,
      `${version}.${otherKind}.${signature}`,
      `n2.${payload}.${signature}`,
      `${version}.${payload}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      `${version}.${payload}.${signature.slice(0, 5)}${signature[5] === 'x' ? 'y' : 'x'}${signature.slice(6)}`,
      signUnsubscribeToken('another-secret-of-at-least-32-characters', claim),
      '',
      'n1..',
      `${token}.`,
    ]) {
      expect(verifyUnsubscribeToken(SECRET, bad)).toBeNull()
    }
  })

  it('refuses a signed claim that makes no sense: an unknown kind, an address for anything but invitations, a kind of the other side', () => {
    // Signed as the server signs (the key derived from the secret), so only the claim's meaning is refused.
    const key = createHmac('sha256', SECRET).update('notification-unsubscribe').digest()
    const sign = (text: string) => {
      const payload = Buffer.from(text).toString('base64url')
      return `n1.${payload}.${createHmac('sha256', key).update(`n1.${payload}`).digest('base64url')}`
    }
    expect(verifyUnsubscribeToken(SECRET, sign('a:acc-1|org-1|runFinished'))).toEqual(claim)
    expect(verifyUnsubscribeToken(SECRET, sign('a:acc-1|org-1|everything'))).toBeNull()
    expect(verifyUnsubscribeToken(SECRET, sign('e:nina@example.com||runFinished'))).toBeNull()
    // Each side's kinds only: a staff member's link for a member's kind, a member's for the lab's.
    expect(verifyUnsubscribeToken(SECRET, sign('s:staff-1||vendorComment'))).toEqual({
      subject: { type: 'staff', staffId: 'staff-1' },
      scope: 'vendorComment',
    })
    expect(verifyUnsubscribeToken(SECRET, sign('s:staff-1||runFinished'))).toBeNull()
    expect(verifyUnsubscribeToken(SECRET, sign('s:staff-1|org-1|vendorComment'))).toBeNull()
    expect(verifyUnsubscribeToken(SECRET, sign('a:acc-1|org-1|vendorComment'))).toBeNull()
  })
})

import { describe, expect, it } from 'vitest'
import type { ApiToken } from '@/contract/api-tokens'
import {
  isRevocable,
  lastUsedText,
  orderTokens,
  tokenDetailsText,
  tokenEndText,
} from '@/features/api-tokens/model/token-rules'

const token = (values: Partial<ApiToken>): ApiToken => ({
  tokenId: 't1',
  name: 'CI',
  scope: 'read',
  hint: 'dcp_…abcd',
  ownerAccountId: 'me',
  ownerName: 'Priya Sharma',
  createdAt: '2026-11-01T08:00:00.000Z',
  expiresAt: null,
  lastUsedAt: null,
  revokedAt: null,
  state: 'active',
  ...values,
})

describe('token rules', () => {
  it('words the end of a token by its state', () => {
    expect(tokenEndText(token({}))).toBe('No expiry')
    expect(tokenEndText(token({ expiresAt: '2027-02-08T09:00:00.000Z' }))).toBe('Expires 8 Feb 2027, 09:00')
    expect(tokenEndText(token({ state: 'expired', expiresAt: '2026-10-21T09:00:00.000Z' }))).toBe(
      'Expired 21 Oct 2026, 09:00',
    )
    expect(
      tokenEndText(token({ state: 'revoked', expiresAt: null, revokedAt: '2026-10-11T09:30:00.000Z' })),
    ).toBe('Revoked 11 Oct 2026, 09:30')
  })

  it('says when it was last used, and whose it is when not the viewer’s', () => {
    expect(lastUsedText(token({}))).toBe('Never used')
    expect(lastUsedText(token({ lastUsedAt: '2026-11-20T08:55:00.000Z' }))).toBe(
      'Last used 20 Nov 2026, 08:55',
    )
    expect(tokenDetailsText(token({ scope: 'read-write' }), 'me')).toBe(
      'Read and write · dcp_…abcd · created 1 Nov 2026, 08:00',
    )
    expect(tokenDetailsText(token({}), 'someone-else')).toBe(
      'Read · dcp_…abcd · Priya Sharma’s · created 1 Nov 2026, 08:00',
    )
  })

  it('offers Revoke only for a working token, and lists working tokens first', () => {
    expect(isRevocable(token({}))).toBe(true)
    expect(isRevocable(token({ state: 'expired' }))).toBe(false)
    expect(isRevocable(token({ state: 'revoked' }))).toBe(false)
    const ordered = orderTokens([
      token({ tokenId: 'old-revoked', state: 'revoked', createdAt: '2026-11-10T00:00:00.000Z' }),
      token({ tokenId: 'older', createdAt: '2026-10-01T00:00:00.000Z' }),
      token({ tokenId: 'newer', createdAt: '2026-11-02T00:00:00.000Z' }),
    ])
    expect(ordered.map((item) => item.tokenId)).toEqual(['newer', 'older', 'old-revoked'])
  })
})

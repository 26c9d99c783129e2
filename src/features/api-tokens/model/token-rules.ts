import { API_TOKEN_SCOPE_LABELS, API_TOKEN_STATE_LABELS, type ApiToken } from '@/contract/api-tokens'
import { formatPortalTime } from '@/lib/format-time'

/*
 * docs/decisions/0026: how the tokens page words a token. Pure, so that the page, its
 * stories and the tests agree.
 */

/** What the list says about the token's end: 'Expires 8 Feb 2027, 09:00', 'Expired …', 'Revoked …', 'No expiry'. */
export function tokenEndText(token: Pick<ApiToken, 'state' | 'expiresAt' | 'revokedAt'>): string {
  if (token.state === 'revoked' && token.revokedAt) return `Revoked ${formatPortalTime(token.revokedAt)}`
  if (token.expiresAt === null) return 'No expiry'
  return `${token.state === 'expired' ? 'Expired' : 'Expires'} ${formatPortalTime(token.expiresAt)}`
}

export function lastUsedText(token: Pick<ApiToken, 'lastUsedAt'>): string {
  return token.lastUsedAt ? `Last used ${formatPortalTime(token.lastUsedAt)}` : 'Never used'
}

/** One line under the token's name: scope, hint, whose (when not the viewer's), created. */
export function tokenDetailsText(token: ApiToken, viewerAccountId: string): string {
  const whose = token.ownerAccountId === viewerAccountId ? '' : ` · ${token.ownerName}’s`
  return `${API_TOKEN_SCOPE_LABELS[token.scope]} · ${token.hint}${whose} · created ${formatPortalTime(token.createdAt)}`
}

export const tokenStateLabel = (token: Pick<ApiToken, 'state'>) => API_TOKEN_STATE_LABELS[token.state]

/** Only a token that still works is revoked; an expired one stops by itself. */
export const isRevocable = (token: Pick<ApiToken, 'state'>) => token.state === 'active'

/** Active tokens first (newest first), then expired and revoked ones. */
export function orderTokens(tokens: ReadonlyArray<ApiToken>): ApiToken[] {
  const rank = (token: ApiToken) => (token.state === 'active' ? 0 : 1)
  return [...tokens].sort((a, b) => rank(a) - rank(b) || b.createdAt.localeCompare(a.createdAt))
}

import { HttpResponse } from 'msw'
import {
  API_TOKEN_LIMIT_MESSAGE,
  API_TOKEN_NOT_FOUND_MESSAGE,
  API_TOKEN_PREFIX,
  API_TOKEN_SCOPE_LABELS,
  API_TOKENS_PER_MEMBER,
  type ApiToken,
  apiTokenCreatedMessage,
  apiTokenNameTakenMessage,
  apiTokenRevokedMessage,
} from '@/contract/api-tokens'
import { can, ROLE_REFUSALS, type Role } from '@/contract/roles'
import type { ActivityAction } from '@/contract/team'
import { FIXTURE_NOW, type MockVendor, world } from '@/mocks/fixtures/world'
import { answer, vendorEndpoint } from '@/mocks/mock-endpoint'

/*
 * docs/decisions/0026: the token calls in the fixture world, with the server's rules
 * and words: a member lists and revokes their own tokens, an Owner every member's; creating needs
 * an Owner or an Engineer, a name not taken by another token of theirs, and at most
 * API_TOKENS_PER_MEMBER tokens; the secret is made here (random, as on the server) and answered once.
 */

const roleOf = (vendor: MockVendor): Role => vendor.authData.role ?? 'Owner'
const DAY_MS = 86_400_000

function newSecret() {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  const base64 = btoa(String.fromCharCode(...bytes))
  return `${API_TOKEN_PREFIX}${base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`
}

function log(vendor: MockVendor, action: ActivityAction, subject: string) {
  world.nextId += 1
  const newest = Number(world.team.activity[0]?.activityId ?? '0')
  world.team.activity.unshift({
    activityId: String(Math.max(newest + 1, world.nextId)),
    at: FIXTURE_NOW.toISOString(),
    actorName: vendor.authData.name,
    actorAccountId: vendor.authData.vendorUserId,
    action,
    subject,
  })
}

const visibleTo = (vendor: MockVendor) => (token: ApiToken) =>
  roleOf(vendor) === 'Owner' || token.ownerAccountId === vendor.authData.vendorUserId

const subject = (token: ApiToken, own: boolean) =>
  `“${token.name}” (${API_TOKEN_SCOPE_LABELS[token.scope]})${own ? '' : ` of ${token.ownerName}`}`

export const apiTokenHandlers = [
  vendorEndpoint('listApiTokens', ({ vendor }) =>
    HttpResponse.json({ tokens: world.apiTokens.filter(visibleTo(vendor)).map((token) => ({ ...token })) }),
  ),

  vendorEndpoint('createApiToken', ({ body, vendor }) => {
    if (!can(roleOf(vendor), 'tokens')) return answer(ROLE_REFUSALS.tokens, 403)
    const id = vendor.authData.vendorUserId
    const held = world.apiTokens.filter((token) => token.ownerAccountId === id && token.state !== 'revoked')
    if (held.some((token) => token.name.toLowerCase() === body.name.toLowerCase())) {
      return HttpResponse.json(
        { message: apiTokenNameTakenMessage(body.name), field: 'name' },
        { status: 409 },
      )
    }
    if (held.length >= API_TOKENS_PER_MEMBER) {
      return HttpResponse.json({ message: API_TOKEN_LIMIT_MESSAGE, field: 'name' }, { status: 409 })
    }
    const secret = newSecret()
    world.nextId += 1
    const days = body.expiresInDays ?? null
    const token: ApiToken = {
      tokenId: `tok-${world.nextId}`,
      name: body.name,
      scope: body.scope,
      hint: `${API_TOKEN_PREFIX}…${secret.slice(-4)}`,
      ownerAccountId: id,
      ownerName: vendor.authData.name,
      createdAt: FIXTURE_NOW.toISOString(),
      expiresAt: days === null ? null : new Date(FIXTURE_NOW.getTime() + days * DAY_MS).toISOString(),
      lastUsedAt: null,
      revokedAt: null,
      state: 'active',
    }
    world.apiTokens.unshift(token)
    log(vendor, 'token.created', subject(token, true))
    return HttpResponse.json({ message: apiTokenCreatedMessage(body.name), secret, token: { ...token } })
  }),

  vendorEndpoint('revokeApiToken', ({ body, vendor }) => {
    const token = world.apiTokens.find((item) => item.tokenId === body.tokenId)
    if (!token || !visibleTo(vendor)(token)) {
      return HttpResponse.json({ message: API_TOKEN_NOT_FOUND_MESSAGE, field: 'tokenId' }, { status: 404 })
    }
    if (token.state !== 'revoked') {
      token.state = 'revoked'
      token.revokedAt = FIXTURE_NOW.toISOString()
      log(vendor, 'token.revoked', subject(token, token.ownerAccountId === vendor.authData.vendorUserId))
    }
    return HttpResponse.json({ message: apiTokenRevokedMessage(token.name), token: { ...token } })
  }),
]

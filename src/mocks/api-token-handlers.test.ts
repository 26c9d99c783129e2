import { describe, expect, it } from 'vitest'
import {
  API_TOKEN_NAME_MESSAGE,
  API_TOKEN_NOT_FOUND_MESSAGE,
  API_TOKEN_PATTERN,
  apiTokenCreatedMessage,
  apiTokenNameTakenMessage,
  apiTokenRevokedMessage,
} from '@/contract/api-tokens'
import { endpoints } from '@/contract/endpoints'
import { ROLE_REFUSALS } from '@/contract/roles'
import { nokiaMember } from '@/mocks/fixtures/roles'
import { world } from '@/mocks/fixtures/world'
import { startFixtureServer } from '@/test/fixture-server'

/* The token calls in the fixture world keep the server's rules and messages. */

startFixtureServer()
const MAIN = 'http://localhost'

async function call(path: string, body?: unknown) {
  const response = await fetch(`${MAIN}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return { status: response.status, json: (await response.json()) as Record<string, unknown> }
}

const list = async (vendorUserId = 'v-nokia') =>
  (await call(`${endpoints.listApiTokens.path}?vendorUserId=${vendorUserId}`)).json.tokens as Array<{
    tokenId: string
    name: string
    state: string
  }>

function asRole(role: 'Owner' | 'Engineer' | 'Viewer') {
  const priya = world.vendors.find((vendor) => vendor.authData.vendorUserId === 'v-nokia')
  if (priya) priya.authData = { ...priya.authData, ...nokiaMember(role) }
}

describe('the API token handlers', () => {
  it('list every member’s tokens for an Owner and only their own for an Engineer', async () => {
    asRole('Owner')
    expect((await list()).map((token) => token.tokenId)).toContain('tok-ravi-bench')
    asRole('Engineer')
    expect((await list()).map((token) => token.tokenId)).not.toContain('tok-ravi-bench')
  })

  it('create a token once with its secret, and refuse a bad or taken name and a Viewer', async () => {
    asRole('Owner')
    const created = await call(endpoints.createApiToken.path, {
      vendorUserId: 'v-nokia',
      name: 'Staging deploys',
      scope: 'read-write',
      expiresInDays: 30,
    })
    expect(created.status).toBe(200)
    expect(created.json.message).toBe(apiTokenCreatedMessage('Staging deploys'))
    expect(String(created.json.secret)).toMatch(API_TOKEN_PATTERN)
    expect(JSON.stringify(await list())).not.toContain(String(created.json.secret).slice(4))
    const short = await call(endpoints.createApiToken.path, {
      vendorUserId: 'v-nokia',
      name: 'CI',
      scope: 'read',
    })
    expect(short).toEqual({ status: 400, json: { message: API_TOKEN_NAME_MESSAGE, field: 'name' } })
    const scope = await call(endpoints.createApiToken.path, {
      vendorUserId: 'v-nokia',
      name: 'Deploys',
      scope: 'admin',
    })
    expect(scope).toEqual({
      status: 400,
      json: { message: "Scope must be 'read' or 'read-write'.", field: 'scope' },
    })
    const taken = await call(endpoints.createApiToken.path, {
      vendorUserId: 'v-nokia',
      name: 'staging DEPLOYS',
      scope: 'read',
    })
    expect(taken).toEqual({
      status: 409,
      json: { message: apiTokenNameTakenMessage('staging DEPLOYS'), field: 'name' },
    })
    asRole('Viewer')
    const viewer = await call(endpoints.createApiToken.path, {
      vendorUserId: 'v-nokia',
      name: 'Viewer',
      scope: 'read',
    })
    expect(viewer).toEqual({ status: 403, json: { message: ROLE_REFUSALS.tokens } })
  })

  it('revoke a token the caller may reach, and answer another’s as unknown', async () => {
    asRole('Engineer')
    const notHers = await call(endpoints.revokeApiToken.path, {
      vendorUserId: 'v-nokia',
      tokenId: 'tok-ravi-bench',
    })
    expect(notHers).toEqual({ status: 404, json: { message: API_TOKEN_NOT_FOUND_MESSAGE, field: 'tokenId' } })
    const revoked = await call(endpoints.revokeApiToken.path, {
      vendorUserId: 'v-nokia',
      tokenId: 'tok-grafana',
    })
    expect(revoked.status).toBe(200)
    expect(revoked.json.message).toBe(apiTokenRevokedMessage('Grafana status exporter'))
    expect((await list()).find((token) => token.tokenId === 'tok-grafana')?.state).toBe('revoked')
  })
})

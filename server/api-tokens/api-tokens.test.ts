import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  API_TOKEN_EXPIRED_MESSAGE,
  API_TOKEN_LIMIT_MESSAGE,
  API_TOKEN_MEMBER_GONE_MESSAGE,
  API_TOKEN_NOT_FOUND_MESSAGE,
  API_TOKEN_PATTERN,
  API_TOKEN_RATE_LIMITED_MESSAGE,
  API_TOKEN_READ_ONLY_MESSAGE,
  API_TOKEN_REVOKED_MESSAGE,
  API_TOKEN_SESSION_ONLY_MESSAGE,
  API_TOKEN_UNKNOWN_MESSAGE,
  API_TOKENS_PER_MEMBER,
  type ApiToken,
  type ApiTokenScope,
  type ApiTokensAnswer,
  apiTokenCreatedMessage,
  apiTokenNameTakenMessage,
  apiTokenRevokedMessage,
  AUTHORIZATION_MALFORMED_MESSAGE,
  type CreateApiTokenAnswer,
} from '@/contract/api-tokens'
import { endpoints } from '@/contract/endpoints'
import { EVENTS_PATH } from '@/contract/events'
import { VENDOR_ONLY_MESSAGE } from '@/contract/lab'
import { ROLE_REFUSALS, type Role } from '@/contract/roles'
import {
  MISSING_TOKEN_MESSAGE,
  PORTFOLIO_SUBMITTED_MESSAGE,
  RECORD_NOT_FOUND_MESSAGE,
  RUN_STARTED_MESSAGE,
} from '@/contract/server-messages'
import type { ActivityAnswer } from '@/contract/team'
import {
  type Browser,
  createStaffMember,
  createVendor,
  submitPayloadFor,
  startTestPortal,
  type TestPortal,
  type TestVendor,
} from '../test/portal.ts'

/*
 * docs/decisions/0026: personal API tokens over real HTTP — creating, listing
 * and revoking them with a session, and calls of both services made with `Authorization: Bearer`
 * alone (no cookie, no Token header), as a vendor's pipeline makes them. Every refusal says why
 * and changes nothing.
 */

let test: TestPortal
let owner: TestVendor
let other: TestVendor

beforeAll(async () => {
  test = await startTestPortal()
  owner = await createVendor(test, 'olga.owner@example.com', 'Olga')
  other = await createVendor(test, 'otto.other@example.com', 'Otto')
}, 60_000)

afterAll(async () => {
  await test?.close()
})

const db = () => test.database.db

type Answer<T = Record<string, unknown>> = { status: number; body: T & { message?: string; field?: string } }

async function create(
  browser: Browser,
  name: string,
  scope: ApiTokenScope | string = 'read-write',
  expiresInDays: number | null = null,
): Promise<Answer<CreateApiTokenAnswer>> {
  const response = await browser.post(endpoints.createApiToken.path, {
    vendorUserId: browser.vendorUserId,
    name,
    scope,
    expiresInDays,
  })
  return { status: response.status, body: (await response.json()) as CreateApiTokenAnswer }
}

async function token(browser: Browser, name: string, scope: ApiTokenScope = 'read-write') {
  const answer = await create(browser, name, scope)
  expect(answer.status).toBe(200)
  return answer.body.secret
}

async function list(browser: Browser): Promise<ApiToken[]> {
  const response = await browser.call(
    `${endpoints.listApiTokens.path}?vendorUserId=${browser.vendorUserId}`,
    {
      method: 'GET',
    },
  )
  expect(response.status).toBe(200)
  return ((await response.json()) as ApiTokensAnswer).tokens
}

async function revoke(browser: Browser, tokenId: string): Promise<Answer> {
  const response = await browser.post(endpoints.revokeApiToken.path, {
    vendorUserId: browser.vendorUserId,
    tokenId,
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

/** A pipeline's call: the bearer token and JSON, nothing else (no cookie, no Token header). */
async function bearer(
  service: 'main' | 'cert',
  secret: string,
  path: string,
  { method = 'POST', body }: { method?: 'GET' | 'POST'; body?: unknown } = {},
  authorization = `Bearer ${secret}`,
) {
  const base = service === 'main' ? test.portal.mainUrl : test.portal.certUrl
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { Authorization: authorization, 'Content-Type': 'application/json' },
    ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
  })
  const text = await response.text()
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : {}) as Record<string, unknown> & { message?: string },
    headers: response.headers,
  }
}

const listRecords = (secret: string, vendorUserId: string) =>
  bearer('main', secret, endpoints.listRecords.path, { body: { vendorUserId } })

const recordCount = async (organizationId: string) =>
  (
    await db()
      .selectFrom('device_records')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organization_id', '=', organizationId)
      .executeTakeFirstOrThrow()
  ).n

const tokenCount = async () =>
  (
    await db()
      .selectFrom('api_tokens')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n

/** A colleague in the owner's organization with `role`, logged in and acting for it. */
async function colleague(email: string, firstName: string, role: Role) {
  const vendor = await createVendor(test, email, firstName)
  await db()
    .insertInto('memberships')
    .values({ organization_id: owner.organizationId, account_id: vendor.id, role })
    .execute()
  const switched = await vendor.browser.post(endpoints.switchOrganization.path, {
    organizationId: owner.organizationId,
  })
  expect(switched.status).toBe(200)
  return vendor
}

async function submitWith(secret: string, vendorUserId: string, serial: string) {
  return bearer('main', secret, endpoints.submitPortfolio.path, {
    body: submitPayloadFor(vendorUserId, { deviceNumberList: [serial, `${serial}B`] }),
  })
}

async function newestRecordId(organizationId: string) {
  const row = await db()
    .selectFrom('device_records')
    .select('portfolio_manager_id')
    .where('organization_id', '=', organizationId)
    .orderBy('creation_time', 'desc')
    .executeTakeFirstOrThrow()
  return row.portfolio_manager_id
}

describe('creating, listing and revoking tokens', () => {
  it('shows the secret once, stores only its SHA-256, lists it and logs it', async () => {
    const created = await create(owner.browser, 'CI pipeline', 'read-write', 30)
    expect(created.status).toBe(200)
    const { secret, message, token: summary } = created.body
    expect(message).toBe(apiTokenCreatedMessage('CI pipeline'))
    expect(secret).toMatch(API_TOKEN_PATTERN)
    expect(summary).toMatchObject({
      name: 'CI pipeline',
      scope: 'read-write',
      state: 'active',
      ownerAccountId: owner.id,
      ownerName: 'Olga Tester',
      hint: `dcp_…${secret.slice(-4)}`,
      lastUsedAt: null,
      revokedAt: null,
    })
    const days = (Date.parse(summary.expiresAt ?? '') - Date.parse(summary.createdAt)) / 86_400_000
    expect(days).toBe(30)
    const row = await db()
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', summary.tokenId)
      .executeTakeFirstOrThrow()
    expect(row.token_hash).toBe(createHash('sha256').update(secret).digest('hex'))
    expect(JSON.stringify(row)).not.toContain(secret.slice(4))
    const listed = await list(owner.browser)
    expect(listed.find((item) => item.tokenId === summary.tokenId)).toEqual(summary)
    expect(JSON.stringify(listed)).not.toContain(secret.slice(4))
    const log = await owner.browser.call(`${endpoints.activityLog.path}?vendorUserId=${owner.id}`, {
      method: 'GET',
    })
    const entries = ((await log.json()) as ActivityAnswer).entries
    expect(entries[0]).toMatchObject({
      action: 'token.created',
      actorName: 'Olga Tester',
      subject: '“CI pipeline” (Read and write)',
    })
    // Nothing in the mailbox or the log lines holds the secret.
    expect(test.logged.join('\n')).not.toContain(secret)
  })

  it('refuses bad input with the field and its rule, and changes nothing', async () => {
    const before = await tokenCount()
    const cases: Array<[string, unknown, unknown, string, string]> = [
      ['ab', 'read', null, 'Token name must be between 3 and 50 characters.', 'name'],
      ['x'.repeat(51), 'read', null, 'Token name must be between 3 and 50 characters.', 'name'],
      [
        'Bad\u0007name',
        'read',
        null,
        'Token name must not contain control characters or invisible formatting characters.',
        'name',
      ],
      ['Deploys', 'admin', null, "Scope must be 'read' or 'read-write'.", 'scope'],
      [
        'Deploys',
        'read',
        0,
        'Expiry must be a whole number of days from 1 to 366, or null for no expiry.',
        'expiresInDays',
      ],
      [
        'Deploys',
        'read',
        1.5,
        'Expiry must be a whole number of days from 1 to 366, or null for no expiry.',
        'expiresInDays',
      ],
      ['Deploys', 'read', '30', 'Expiry must be a number.', 'expiresInDays'],
    ]
    for (const [name, scope, expiresInDays, message, field] of cases) {
      const response = await owner.browser.post(endpoints.createApiToken.path, {
        vendorUserId: owner.id,
        name,
        scope,
        expiresInDays,
      })
      expect([name, response.status, await response.json()]).toEqual([name, 400, { message, field }])
    }
    expect(await tokenCount()).toBe(before)
  })

  it('refuses a second token of the same name (any case) while the first is not revoked', async () => {
    const first = await create(owner.browser, 'Nightly build', 'read')
    const again = await create(owner.browser, '  nightly BUILD ', 'read')
    expect([again.status, again.body]).toEqual([
      409,
      { message: apiTokenNameTakenMessage('nightly BUILD'), field: 'name' },
    ])
    expect((await revoke(owner.browser, first.body.token.tokenId)).status).toBe(200)
    expect((await create(owner.browser, 'Nightly build', 'read')).status).toBe(200)
  })

  it(`holds at most ${API_TOKENS_PER_MEMBER} tokens not revoked per member`, async () => {
    const vendor = await createVendor(test, 'many.tokens@example.com', 'Manny')
    for (let index = 0; index < API_TOKENS_PER_MEMBER; index += 1)
      await token(vendor.browser, `Token ${index}`)
    const over = await create(vendor.browser, 'One too many')
    expect([over.status, over.body]).toEqual([409, { message: API_TOKEN_LIMIT_MESSAGE, field: 'name' }])
  })

  it('refuses a Viewer with the role’s words, lab staff as not a vendor, and a token itself', async () => {
    const viewer = await colleague('vera.viewer@example.com', 'Vera', 'Viewer')
    const before = await tokenCount()
    const refused = await create(viewer.browser, 'Viewer token', 'read')
    expect([refused.status, refused.body]).toEqual([403, { message: ROLE_REFUSALS.tokens }])
    expect(await list(viewer.browser)).toEqual([])
    const staff = await createStaffMember(test, 'lena.lab@example.com', 'Lena Lab')
    const lab = await staff.browser.post(endpoints.createApiToken.path, {
      vendorUserId: staff.staffId,
      name: 'Lab token',
      scope: 'read',
    })
    expect([lab.status, await lab.json()]).toEqual([403, { message: VENDOR_ONLY_MESSAGE }])
    const secret = await token(owner.browser, 'Cannot make tokens')
    for (const [path, method] of [
      [endpoints.createApiToken.path, 'POST'],
      [`${endpoints.listApiTokens.path}?vendorUserId=${owner.id}`, 'GET'],
      [endpoints.revokeApiToken.path, 'POST'],
      [endpoints.logout.path, 'POST'],
      [endpoints.leaveOrganization.path, 'POST'],
      [EVENTS_PATH, 'GET'],
    ] as const) {
      const answer = await bearer('main', secret, path, {
        method,
        body: { vendorUserId: owner.id, name: 'Successor', scope: 'read-write', tokenId: 'x' },
      })
      expect([path, answer.status, answer.body]).toEqual([
        path,
        403,
        { message: API_TOKEN_SESSION_ONLY_MESSAGE },
      ])
    }
    expect(await tokenCount()).toBe(before + 1)
  })

  it('lets a member see and revoke only their own, and an Owner every member’s', async () => {
    const erin = await colleague('erin.engineer@example.com', 'Erin', 'Engineer')
    const erins = (await create(erin.browser, 'Erin’s lab bench', 'read')).body.token
    const olgas = (await create(owner.browser, 'Owner deploys', 'read')).body.token
    const erinSees = await list(erin.browser)
    expect(erinSees.map((item) => item.tokenId)).toEqual([erins.tokenId])
    expect((await list(owner.browser)).map((item) => item.tokenId)).toContain(erins.tokenId)
    const notHers = await revoke(erin.browser, olgas.tokenId)
    expect([notHers.status, notHers.body]).toEqual([
      404,
      { message: API_TOKEN_NOT_FOUND_MESSAGE, field: 'tokenId' },
    ])
    const otherOrg = await revoke(other.browser, erins.tokenId)
    expect(otherOrg.status).toBe(404)
    const revoked = await revoke(owner.browser, erins.tokenId)
    expect(revoked.status).toBe(200)
    expect(revoked.body.message).toBe(apiTokenRevokedMessage('Erin’s lab bench'))
    expect(revoked.body.token).toMatchObject({ state: 'revoked', tokenId: erins.tokenId })
    // Again: the same answer, and no second entry in the log.
    const again = await revoke(owner.browser, erins.tokenId)
    expect([again.status, again.body.message]).toEqual([200, apiTokenRevokedMessage('Erin’s lab bench')])
    const entries = await db()
      .selectFrom('activity_log')
      .select(['action', 'subject', 'actor_name'])
      .where('organization_id', '=', owner.organizationId)
      .where('action', '=', 'token.revoked')
      .where('subject', 'like', '%Erin’s lab bench%')
      .execute()
    expect(entries).toEqual([
      {
        action: 'token.revoked',
        subject: '“Erin’s lab bench” (Read) of Erin Tester',
        actor_name: 'Olga Tester',
      },
    ])
    // Revoked tokens stay listed, as revoked.
    expect((await list(erin.browser))[0]?.state).toBe('revoked')
  })
})

describe('calls with Authorization: Bearer', () => {
  it('reads and writes on the main service as the token’s member, with no cookie and no Token header', async () => {
    const readSecret = await token(owner.browser, 'Reader', 'read')
    const writeSecret = await token(owner.browser, 'Writer', 'read-write')
    const before = await recordCount(owner.organizationId)
    const read = await listRecords(readSecret, owner.id)
    expect(read.status).toBe(200)
    expect(read.body.portfolioManagerSubmittedDetailsList).toHaveLength(before)
    const refused = await submitWith(readSecret, owner.id, 'SNREAD0001')
    expect([refused.status, refused.body]).toEqual([403, { message: API_TOKEN_READ_ONLY_MESSAGE }])
    expect(await recordCount(owner.organizationId)).toBe(before)
    const submitted = await submitWith(writeSecret, owner.id, 'SNWRITE0001')
    expect([submitted.status, submitted.body.message]).toEqual([200, PORTFOLIO_SUBMITTED_MESSAGE])
    expect(await recordCount(owner.organizationId)).toBe(before + 1)
    // A vendorUserId that is not the token's member is refused as with a session.
    const someoneElse = await listRecords(readSecret, other.id)
    expect(someoneElse.status).toBe(403)
  })

  it('starts a run on the certification service with a read-write token; a read token only reads', async () => {
    const readSecret = await token(owner.browser, 'Cert reader', 'read')
    const writeSecret = await token(owner.browser, 'Cert writer', 'read-write')
    expect((await submitWith(writeSecret, owner.id, 'SNCERT0001')).status).toBe(200)
    const id = await newestRecordId(owner.organizationId)
    const body = { vendor_user_id: owner.id, portfolio_manager_id: id }
    const refused = await bearer('cert', readSecret, endpoints.runTests.path, { body })
    expect([refused.status, refused.body]).toEqual([403, { message: API_TOKEN_READ_ONLY_MESSAGE }])
    const started = await bearer('cert', writeSecret, endpoints.runTests.path, { body })
    expect([started.status, started.body.message]).toEqual([200, RUN_STARTED_MESSAGE])
    await test.portal.executor.settled(String(started.body.runId))
    const runs = await bearer(
      'cert',
      readSecret,
      `${endpoints.listRuns.path}?vendor_user_id=${owner.id}&portfolio_manager_id=${id}`,
      { method: 'GET' },
    )
    expect(runs.status).toBe(200)
    expect((runs.body.runs as Array<{ runId: string }>)[0]?.runId).toBe(started.body.runId)
    const results = await bearer('cert', readSecret, `/runs/${String(started.body.runId)}/results.json`, {
      method: 'GET',
    })
    expect(results.status).toBe(200)
  })

  it('never reaches another organization’s data', async () => {
    const otherSecret = await token(other.browser, 'Other pipeline', 'read-write')
    expect((await submitWith(await token(owner.browser, 'Mine'), owner.id, 'SNMINE0001')).status).toBe(200)
    const id = await newestRecordId(owner.organizationId)
    const get = await bearer('main', otherSecret, endpoints.getRecord.path, {
      body: { vendorUserId: other.id, portfolioManagerId: id },
    })
    expect([get.status, get.body]).toEqual([404, { message: RECORD_NOT_FOUND_MESSAGE }])
    const run = await bearer('cert', otherSecret, endpoints.runTests.path, {
      body: { vendor_user_id: other.id, portfolio_manager_id: id },
    })
    expect([run.status, run.body]).toEqual([404, { message: RECORD_NOT_FOUND_MESSAGE }])
    const runs = await bearer(
      'cert',
      otherSecret,
      `${endpoints.listRuns.path}?vendor_user_id=${other.id}&portfolio_manager_id=${id}`,
      { method: 'GET' },
    )
    expect(runs.status).toBe(404)
    const own = await listRecords(otherSecret, other.id)
    const ids = (own.body.portfolioManagerSubmittedDetailsList as Array<{ portfolioManagerId: string }>).map(
      (row) => row.portfolioManagerId,
    )
    expect(ids).not.toContain(id)
  })

  it('refuses revoked, expired, unknown and malformed tokens on both services with 401', async () => {
    const revokedAnswer = await create(owner.browser, 'Soon revoked', 'read')
    await revoke(owner.browser, revokedAnswer.body.token.tokenId)
    const expiredAnswer = await create(owner.browser, 'Soon expired', 'read', 1)
    await db()
      .updateTable('api_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expiredAnswer.body.token.tokenId)
      .execute()
    const unknown = `dcp_${'A'.repeat(43)}`
    const cases: Array<[string, string]> = [
      [`Bearer ${revokedAnswer.body.secret}`, API_TOKEN_REVOKED_MESSAGE],
      [`Bearer ${expiredAnswer.body.secret}`, API_TOKEN_EXPIRED_MESSAGE],
      [`Bearer ${unknown}`, API_TOKEN_UNKNOWN_MESSAGE],
      ['Bearer dcp_short', API_TOKEN_UNKNOWN_MESSAGE],
      ['Basic b2xnYTpzZWNyZXQ=', AUTHORIZATION_MALFORMED_MESSAGE],
      ['Bearer', AUTHORIZATION_MALFORMED_MESSAGE],
      [`Bearer ${unknown} extra`, AUTHORIZATION_MALFORMED_MESSAGE],
      ['', AUTHORIZATION_MALFORMED_MESSAGE],
    ]
    for (const [authorization, message] of cases) {
      const main = await bearer(
        'main',
        '',
        endpoints.listRecords.path,
        { body: { vendorUserId: owner.id } },
        authorization,
      )
      expect([authorization, main.status, main.body]).toEqual([authorization, 401, { message }])
      expect(main.headers.get('WWW-Authenticate')).toMatch(/^Bearer /)
      const cert = await bearer(
        'cert',
        '',
        `${endpoints.listRuns.path}?vendor_user_id=${owner.id}&portfolio_manager_id=x`,
        { method: 'GET' },
        authorization,
      )
      expect([authorization, cert.status, cert.body]).toEqual([authorization, 401, { message }])
    }
  })

  it('acts with the member’s role now: a demoted member’s token loses rights, a removed member’s stops', async () => {
    const erin = await colleague('erin.two@example.com', 'Erna', 'Engineer')
    const secret = await token(erin.browser, 'Erna’s pipeline', 'read-write')
    expect((await submitWith(secret, erin.id, 'SNERNA0001')).status).toBe(200)
    await db()
      .updateTable('memberships')
      .set({ role: 'Viewer' })
      .where('organization_id', '=', owner.organizationId)
      .where('account_id', '=', erin.id)
      .execute()
    const demoted = await submitWith(secret, erin.id, 'SNERNA0002')
    expect([demoted.status, demoted.body]).toEqual([403, { message: ROLE_REFUSALS.portfolio }])
    expect((await listRecords(secret, erin.id)).status).toBe(200)
    const removed = await owner.browser.post(endpoints.removeMember.path, {
      vendorUserId: owner.id,
      accountId: erin.id,
    })
    expect(removed.status).toBe(200)
    const gone = await listRecords(secret, erin.id)
    expect([gone.status, gone.body]).toEqual([401, { message: API_TOKEN_MEMBER_GONE_MESSAGE }])
    // Invited again later: the old token does not come back to life.
    await db()
      .insertInto('memberships')
      .values({ organization_id: owner.organizationId, account_id: erin.id, role: 'Engineer' })
      .execute()
    const back = await listRecords(secret, erin.id)
    expect([back.status, back.body]).toEqual([401, { message: API_TOKEN_MEMBER_GONE_MESSAGE }])
  })

  it('keeps the CSRF rule for cookie calls, and a bad bearer is not saved by a good cookie', async () => {
    const before = await recordCount(owner.organizationId)
    const noToken = await owner.browser.call(endpoints.submitPortfolio.path, {
      body: submitPayloadFor(owner.id, { deviceNumberList: ['SNCSRF0001'] }),
      token: false,
    })
    expect([noToken.status, await noToken.json()]).toEqual([403, { message: MISSING_TOKEN_MESSAGE }])
    const badBearer = await owner.browser.call(endpoints.listRecords.path, {
      body: { vendorUserId: owner.id },
      headers: { Authorization: 'Bearer nonsense' },
    })
    expect([badBearer.status, await badBearer.json()]).toEqual([401, { message: API_TOKEN_UNKNOWN_MESSAGE }])
    expect(await recordCount(owner.organizationId)).toBe(before)
  })

  it('writes the last use at most once a minute', async () => {
    const created = await create(owner.browser, 'Last use', 'read')
    const lastUsed = async () =>
      (
        await db()
          .selectFrom('api_tokens')
          .select('last_used_at')
          .where('id', '=', created.body.token.tokenId)
          .executeTakeFirstOrThrow()
      ).last_used_at
    expect(await lastUsed()).toBeNull()
    await listRecords(created.body.secret, owner.id)
    const first = await lastUsed()
    expect(first).toBeInstanceOf(Date)
    await listRecords(created.body.secret, owner.id)
    expect((await lastUsed())?.getTime()).toBe(first?.getTime())
    const earlier = new Date(Date.now() - 61_000)
    await db()
      .updateTable('api_tokens')
      .set({ last_used_at: earlier })
      .where('id', '=', created.body.token.tokenId)
      .execute()
    await listRecords(created.body.secret, owner.id)
    expect((await lastUsed())?.getTime()).toBeGreaterThan(earlier.getTime() + 60_000)
    const listed = (await list(owner.browser)).find((item) => item.tokenId === created.body.token.tokenId)
    expect(listed?.lastUsedAt).toBe((await lastUsed())?.toISOString())
  })

  it('limits the calls per token across both services: 429 with Retry-After', async () => {
    const previous = process.env.API_TOKEN_CALLS_PER_MINUTE
    process.env.API_TOKEN_CALLS_PER_MINUTE = '3'
    try {
      const secret = await token(owner.browser, 'Busy pipeline', 'read')
      const spare = await token(owner.browser, 'Quiet pipeline', 'read')
      expect((await listRecords(secret, owner.id)).status).toBe(200)
      expect((await listRecords(secret, owner.id)).status).toBe(200)
      const cert = await bearer(
        'cert',
        secret,
        `${endpoints.listRuns.path}?vendor_user_id=${owner.id}&portfolio_manager_id=x`,
        {
          method: 'GET',
        },
      )
      expect(cert.status).toBe(404)
      const limited = await listRecords(secret, owner.id)
      expect([limited.status, limited.body]).toEqual([429, { message: API_TOKEN_RATE_LIMITED_MESSAGE }])
      const wait = Number(limited.headers.get('Retry-After'))
      expect(wait).toBeGreaterThan(0)
      expect(wait).toBeLessThanOrEqual(60)
      const limitedCert = await bearer('cert', secret, endpoints.runTests.path, { body: {} })
      expect([limitedCert.status, limitedCert.body]).toEqual([
        429,
        { message: API_TOKEN_RATE_LIMITED_MESSAGE },
      ])
      // Another token of the same member is counted apart.
      expect((await listRecords(spare, owner.id)).status).toBe(200)
      // A second portal process over the same database counts the same calls (rate_limits).
      const second = await startTestPortal({ database: test.database })
      try {
        const elsewhere = await fetch(`${second.portal.mainUrl}${endpoints.listRecords.path}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ vendorUserId: owner.id }),
        })
        expect([elsewhere.status, await elsewhere.json()]).toEqual([
          429,
          { message: API_TOKEN_RATE_LIMITED_MESSAGE },
        ])
      } finally {
        await second.stop()
      }
    } finally {
      if (previous === undefined) delete process.env.API_TOKEN_CALLS_PER_MINUTE
      else process.env.API_TOKEN_CALLS_PER_MINUTE = previous
    }
  })
})

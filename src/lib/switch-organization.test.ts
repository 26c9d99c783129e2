// @vitest-environment jsdom
// @vitest-environment-options {"url": "http://localhost:3000/"}
import type { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createQueryClient } from '@/lib/query-client'
import { type OrganizationId, organizationKeys, queryKeys } from '@/lib/query-keys'
import { clearSession, readAuthData, writeAuthData } from '@/lib/storage'
import { cacheFor, switchOrganization } from '@/lib/switch-organization'
import { NOKIA_ORGANIZATION, nokiaMemberOfTwo, OTHER_ORGANIZATION } from '@/mocks/fixtures/roles'
import { world } from '@/mocks/fixtures/world'
import { startFixtureServer } from '@/test/fixture-server'

startFixtureServer()

/*
 * docs/decisions/0023 (point 7): Nokia's fixture vendor is a member of two organizations, A and B.
 * Her tab holds every read organization A owns; she switches to B through the profile popup's call
 * (POST /api/organization/switch, the fixture server's answer) and the vendor layout's cacheFor.
 */
const A = NOKIA_ORGANIZATION.organizationId
const B = OTHER_ORGANIZATION.organizationId
const VENDOR = 'v-nokia'

type Answer = { answeredFor: OrganizationId; read: string }

/**
 * Every read an organization owns, one per builder of `organizationKeys` (a key added there is
 * covered here without a change), with stand-in arguments (a builder ignores those it does not take).
 */
function everyRead(organizationId: OrganizationId) {
  return Object.entries(organizationKeys(organizationId)).map(([read, make]) => ({
    read,
    key: (make as (...args: string[]) => readonly unknown[])(VENDOR, 'x'),
  }))
}

/** The answer a read gets from the cache, or from the server (`organizationId`'s) when none is kept. */
function readFor(client: QueryClient, organizationId: OrganizationId) {
  return Promise.all(
    everyRead(organizationId).map(({ read, key }) =>
      client.fetchQuery<Answer>({
        queryKey: key,
        queryFn: () => ({ answeredFor: organizationId, read }),
        staleTime: Infinity,
      }),
    ),
  )
}

/** A tab acting for A, its cache holding every one of A's reads and the person's own. */
function tabOfA() {
  const client = createQueryClient({ retry: false })
  cacheFor(client, A)
  for (const { read, key } of everyRead(A)) client.setQueryData<Answer>(key, { answeredFor: A, read })
  client.setQueryData(queryKeys.portfolio(VENDOR), { draft: true })
  client.setQueryData(queryKeys.address('IN'), { countryDetailsList: [] })
  return client
}

const servedFromA = (answers: Answer[]) =>
  answers.filter((answer) => answer.answeredFor !== B).map((answer) => answer.read)

beforeEach(() => {
  const nokia = world.vendors.find((vendor) => vendor.authData.vendorUserId === VENDOR)
  if (nokia) writeAuthData({ ...nokia.authData, ...nokiaMemberOfTwo('Owner') })
})
afterEach(() => clearSession())

describe('switching organization with every organization read cached', () => {
  it('serves none of A’s answers to B’s reads', async () => {
    const client = tabOfA()
    expect(servedFromA(await readFor(client, A))).toHaveLength(everyRead(A).length)
    const authData = await switchOrganization(B, client)
    expect([authData.organizationId, readAuthData()?.organizationId]).toEqual([B, B])
    cacheFor(client, readAuthData()?.organizationId)
    expect(servedFromA(await readFor(client, B))).toEqual([])
  })

  it('keeps none of A’s answers, and keeps the person’s draft and the address data', async () => {
    const client = tabOfA()
    await switchOrganization(B, client)
    expect(client.getQueryCache().findAll({ queryKey: queryKeys.everyOrganization() })).toEqual([])
    expect(client.getQueryData(queryKeys.portfolio(VENDOR))).toEqual({ draft: true })
    expect(client.getQueryData(queryKeys.address('IN'))).toEqual({ countryDetailsList: [] })
  })

  it('answers none of B’s reads from A’s cache even before anything is dropped (another tab’s switch)', async () => {
    // Another tab switched: this one reads the new login through the storage event, and its
    // screens may read before the vendor layout renders again and drops A's reads.
    const client = tabOfA()
    expect(servedFromA(await readFor(client, B))).toEqual([])
  })
})

/** A client holding an organization read (records) and a person's read (the draft). */
function filledClient() {
  const client = createQueryClient({ retry: false })
  client.setQueryData(organizationKeys('org-1').records('v-1'), ['the records'])
  client.setQueryData(queryKeys.portfolio('v-1'), { draft: true })
  return client
}

const held = (client: QueryClient) => ({
  records: client.getQueryData(organizationKeys('org-1').records('v-1')) !== undefined,
  draft: client.getQueryData(queryKeys.portfolio('v-1')) !== undefined,
})

describe('cacheFor (the cached reads are the organization’s the session acts for)', () => {
  it('keeps everything while the organization stays the same', () => {
    const client = filledClient()
    cacheFor(client, 'org-1')
    cacheFor(client, 'org-1')
    expect(held(client)).toEqual({ records: true, draft: true })
  })

  it('drops the organization’s reads, not the person’s, when it changes (a switch here or in another tab)', () => {
    const client = filledClient()
    cacheFor(client, 'org-1')
    cacheFor(client, 'org-2')
    expect(held(client)).toEqual({ records: false, draft: true })
  })

  it('counts each query client on its own', () => {
    const first = filledClient()
    const second = filledClient()
    cacheFor(first, 'org-1')
    cacheFor(second, 'org-2')
    expect([held(first), held(second)]).toEqual([
      { records: true, draft: true },
      { records: true, draft: true },
    ])
  })
})

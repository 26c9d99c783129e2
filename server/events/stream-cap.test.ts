import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '@/contract/endpoints'
import { MAX_STREAMS_PER_ACCOUNT, TOO_MANY_STREAMS_MESSAGE } from '@/contract/server-messages'
import {
  createVendor,
  eventually,
  newBrowser,
  startTestPortal,
  type Browser,
  type TestPortal,
  type TestVendor,
} from '../test/portal.ts'
import { SseClient } from '../test/sse.ts'

/*
 * The live streams' cap (MAX_STREAMS_PER_ACCOUNT, docs/decisions/0020) counts a
 * member's streams in every organization together — a member of two organizations does not get
 * twice as many — and only that member's.
 */

let test: TestPortal
let owner: TestVendor
let member: TestVendor
/** The member's second session, acting for the owner's organization. */
let memberInOwners: Browser

beforeAll(async () => {
  test = await startTestPortal()
  owner = await createVendor(test, 'olga.cap@example.com', 'Olga')
  member = await createVendor(test, 'mira.cap@example.com', 'Mira')
  await test.database.db
    .insertInto('memberships')
    .values({ organization_id: owner.organizationId, account_id: member.id, role: 'Engineer' })
    .execute()
  memberInOwners = await newBrowser(test.portal)
  await memberInOwners.login(member.email)
  const switched = await memberInOwners.post(endpoints.switchOrganization.path, {
    organizationId: owner.organizationId,
  })
  expect(switched.status).toBe(200)
}, 60_000)

const streams: SseClient[] = []

afterAll(async () => {
  for (const stream of streams) stream.close()
  await test?.close()
})

async function open(browser: Browser) {
  const stream = await SseClient.of(browser, test.portal.mainUrl)
  streams.push(stream)
  return stream
}

describe('the live streams’ cap', () => {
  it('counts one account’s streams in all its organizations together, and no one else’s', async () => {
    // Its own organization's stream: MAX_STREAMS_PER_ACCOUNT, the cap, all open.
    const own = await Promise.all(Array.from({ length: MAX_STREAMS_PER_ACCOUNT }, () => open(member.browser)))
    expect(own.map((stream) => stream.response.status)).toEqual(own.map(() => 200))
    await Promise.all(own.map((stream) => stream.until((s) => s.named('hello').length === 1)))
    expect(test.portal.events.streamCount(member.organizationId)).toBe(MAX_STREAMS_PER_ACCOUNT)

    // One more in the other organization is one too many for the account.
    const refused = await open(memberInOwners)
    expect(refused.response.status).toBe(429)
    expect(await refused.response.json()).toEqual({ message: TOO_MANY_STREAMS_MESSAGE })
    expect(TOO_MANY_STREAMS_MESSAGE).toBe(
      "Too many live-update streams are open for this account (at most 20). Close some of the portal's tabs and reload this one.",
    )
    expect(test.portal.events.streamCount(owner.organizationId)).toBe(0)

    // The organization's other member is not counted with it.
    expect((await open(owner.browser)).response.status).toBe(200)

    // A closed stream frees a place, in either organization.
    own[0]?.close()
    await eventually(
      () => test.portal.events.streamCount(member.organizationId) === MAX_STREAMS_PER_ACCOUNT - 1,
    )
    const freed = await open(memberInOwners)
    expect(freed.response.status).toBe(200)
    expect((await open(member.browser)).response.status).toBe(429)
  }, 60_000)
})

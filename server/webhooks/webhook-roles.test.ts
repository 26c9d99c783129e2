import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type EndpointName, endpoints } from '@/contract/endpoints'
import { VENDOR_ONLY_MESSAGE } from '@/contract/lab'
import { ROLE_REFUSALS, type Role } from '@/contract/roles'
import { NOT_SIGNED_IN_MESSAGE } from '@/contract/server-messages'
import {
  type CreateWebhookAnswer,
  WEBHOOK_DELIVERY_NOT_FOUND_MESSAGE,
  WEBHOOK_ENDPOINT_NOT_FOUND_MESSAGE,
} from '@/contract/webhooks'
import {
  type Browser,
  callEndpoint as call,
  createStaffMember,
  createVendor,
  newBrowser,
  startTestPortal,
  type TestPortal,
  type TestVendor,
} from '../test/portal.ts'

/*
 * docs/decisions/0043: the authorisation matrix of the calls it added or changed — edit, one
 * delivery, Resend and the test event — for nobody signed in, the Owner, another organization's
 * Owner, an Engineer and a Viewer of the organization, and the lab. Each caller either gets what
 * the Owner gets (reads) or the refusal the role or the session earns, and nothing changes.
 */

let test: TestPortal
let owner: TestVendor
let other: TestVendor
let endpointId = ''
let deliveryId = ''

/** An account of its own organization that joins the owner's with `role`, logged in afresh. */
async function member(email: string, firstName: string, role: Role): Promise<Browser> {
  const account = await createVendor(test, email, firstName)
  await test.database.db
    .insertInto('memberships')
    .values({
      organization_id: owner.organizationId,
      account_id: account.id,
      role,
      created_at: new Date(Date.now() + 1000),
    })
    .execute()
  const browser = await newBrowser(test.portal)
  await browser.login(email)
  return browser
}

type Caller = 'anonymous' | 'Owner' | 'other organization' | 'Engineer' | 'Viewer' | 'lab'
const browsers = new Map<Caller, Browser>()

beforeAll(async () => {
  test = await startTestPortal({ webhooks: { development: true, run: false } })
  owner = await createVendor(test, 'owen.matrix@example.com', 'Owen')
  other = await createVendor(test, 'otto.matrix@example.com', 'Otto')
  const created = await call<CreateWebhookAnswer>(owner.browser, 'createWebhook', {
    url: 'http://127.0.0.1:9/matrix',
    events: ['run.finished'],
  })
  endpointId = created.endpoint.endpointId
  await call(owner.browser, 'pingWebhook', { endpointId })
  const row = await test.database.db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('endpoint_id', '=', endpointId)
    .executeTakeFirstOrThrow()
  deliveryId = row.id
  browsers.set('anonymous', await newBrowser(test.portal))
  browsers.set('Owner', owner.browser)
  browsers.set('other organization', other.browser)
  browsers.set('Engineer', await member('erin.matrix@example.com', 'Erin', 'Engineer'))
  browsers.set('Viewer', await member('vera.matrix@example.com', 'Vera', 'Viewer'))
  browsers.set('lab', (await createStaffMember(test, 'lena.matrix@lab.example', 'Lena Lab')).browser)
}, 60_000)

afterAll(async () => {
  await test?.close()
})

const bodies = (): Record<string, object> => ({
  editWebhook: { endpointId, url: 'http://127.0.0.1:9/matrix', events: ['run.finished', 'run.started'] },
  webhookDelivery: { deliveryId },
  redeliverWebhook: { deliveryId },
  pingWebhook: { endpointId },
})
const NAMES = ['editWebhook', 'webhookDelivery', 'redeliverWebhook', 'pingWebhook'] as const

const unknownEndpoint = { message: WEBHOOK_ENDPOINT_NOT_FOUND_MESSAGE, field: 'endpointId' }
const unknownDelivery = { message: WEBHOOK_DELIVERY_NOT_FOUND_MESSAGE, field: 'deliveryId' }
const notFound: Record<(typeof NAMES)[number], object> = {
  editWebhook: unknownEndpoint,
  webhookDelivery: unknownDelivery,
  redeliverWebhook: unknownDelivery,
  pingWebhook: unknownEndpoint,
}

/** What each caller gets: [status, body] (undefined body: the Owner's answer, not compared). */
function expected(name: (typeof NAMES)[number], caller: Caller): [number, object | undefined] {
  const reads = endpoints[name].permission === 'read'
  switch (caller) {
    case 'anonymous':
      return [401, { message: NOT_SIGNED_IN_MESSAGE }]
    case 'lab':
      return [403, { message: VENDOR_ONLY_MESSAGE }]
    case 'other organization':
      return [404, notFound[name]]
    case 'Engineer':
    case 'Viewer':
      return reads ? [200, undefined] : [403, { message: ROLE_REFUSALS.webhooks }]
    case 'Owner':
      return [200, undefined]
  }
}

const CALLERS: Caller[] = ['anonymous', 'lab', 'other organization', 'Engineer', 'Viewer', 'Owner']

describe('the webhook calls of decision 0043, by caller', () => {
  it('names the permission each needs in the endpoint table', () => {
    const permissions = Object.fromEntries(NAMES.map((name) => [name, endpoints[name].permission]))
    expect(permissions).toEqual({
      editWebhook: 'webhooks',
      webhookDelivery: 'read',
      redeliverWebhook: 'webhooks',
      pingWebhook: 'webhooks',
    })
  })

  it.each(CALLERS)(
    'answers %s as its session and role earn, and a refusal changes nothing',
    async (caller) => {
      const browser = browsers.get(caller)!
      const before = await test.database.db.selectFrom('webhook_endpoints').selectAll().execute()
      const deliveries = await test.database.db.selectFrom('webhook_deliveries').select('id').execute()
      for (const name of NAMES as readonly EndpointName[]) {
        const [status, body] = expected(name as (typeof NAMES)[number], caller)
        const answer = await call(browser, name, bodies()[name]!, status)
        if (body) expect([name, answer]).toEqual([name, body])
      }
      if (caller !== 'Owner') {
        expect(await test.database.db.selectFrom('webhook_endpoints').selectAll().execute()).toEqual(before)
        expect(await test.database.db.selectFrom('webhook_deliveries').select('id').execute()).toEqual(
          deliveries,
        )
      }
    },
  )
})

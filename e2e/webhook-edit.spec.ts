import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, type Page, test } from '@playwright/test'
import {
  WEBHOOK_ALL_EVENTS_LABEL,
  WEBHOOK_EDITED_MESSAGE,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_PING_MESSAGE,
  type WebhookBody,
} from '../src/contract/webhooks'
import { uniqueEmail } from './accounts'
import { logIn } from './live'
import { createOwner, type Person, uniqueOrganization } from './team'

/*
 * Issue 35's "Done when": an Owner edits a webhook and inspects a delivery's bodies
 * (docs/decisions/0043). She adds an endpoint, edits its URL (to a second receiver on loopback)
 * and its events (all of them), sends a test event — which reaches the new receiver, not the old —
 * and opens the delivery: the request body the portal sent and the body the receiver answered.
 */

test.skip(
  ({ isMobile }) => isMobile,
  'The webhooks page is the same code on a phone; the phone project walks the public site, the forms and the dashboard.',
)

type Receiver = {
  url: string
  received: Array<{ body: WebhookBody; raw: string }>
  close: () => Promise<void>
}

/** A receiver on 127.0.0.1 that answers each delivery 200 with a JSON acknowledgement naming its id. */
async function receiver(path: string): Promise<Receiver> {
  const received: Receiver['received'] = []
  const server = createServer((request, response) => {
    let raw = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => (raw += chunk))
    request.on('end', () => {
      const body = JSON.parse(raw) as WebhookBody
      received.push({ body, raw })
      response.writeHead(200, { 'Content-Type': 'application/json' })
      response.end(JSON.stringify({ acknowledged: body.id, pipeline: 'release-2214' }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

const endpointItem = (page: Page, url: string) => page.getByRole('listitem', { name: url })

test('an Owner edits a webhook’s URL and events, and inspects a delivery’s request and response', async ({
  page,
}) => {
  const owner: Person = {
    firstName: 'Wendy',
    lastName: 'Hooks',
    emailId: uniqueEmail('webhook-edit'),
    password: 'Webhook#2026edit',
  }
  await createOwner(page.request, owner, uniqueOrganization('Hook Devices'))
  await logIn(page, owner.emailId, owner.password)
  const before = await receiver('/hooks/old')
  const after = await receiver('/hooks/new')
  try {
    await page.goto('/settings/webhooks')
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible()

    // Added for the first receiver, with the events it comes with.
    await page.getByRole('button', { name: 'Add endpoint' }).click()
    const add = page.getByRole('dialog', { name: 'Add endpoint' })
    await add.getByRole('textbox', { name: /URL/ }).fill(before.url)
    await add.getByRole('button', { name: 'Add endpoint' }).click()
    const secret = page.getByRole('dialog', { name: 'Signing secret' })
    await secret.getByRole('button', { name: 'Done' }).click()
    await expect(secret).toBeHidden()
    await expect(endpointItem(page, before.url)).toContainText('run.finished')

    // Edited: the second receiver's URL, every event, a description.
    await endpointItem(page, before.url)
      .getByRole('button', { name: `Edit ${before.url}` })
      .click()
    const edit = page.getByRole('dialog', { name: 'Edit endpoint' })
    await expect(edit.getByRole('textbox', { name: /URL/ })).toHaveValue(before.url)
    await edit.getByRole('textbox', { name: /URL/ }).fill(after.url)
    await edit.getByRole('checkbox', { name: WEBHOOK_ALL_EVENTS_LABEL }).click()
    await edit.getByRole('textbox', { name: 'Description' }).fill('Release pipeline')
    await edit.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByText(WEBHOOK_EDITED_MESSAGE)).toBeVisible()
    await expect(edit).toBeHidden()
    const item = endpointItem(page, after.url)
    await expect(item).toContainText(WEBHOOK_EVENT_TYPES.join(', '))
    await expect(item).toContainText('Release pipeline')
    await expect(endpointItem(page, before.url)).toHaveCount(0)

    // A test event reaches the new receiver, and only it.
    await item.getByRole('button', { name: 'Send test event' }).click()
    await expect(page.getByText(WEBHOOK_PING_MESSAGE)).toBeVisible()
    await expect
      .poll(() => after.received.length, { timeout: 30_000, message: 'the test event at the new URL' })
      .toBe(1)
    expect(before.received).toEqual([])
    const [delivery] = after.received
    if (!delivery) throw new Error('Nothing was received.')

    // Opened from the delivery log: the request body sent and the receiver's answer.
    const table = item.getByRole('table', { name: `Deliveries to ${after.url}, newest first` })
    await expect(table).toBeVisible()
    await table.getByRole('button', { name: /^Details of ping/ }).click()
    const panel = page.getByRole('dialog', { name: 'ping' })
    await expect(panel).toContainText(`Event ${delivery.body.id}`)
    await expect(panel.getByRole('button', { name: /Attempt 1/ })).toContainText(/HTTP 200 in \d+ ms/)
    const sent = panel.getByRole('region', { name: 'Request body of attempt 1' })
    await expect(sent).toContainText(`"id": "${delivery.body.id}"`)
    await expect(sent).toContainText('"type": "ping"')
    const answered = panel.getByRole('region', { name: 'Response body of attempt 1' })
    await expect(answered).toContainText(`"acknowledged": "${delivery.body.id}"`)
    await expect(answered).toContainText('"pipeline": "release-2214"')
    await page.keyboard.press('Escape')
    await expect(panel).toBeHidden()
  } finally {
    await before.close()
    await after.close()
  }
})

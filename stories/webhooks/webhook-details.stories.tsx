import preview from '#.storybook/preview'
import { expect, screen, waitFor, within } from 'storybook/test'
import {
  WEBHOOK_ALL_EVENTS_LABEL,
  WEBHOOK_CATALOGUE_INTRO,
  WEBHOOK_CATALOGUE_TITLE,
  WEBHOOK_DESCRIPTION_HINT,
  WEBHOOK_EDIT_DESCRIPTION,
  WEBHOOK_EDITED_MESSAGE,
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_NO_RESPONSE_MESSAGE,
  WEBHOOK_REDELIVERY_MESSAGE,
  WEBHOOK_RETENTION_NOTE,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_URL_DUPLICATE_MESSAGE,
  WEBHOOK_URL_PRIVATE_MESSAGE,
} from '@/contract/webhooks'
import { world } from '@/mocks/fixtures/world'
import { DeliveryDetail } from '@/features/webhooks/components/delivery-detail'
import { EndpointDialog } from '@/features/webhooks/components/endpoint-dialog'
import { EventCatalogue } from '@/features/webhooks/components/event-catalogue'
import { loggedInAsPriya } from '../support/session'
import { expectToast } from '../support/toasts'

/**
 * Webhooks like Stripe's (docs/decisions/0043) on the webhooks page, logged in as Priya Sharma,
 * Owner of Nokia's organization, over the fixture world (src/mocks/webhook-handlers.ts): editing
 * an endpoint, the "All events" choice, a delivery opened with each attempt's request and response
 * (delivered, refused with an error page, timed out), Resend, and the event catalogue. Each state
 * at desktop width and on a phone.
 */

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `An endpoint edited and its deliveries inspected, an Owner's work on \`/settings/webhooks\`: Edit
changes the URL, events and description, and All events ticks every event type. Each delivery opens
with its request (headers without the signing secret, body) and its response (status, first 4 KB,
time); Resend sends it again; the event catalogue shows an example payload of each event type. Each
at desktop and phone widths.`

const meta = preview.meta({
  title: 'Settings/Webhooks/Edit, deliveries and catalogue',
  subcomponents: { EndpointDialog, DeliveryDetail, EventCatalogue },
  parameters: {
    layout: 'fullscreen',
    router: { app: true, url: '/settings/webhooks' },
    docs: { description: { component: ABOUT } },
  },
  beforeEach: loggedInAsPriya('Owner'),
  render: () => <></>,
})

type Canvas = ReturnType<typeof within>
/** What the plays use of storybook's userEvent. */
type User = {
  click: (element: Element) => Promise<void>
  keyboard: (keys: string) => Promise<void>
  type: (element: Element, text: string) => Promise<void>
  clear: (element: Element) => Promise<void>
}
type Play = (context: { canvas: Canvas; userEvent: User }) => Promise<void>

const CI = 'https://ci.nokia-example.com/hooks/certification'
const STAGING = 'https://staging.nokia-example.com/dcp/events'
const PHONE = { viewport: { value: 'phone', isRotated: false } }

async function pageReady(canvas: Canvas) {
  await canvas.findByRole('heading', { level: 1, name: 'Webhooks' })
  await canvas.findByRole('heading', { level: 2, name: 'Endpoints' })
}

const endpointNamed = (canvas: Canvas, url: string) => within(canvas.getByRole('listitem', { name: url }))

/** Opens the CI endpoint's delivery log; its table. */
async function openLog(canvas: Canvas, userEvent: User) {
  const ci = endpointNamed(canvas, CI)
  await userEvent.click(ci.getByRole('button', { name: 'Delivery log' }))
  return ci.findByRole('table', { name: `Deliveries to ${CI}, newest first` })
}

/** Opens one delivery from its row (by the keyboard: its Details button, then Enter); its panel. */
async function openDelivery(canvas: Canvas, userEvent: User, details: RegExp, type: string) {
  const table = await openLog(canvas, userEvent)
  const button = within(table).getByRole('button', { name: details })
  button.focus()
  await userEvent.keyboard('{Enter}')
  const panel = await screen.findByRole('dialog', { name: type })
  await waitFor(() => expect(within(panel).getByRole('button', { name: 'Resend' })).toBeVisible())
  return { panel: within(panel), button }
}

/** The newest attempt's request and response regions. */
async function newestExchange(panel: Canvas) {
  const [newest] = (await panel.findAllByRole('listitem')) as HTMLElement[]
  if (!newest) throw new Error('No attempt is listed.')
  const part = (slot: string) => {
    const element = newest.querySelector(`[data-slot="${slot}"]`)
    if (!(element instanceof HTMLElement)) throw new Error(`The newest attempt has no ${slot}.`)
    return within(element)
  }
  return { item: within(newest), request: part('attempt-request'), response: part('attempt-response') }
}

const editing: Play = async ({ canvas, userEvent }) => {
  await pageReady(canvas)
  await userEvent.click(endpointNamed(canvas, CI).getByRole('button', { name: `Edit ${CI}` }))
  const dialog = within(await screen.findByRole('dialog', { name: 'Edit endpoint' }))
  await waitFor(() => expect(dialog.getByText(WEBHOOK_EDIT_DESCRIPTION)).toBeVisible())
  // The endpoint as it is: its URL, description and events.
  const url = dialog.getByRole('textbox', { name: /URL/ })
  const description = dialog.getByRole('textbox', { name: 'Description' })
  await expect(url).toHaveValue(CI)
  await expect(description).toHaveValue('Release pipeline: builds the certification report')
  await expect(description).toHaveAccessibleDescription(WEBHOOK_DESCRIPTION_HINT)
  for (const type of WEBHOOK_EVENT_TYPES) {
    const ticked = ['record.submitted', 'run.finished', 'certificate.issued'].includes(type)
    await expect(dialog.getByRole('checkbox', { name: type })).toHaveAttribute('aria-checked', String(ticked))
  }
  // Another endpoint's URL, then a private address: each refusal on the URL, with the focus there.
  await userEvent.clear(url)
  await userEvent.type(url, STAGING)
  await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }))
  await waitFor(() => expect(dialog.getByText(WEBHOOK_URL_DUPLICATE_MESSAGE)).toBeVisible())
  await expect(url).toHaveFocus()
  await userEvent.clear(url)
  await userEvent.type(url, 'https://192.168.1.20/hooks')
  await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }))
  await waitFor(() => expect(dialog.getByText(WEBHOOK_URL_PRIVATE_MESSAGE)).toBeVisible())
  await expect(url).toHaveAttribute('aria-invalid', 'true')
  await expect(world.webhooks.endpoints[0]!.url).toBe(CI)
  // A new URL, every event and a new description: saved.
  await userEvent.clear(url)
  await userEvent.type(url, 'https://ci.nokia-example.com/hooks/v2')
  await userEvent.click(dialog.getByRole('checkbox', { name: WEBHOOK_ALL_EVENTS_LABEL }))
  await userEvent.clear(description)
  await userEvent.type(description, 'Release pipeline v2')
  await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }))
  await expectToast(WEBHOOK_EDITED_MESSAGE, 'success')
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  const edited = endpointNamed(canvas, 'https://ci.nokia-example.com/hooks/v2')
  await expect(edited.getByText('Release pipeline v2')).toBeVisible()
  await expect(edited.getByText(WEBHOOK_EVENT_TYPES.join(', '))).toBeVisible()
}

export const EditEndpoint = meta.story({ name: 'Edit endpoint', play: editing })
export const EditEndpointOnPhone = meta.story({
  name: 'Edit endpoint on a phone',
  globals: PHONE,
  play: editing,
})

const allEvents: Play = async ({ canvas, userEvent }) => {
  await pageReady(canvas)
  await userEvent.click(canvas.getByRole('button', { name: 'Add endpoint' }))
  const dialog = within(await screen.findByRole('dialog', { name: 'Add endpoint' }))
  const all = dialog.getByRole('checkbox', { name: WEBHOOK_ALL_EVENTS_LABEL })
  // run.finished comes ticked: "All events" is mixed, and ticking it ticks every one (it keeps run.finished).
  await expect(dialog.getByRole('checkbox', { name: 'run.finished' })).toHaveAttribute('aria-checked', 'true')
  await expect(all).toHaveAttribute('aria-checked', 'mixed')
  await userEvent.click(all)
  await expect(all).toHaveAttribute('aria-checked', 'true')
  for (const type of WEBHOOK_EVENT_TYPES) {
    await expect(dialog.getByRole('checkbox', { name: type })).toHaveAttribute('aria-checked', 'true')
  }
  // Unticking one leaves the choice mixed; unticking "All events" clears every one.
  await userEvent.click(dialog.getByRole('checkbox', { name: 'comment.added' }))
  await expect(all).toHaveAttribute('aria-checked', 'mixed')
  await userEvent.click(all)
  await userEvent.click(all)
  await expect(all).toHaveAttribute('aria-checked', 'false')
  await expect(dialog.getByRole('checkbox', { name: 'run.finished' })).toHaveAttribute(
    'aria-checked',
    'false',
  )
}

export const AllEventsChoice = meta.story({ name: 'Add endpoint: All events', play: allEvents })
export const AllEventsChoiceOnPhone = meta.story({
  name: 'Add endpoint: All events, on a phone',
  globals: PHONE,
  play: allEvents,
})

const delivered: Play = async ({ canvas, userEvent }) => {
  await pageReady(canvas)
  const { panel, button } = await openDelivery(
    canvas,
    userEvent,
    /^Details of certificate\.issued/,
    'certificate.issued',
  )
  await expect(panel.getByText('Delivered · 1 attempt')).toBeVisible()
  const { item, request, response } = await newestExchange(panel)
  await expect(item.getByRole('button', { name: /Attempt 1/ })).toHaveAttribute('aria-expanded', 'true')
  await expect(item.getByText('HTTP 200 in 184 ms')).toBeVisible()
  // The request: its headers (the signature, no secret) and the body sent.
  await expect(request.getByText(WEBHOOK_SIGNATURE_HEADER)).toBeVisible()
  await expect(request.getByText('application/json')).toBeVisible()
  const sent = request.getByRole('region', { name: 'Request body of attempt 1' })
  await expect(sent).toHaveTextContent('"number": "DCP-2026-0481-7Q3K"')
  await expect(sent).toHaveTextContent('"type": "certificate.issued"')
  // The response: its status, time and body.
  await expect(response.getByText('HTTP 200 · 184 ms')).toBeVisible()
  await expect(response.getByRole('region', { name: 'Response body of attempt 1' })).toHaveTextContent(
    '"queued": "build 2214"',
  )
  await expect(panel.getByText(WEBHOOK_RETENTION_NOTE)).toBeVisible()
  await expect(screen.getByRole('dialog').textContent).not.toMatch(/whsec_/)
  // Escape closes it; the focus is back on the row's button.
  await userEvent.keyboard('{Escape}')
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  await waitFor(() => expect(button).toHaveFocus())
}

export const DeliveryDelivered = meta.story({ name: 'Delivery: delivered', play: delivered })
export const DeliveryDeliveredOnPhone = meta.story({
  name: 'Delivery: delivered, on a phone',
  globals: PHONE,
  play: delivered,
})

const refused: Play = async ({ canvas, userEvent }) => {
  await pageReady(canvas)
  const { panel } = await openDelivery(canvas, userEvent, /^Details of run\.finished/, 'run.finished')
  await expect(panel.getByText(/^Retrying · 3 attempts · next retry 20 Nov 2026, 09:01$/)).toBeVisible()
  const { item, response } = await newestExchange(panel)
  await expect(panel.getAllByRole('listitem')).toHaveLength(3)
  await expect(item.getByText('HTTP 503 in 92 ms')).toBeVisible()
  await expect(response.getByText('HTTP 503 · 92 ms')).toBeVisible()
  await expect(response.getByRole('region', { name: 'Response body of attempt 3' })).toHaveTextContent(
    '503 Service Temporarily Unavailable',
  )
  // An older attempt opens by its button.
  const second = panel.getByRole('button', { name: /Attempt 2/ })
  await expect(second).toHaveAttribute('aria-expanded', 'false')
  await userEvent.click(second)
  await expect(second).toHaveAttribute('aria-expanded', 'true')
  await expect(panel.getByRole('region', { name: 'Response body of attempt 2' })).toBeVisible()
}

export const DeliveryFailedWithResponse = meta.story({
  name: 'Delivery: failed, with the response body',
  play: refused,
})
export const DeliveryFailedWithResponseOnPhone = meta.story({
  name: 'Delivery: failed, with the response body, on a phone',
  globals: PHONE,
  play: refused,
})

const timedOut: Play = async ({ canvas, userEvent }) => {
  await pageReady(canvas)
  const { panel } = await openDelivery(
    canvas,
    userEvent,
    /^Details of record\.submitted of 18 Nov/,
    'record.submitted',
  )
  await expect(panel.getByText('Failed · 31 attempts')).toBeVisible()
  const { item, request, response } = await newestExchange(panel)
  await expect(item.getByRole('button', { name: /Attempt 31/ })).toHaveTextContent('No answer within 10 s.')
  await expect(request.getByRole('region', { name: 'Request body of attempt 31' })).toHaveTextContent(
    '"type": "record.submitted"',
  )
  await expect(response.getByText(`${WEBHOOK_NO_RESPONSE_MESSAGE} No answer within 10 s.`)).toBeVisible()
  await expect(response.queryByRole('region')).toBeNull()
}

export const DeliveryTimedOut = meta.story({ name: 'Delivery: timed out, no response', play: timedOut })
export const DeliveryTimedOutOnPhone = meta.story({
  name: 'Delivery: timed out, no response, on a phone',
  globals: PHONE,
  play: timedOut,
})

const resend: Play = async ({ canvas, userEvent }) => {
  await pageReady(canvas)
  const { panel } = await openDelivery(
    canvas,
    userEvent,
    /^Details of record\.submitted of 18 Nov/,
    'record.submitted',
  )
  await userEvent.click(panel.getByRole('button', { name: 'Resend' }))
  await expectToast(WEBHOOK_REDELIVERY_MESSAGE, 'success')
  // The new attempt of the same event heads the list, open.
  await waitFor(() => expect(panel.getByText('Delivered · 32 attempts')).toBeVisible())
  const { item, response } = await newestExchange(panel)
  await expect(item.getByRole('button', { name: /Attempt 32/ })).toHaveTextContent('HTTP 200 in 143 ms')
  await expect(response.getByRole('region', { name: 'Response body of attempt 32' })).toHaveTextContent(
    '"received"',
  )
  await expect(panel.getAllByRole('listitem')).toHaveLength(32)
}

export const Resend = meta.story({ name: 'Resend a delivery', play: resend })
export const ResendOnPhone = meta.story({
  name: 'Resend a delivery, on a phone',
  globals: PHONE,
  play: resend,
})

const catalogue: Play = async ({ canvas, userEvent }) => {
  await pageReady(canvas)
  const section = within(
    canvas.getByRole('heading', { level: 2, name: WEBHOOK_CATALOGUE_TITLE }).parentElement!,
  )
  await expect(section.getByText(WEBHOOK_CATALOGUE_INTRO)).toBeVisible()
  const list = section.getByRole('list', { name: WEBHOOK_CATALOGUE_TITLE })
  const items = within(list).getAllByRole('listitem')
  await expect(items.map((item) => item.querySelector('summary span span')?.textContent)).toEqual([
    ...WEBHOOK_EVENT_TYPES,
  ])
  await expect(section.getByText(WEBHOOK_EVENT_DESCRIPTIONS['run.finished'])).toBeVisible()
  // Opened by its summary (a native disclosure, which Enter and Space open too): its example body.
  const summary = items[3]!.querySelector('summary')!
  await expect(summary.tabIndex).toBe(0)
  await userEvent.click(summary)
  const example = await section.findByRole('region', { name: 'Example body of run.finished' })
  await expect(example).toBeVisible()
  await expect(example).toHaveTextContent('"outcome": "ValidationFailure"')
  await expect(example).toHaveTextContent('"failedCases": [')
}

export const Catalogue = meta.story({ name: 'Event catalogue', play: catalogue })
export const CatalogueOnPhone = meta.story({
  name: 'Event catalogue on a phone',
  globals: PHONE,
  play: catalogue,
})

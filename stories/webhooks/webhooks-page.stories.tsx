import preview from '#.storybook/preview'
import { SECRET_COPIED_MESSAGE } from '@/components/ui/secret-once'
import { http, HttpResponse } from 'msw'
import { expect, screen, waitFor, within } from 'storybook/test'
import { endpoints } from '@/contract/endpoints'
import { ROLE_REFUSAL_HINT, ROLE_REFUSALS } from '@/contract/roles'
import {
  WEBHOOK_CREATED_MESSAGE,
  WEBHOOK_SECRET_SHOWN_ONCE_WARNING,
  WEBHOOK_DELETED_MESSAGE,
  WEBHOOK_DISABLED_REASON_MESSAGES,
  WEBHOOK_ENABLED_MESSAGE,
  WEBHOOK_EVENTS_EMPTY_MESSAGE,
  WEBHOOK_PING_MESSAGE,
  WEBHOOK_REDELIVERY_MESSAGE,
  WEBHOOK_SECRET_ROTATED_MESSAGE,
  WEBHOOK_URL_CREDENTIALS_MESSAGE,
  WEBHOOK_URL_PRIVATE_MESSAGE,
  WEBHOOK_URL_REQUIRED_MESSAGE,
} from '@/contract/webhooks'
import { world } from '@/mocks/fixtures/world'
import { endpointUrl } from '@/mocks/handlers'
import { DeliveryLog } from '@/features/webhooks/components/delivery-log'
import { EndpointDialog } from '@/features/webhooks/components/endpoint-dialog'
import { SecretDialog } from '@/features/webhooks/components/secret-dialog'
import {
  NO_ENDPOINTS,
  NO_ENDPOINTS_HINT,
  WebhooksScreen,
} from '@/features/webhooks/components/webhooks-screen'
import { loggedInAsPriya } from '../support/session'
import { expectToast } from '../support/toasts'

/**
 * The webhooks page at /settings/webhooks, logged in as Priya Sharma of Nokia's
 * organization in the story's role, the calls answered by the fixture world's handlers
 * (src/mocks/webhook-handlers.ts over src/mocks/fixtures/webhooks.ts): the CI endpoint, active,
 * whose log holds a delivered, a retrying, a failed and an older delivered delivery, and a staging
 * endpoint the portal disabled after 24 hours of failures. The fixture world is not a development
 * portal: a URL must be https to a public address.
 */

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `Webhooks at \`/settings/webhooks\`, where an Owner sends the organization's events to its own systems:
each endpoint with its URL, events and state; Add endpoint (its signing secret shown once), Send
test event, Disable, New secret, and Delete after a confirmation. Every member may read the delivery
log; an Engineer or a Viewer sees the controls disabled with the reason. The portal disables an
endpoint whose deliveries have failed for 24 hours, or whose URL no longer passes its destination
check.`

const meta = preview.meta({
  title: 'Settings/Webhooks/Webhooks page',
  subcomponents: { WebhooksScreen, EndpointDialog, SecretDialog, DeliveryLog },
  parameters: {
    layout: 'fullscreen',
    router: { app: true, url: '/settings/webhooks' },
    docs: { description: { component: ABOUT } },
  },
  render: () => <></>,
})

type Canvas = ReturnType<typeof within>

async function pageReady(canvas: Canvas) {
  await canvas.findByRole('heading', { level: 1, name: 'Webhooks' })
  return canvas.findByRole('heading', { level: 2, name: 'Endpoints' })
}

const endpointItems = (canvas: Canvas) =>
  within(canvas.getByRole('list', { name: 'Webhook endpoints' })).getAllByRole('listitem')
const endpointNamed = (canvas: Canvas, url: string) => canvas.getByRole('listitem', { name: url })

/** The delivery log's rows as text: event, status, last attempt, response, attempts, next retry. */
const logRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].slice(0, 6).map((cell) => cell.textContent?.trim()))

const CI = 'https://ci.nokia-example.com/hooks/certification'
const STAGING = 'https://staging.nokia-example.com/dcp/events'

export const OwnersList = meta.story({
  name: 'Owner’s list',
  beforeEach: loggedInAsPriya('Owner'),
  play: async ({ canvas }) => {
    await pageReady(canvas)
    await expect(endpointItems(canvas)).toHaveLength(2)
    const ci = within(endpointNamed(canvas, CI))
    await expect(ci.getByText('Active')).toBeVisible()
    await expect(ci.getByText('record.submitted, run.finished, certificate.issued')).toBeVisible()
    await expect(ci.getByText('Delivered, HTTP 200, 20 Nov 2026, 08:58')).toBeVisible()
    await expect(ci.getByText('whsec_…Q7vA')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Add endpoint' })).not.toHaveAttribute('aria-disabled')
  },
})

export const Empty = meta.story({
  name: 'Empty',
  beforeEach: () => {
    world.webhooks.endpoints = []
    return loggedInAsPriya('Owner')()
  },
  play: async ({ canvas }) => {
    await pageReady(canvas)
    await expect(canvas.getByText(NO_ENDPOINTS)).toBeVisible()
    await expect(canvas.getByText(NO_ENDPOINTS_HINT)).toBeVisible()
  },
})

export const AddingWithFieldErrors = meta.story({
  name: 'Adding, with field errors',
  beforeEach: loggedInAsPriya('Owner'),
  play: async ({ canvas, userEvent }) => {
    await pageReady(canvas)
    await userEvent.click(canvas.getByRole('button', { name: 'Add endpoint' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add endpoint' })
    const url = within(dialog).getByRole('textbox', { name: /URL/ })
    await waitFor(() => expect(url).toHaveFocus())
    // Nothing typed: the URL is required, said on its field.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }))
    // (waitFor: on a loaded machine the dialog may still be in its 150 ms zoom-in, at opacity 0.)
    await waitFor(() => expect(within(dialog).getByText(WEBHOOK_URL_REQUIRED_MESSAGE)).toBeVisible())
    await expect(url).toHaveAttribute('aria-invalid', 'true')
    // A private-network address: the server's refusal, on the field, with focus there.
    await userEvent.type(url, 'https://10.20.0.5/hooks')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }))
    await waitFor(() => expect(within(dialog).getByText(WEBHOOK_URL_PRIVATE_MESSAGE)).toBeVisible())
    await expect(url).toHaveFocus()
    // Credentials in the URL.
    await userEvent.clear(url)
    await userEvent.type(url, 'https://ci:secret@ci.nokia-example.com/hooks')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }))
    await waitFor(() => expect(within(dialog).getByText(WEBHOOK_URL_CREDENTIALS_MESSAGE)).toBeVisible())
    // No event chosen.
    await userEvent.clear(url)
    await userEvent.type(url, 'https://ci.nokia-example.com/hooks/other')
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'run.finished' }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }))
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(WEBHOOK_EVENTS_EMPTY_MESSAGE)
    // Nothing was added.
    await expect(world.webhooks.endpoints).toHaveLength(2)
  },
})

export const SecretShownOnce = meta.story({
  name: 'Secret shown once',
  beforeEach: loggedInAsPriya('Owner'),
  play: async ({ canvas, userEvent }) => {
    await pageReady(canvas)
    await userEvent.click(canvas.getByRole('button', { name: 'Add endpoint' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add endpoint' })
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /URL/ }),
      'https://ci.nokia-example.com/hooks/new',
    )
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'certificate.issued' }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }))
    const secretDialog = await screen.findByRole('dialog', { name: 'Signing secret' })
    await waitFor(() => expect(within(secretDialog).getByText(WEBHOOK_CREATED_MESSAGE)).toBeVisible())
    const field = within(secretDialog).getByRole('textbox', {
      name: 'Secret of https://ci.nokia-example.com/hooks/new',
    })
    const secret = (field as HTMLInputElement).value
    await expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/)
    await userEvent.click(within(secretDialog).getByRole('button', { name: 'Copy' }))
    await expect(await within(secretDialog).findByText(SECRET_COPIED_MESSAGE)).toBeVisible()
    await expect(within(secretDialog).getByText(WEBHOOK_SECRET_SHOWN_ONCE_WARNING)).toBeVisible()
    await userEvent.click(within(secretDialog).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    // The list shows the new endpoint with the secret's last four characters only.
    const added = within(endpointNamed(canvas, 'https://ci.nokia-example.com/hooks/new'))
    await expect(added.getByText(`whsec_…${secret.slice(-4)}`)).toBeVisible()
    await expect(added.getByText('run.finished, certificate.issued')).toBeVisible()
    await expect(added.getByText('No delivery yet')).toBeVisible()
    await expect(canvas.queryByText(secret)).toBeNull()
  },
})

export const DeliveryLogStates = meta.story({
  name: 'Delivery log: delivered, retrying, failed',
  beforeEach: loggedInAsPriya('Owner'),
  play: async ({ canvas, userEvent }) => {
    await pageReady(canvas)
    const ci = within(endpointNamed(canvas, CI))
    const toggle = ci.getByRole('button', { name: 'Delivery log' })
    await userEvent.click(toggle)
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const table = await ci.findByRole('table', { name: `Deliveries to ${CI}, newest first` })
    await expect(logRows(table)).toEqual([
      ['certificate.issued', 'Delivered', '20 Nov 2026, 08:58', 'HTTP 200', '1 attempt', '—'],
      ['run.finished', 'Retrying', '20 Nov 2026, 08:41', 'HTTP 503', '3 attempts', '20 Nov 2026, 09:01'],
      ['record.submitted', 'Failed', '19 Nov 2026, 07:00', 'No answer within 10 s.', '31 attempts', '—'],
      ['record.submitted', 'Delivered', '17 Nov 2026, 15:20', 'HTTP 200', '1 attempt', '—'],
    ])
    // Resend the failed one: a new attempt (the fixture world's receiver answers it at once).
    const failedRow = within(table).getAllByRole('row')[3]!
    await userEvent.click(within(failedRow).getByRole('button', { name: /^Resend record\.submitted/ }))
    await expectToast(WEBHOOK_REDELIVERY_MESSAGE, 'success')
    await waitFor(() =>
      expect(logRows(table)[2]).toEqual([
        'record.submitted',
        'Delivered',
        '20 Nov 2026, 09:00',
        'HTTP 200',
        '32 attempts',
        '—',
      ]),
    )
    // A test event is queued at the top of the log.
    await userEvent.click(ci.getByRole('button', { name: 'Send test event' }))
    await expectToast(WEBHOOK_PING_MESSAGE, 'success')
    await waitFor(() => expect(logRows(table)[0]?.slice(0, 2)).toEqual(['ping', 'Queued']))
  },
})

export const DisabledEndpoint = meta.story({
  name: 'Disabled endpoint',
  beforeEach: loggedInAsPriya('Owner'),
  play: async ({ canvas, userEvent }) => {
    await pageReady(canvas)
    const staging = within(endpointNamed(canvas, STAGING))
    await expect(staging.getByText('Disabled')).toBeVisible()
    await expect(staging.getByText(WEBHOOK_DISABLED_REASON_MESSAGES.failing)).toBeVisible()
    await expect(staging.getByText('Failed, HTTP 502, 19 Nov 2026, 06:30')).toBeVisible()
    await expect(staging.getByRole('button', { name: 'Send test event' })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
    await userEvent.click(staging.getByRole('button', { name: 'Enable' }))
    await expectToast(WEBHOOK_ENABLED_MESSAGE, 'success')
    await expect(await staging.findByText('Active')).toBeVisible()
    await expect(staging.queryByText(WEBHOOK_DISABLED_REASON_MESSAGES.failing)).toBeNull()
  },
})

/** The portal disabled the endpoint at delivery, its URL no longer passing the destination check. */
export const DisabledDestination = meta.story({
  name: 'Disabled endpoint, URL no longer allowed',
  beforeEach: () => {
    const staging = world.webhooks.endpoints.find((endpoint) => endpoint.url === STAGING)
    if (staging) Object.assign(staging, { disabledReason: 'destination', failingSince: null })
    return loggedInAsPriya('Owner')()
  },
  play: async ({ canvas }) => {
    await pageReady(canvas)
    const staging = within(endpointNamed(canvas, STAGING))
    await expect(staging.getByText('Disabled')).toBeVisible()
    await expect(staging.getByText(WEBHOOK_DISABLED_REASON_MESSAGES.destination)).toBeVisible()
    await expect(staging.queryByText(WEBHOOK_DISABLED_REASON_MESSAGES.failing)).toBeNull()
    await expect(staging.getByRole('button', { name: 'Send test event' })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
  },
})

export const DeleteWithConfirmation = meta.story({
  name: 'Delete, confirmed',
  beforeEach: loggedInAsPriya('Owner'),
  play: async ({ canvas, userEvent }) => {
    await pageReady(canvas)
    await userEvent.click(within(endpointNamed(canvas, STAGING)).getByRole('button', { name: 'Delete' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this endpoint?' })
    await waitFor(() =>
      expect(
        within(confirm).getByText(
          `${STAGING} receives nothing more, and its delivery log is deleted with it.`,
        ),
      ).toBeVisible(),
    )
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }))
    await expectToast(WEBHOOK_DELETED_MESSAGE, 'success')
    await waitFor(() => expect(endpointItems(canvas)).toHaveLength(1))
    await expect(canvas.queryByRole('listitem', { name: STAGING })).toBeNull()
  },
})

export const NewSecret = meta.story({
  name: 'New secret, confirmed and shown once',
  beforeEach: loggedInAsPriya('Owner'),
  play: async ({ canvas, userEvent }) => {
    await pageReady(canvas)
    const ci = within(endpointNamed(canvas, CI))
    const oldHint = world.webhooks.endpoints.find((endpoint) => endpoint.url === CI)!.secretHint
    await expect(ci.getByText(oldHint)).toBeVisible()
    const trigger = ci.getByRole('button', { name: 'New secret' })
    await userEvent.click(trigger)
    const confirm = await screen.findByRole('alertdialog', {
      name: `Make a new signing secret for ${CI}?`,
    })
    await waitFor(() =>
      expect(
        within(confirm).getByText(
          'The current secret stops signing at once: your receiver refuses deliveries until it has the new one. Do this when the secret may have leaked, or when the portal can no longer read it.',
        ),
      ).toBeVisible(),
    )
    // Cancel changes nothing and gives focus back.
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    await waitFor(() => expect(trigger).toHaveFocus())
    await userEvent.keyboard('{Enter}')
    const again = await screen.findByRole('alertdialog', { name: `Make a new signing secret for ${CI}?` })
    await userEvent.click(within(again).getByRole('button', { name: 'Make a new secret' }))
    const secretDialog = await screen.findByRole('dialog', { name: 'Signing secret' })
    await waitFor(() => expect(within(secretDialog).getByText(WEBHOOK_SECRET_ROTATED_MESSAGE)).toBeVisible())
    const secret = (
      within(secretDialog).getByRole('textbox', { name: `Secret of ${CI}` }) as HTMLInputElement
    ).value
    await expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/)
    await userEvent.click(within(secretDialog).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await expect(ci.getByText(`whsec_…${secret.slice(-4)}`)).toBeVisible()
    await expect(ci.queryByText(oldHint)).toBeNull()
    await expect(canvas.queryByText(secret)).toBeNull()
  },
})

const READ_FAILED = 'The portal is restarting. Try again in a minute.'

export const ReadFailed = meta.story({
  name: 'Read failed',
  beforeEach({ msw }) {
    msw.use(
      http.get(endpointUrl(endpoints.webhooks), () =>
        HttpResponse.json({ message: READ_FAILED }, { status: 503 }),
      ),
    )
    return loggedInAsPriya('Owner')()
  },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Webhooks' })
    const alert = await canvas.findByRole('alert')
    await expect(alert).toHaveTextContent(READ_FAILED)
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible()
  },
})

export const EngineersView = meta.story({
  name: 'Engineer’s view (reads, cannot change)',
  beforeEach: loggedInAsPriya('Engineer'),
  play: async ({ canvas, userEvent }) => {
    await pageReady(canvas)
    const add = canvas.getByRole('button', { name: 'Add endpoint' })
    await expect(add).toHaveAttribute('aria-disabled', 'true')
    await expect(add).toHaveAccessibleDescription(`${ROLE_REFUSALS.webhooks} ${ROLE_REFUSAL_HINT}`)
    await userEvent.click(add)
    await expect(screen.queryByRole('dialog')).toBeNull()
    const ci = within(endpointNamed(canvas, CI))
    for (const name of [`Edit ${CI}`, 'Send test event', 'Disable', 'New secret', 'Delete']) {
      await expect(ci.getByRole('button', { name })).toHaveAttribute('aria-disabled', 'true')
    }
    // The delivery log is every member's to read.
    await userEvent.click(ci.getByRole('button', { name: 'Delivery log' }))
    const table = await ci.findByRole('table', { name: `Deliveries to ${CI}, newest first` })
    await expect(within(table).getAllByRole('button', { name: /^Resend/ })[0]).toHaveAttribute(
      'aria-disabled',
      'true',
    )
    // …and each delivery's request and response too.
    await expect(within(table).getAllByRole('button', { name: /^Details/ })[0]).not.toHaveAttribute(
      'aria-disabled',
    )
  },
})

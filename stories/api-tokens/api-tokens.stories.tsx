import preview from '#.storybook/preview'
import { http, HttpResponse } from 'msw'
import { expect, fn, screen, waitFor, within } from 'storybook/test'
import {
  API_REFERENCE_PATH,
  API_TOKEN_NAME_MESSAGE,
  API_TOKEN_PATTERN,
  API_TOKEN_SHOWN_ONCE_WARNING,
  API_TOKENS_EMPTY_TEXT,
  API_TOKENS_EMPTY_TITLE,
  API_TOKENS_INTRO,
  API_TOKENS_OWNER_NOTE,
  apiTokenCreatedMessage,
  apiTokenNameTakenMessage,
  apiTokenRevokedMessage,
  apiTokenVendorUserIdNote,
  REVOKE_API_TOKEN_CONSEQUENCE,
  revokeApiTokenQuestion,
} from '@/contract/api-tokens'
import { PageLoading, PageReadFailed } from '@/components/layout/page-states'
import { SECRET_COPIED_MESSAGE, SecretOnce } from '@/components/ui/secret-once'
import { endpoints } from '@/contract/endpoints'
import { ROLE_REFUSAL_HINT, ROLE_REFUSALS } from '@/contract/roles'
import { world } from '@/mocks/fixtures/world'
import { endpointUrl } from '@/mocks/handlers'
import { CreateTokenDialog } from '@/features/api-tokens/components/create-token-dialog'
import { TokensList } from '@/features/api-tokens/components/tokens-list'
import { TokensScreen } from '@/features/api-tokens/components/tokens-screen'
import { loggedInAsPriya } from '../support/session'
import { expectToast } from '../support/toasts'

/**
 * docs/decisions/0026: the API tokens page at /settings/tokens, logged in as Priya
 * Sharma of Nokia's organization in the story's role, the token calls answered by the fixture
 * world (src/mocks/api-token-handlers.ts over src/mocks/fixtures/api-tokens.ts: two working
 * tokens of hers, an expired and a revoked one, and an Engineer's, which only an Owner sees).
 */

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `API tokens at \`/settings/tokens\`, for members whose own pipelines call the portal without a browser.
Create token shows the new token once; working tokens come first, newest first, then the expired and
revoked ones; Revoke asks first. An Owner sees every member's tokens, an Engineer only their own; a
Viewer cannot create one but may revoke their own.`

const meta = preview.meta({
  title: 'Settings/API tokens',
  // The route's loading and read-failed frames (ReadFailed below) are the shared page states.
  subcomponents: { TokensScreen, TokensList, CreateTokenDialog, SecretOnce, PageLoading, PageReadFailed },
  parameters: {
    layout: 'fullscreen',
    router: { app: true, url: '/settings/tokens' },
    docs: { description: { component: ABOUT } },
  },
  render: () => <></>,
})

type Canvas = ReturnType<typeof within>

async function pageReady(canvas: Canvas) {
  await canvas.findByRole('heading', { level: 1, name: 'API tokens' })
  // The heading shows while the tokens load; the screen follows.
  await expect(await canvas.findByText(API_TOKENS_INTRO)).toBeVisible()
}

const tokenItems = (canvas: Canvas) =>
  within(canvas.getByRole('list', { name: 'API tokens' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent?.replace(/\s+/g, ' ').trim())

const BENCH_SCRIPTS =
  'Bench scriptsActiveRead and write · dcp_…Tr0p · Ravi Kumar’s · created 31 Oct 2026, 09:00Last used 19 Nov 2026, 07:00 · Expires 30 Nov 2026, 09:00Revoke'

/** Working tokens first, newest first; then the expired and revoked ones. */
const OWNERS_LIST = [
  'Grafana status exporterActiveRead · dcp_…M2kd · created 17 Nov 2026, 09:00Never used · No expiryRevoke',
  'GitHub Actions release pipelineActiveRead and write · dcp_…x7Qa · created 10 Nov 2026, 09:00Last used 20 Nov 2026, 08:55 · Expires 8 Feb 2027, 09:00Revoke',
  BENCH_SCRIPTS,
  'Laptop test scriptRevokedRead · dcp_…b41Z · created 21 Sep 2026, 09:00Last used 6 Oct 2026, 09:00 · Revoked 11 Oct 2026, 09:00',
  'Jenkins nightlyExpiredRead and write · dcp_…9wLe · created 23 Jul 2026, 09:00Last used 20 Oct 2026, 09:00 · Expired 21 Oct 2026, 09:00',
]

export const OwnersList = meta.story({
  name: 'Owner’s list: active, expired and revoked',
  beforeEach: loggedInAsPriya('Owner'),
  play: async ({ canvas }) => {
    await pageReady(canvas)
    await expect(canvas.getByRole('heading', { level: 2, name: 'Tokens in your organization' })).toBeVisible()
    await expect(tokenItems(canvas)).toEqual(OWNERS_LIST)
    await expect(canvas.getByText(API_TOKENS_OWNER_NOTE)).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'API reference' })).toHaveAttribute(
      'href',
      API_REFERENCE_PATH,
    )
    // Expired and revoked tokens have nothing to revoke.
    await expect(canvas.queryByRole('button', { name: 'Revoke Jenkins nightly' })).toBeNull()
    await expect(canvas.queryByRole('button', { name: 'Revoke Laptop test script' })).toBeNull()
  },
})

export const Empty = meta.story({
  name: 'No tokens yet',
  beforeEach: () => {
    world.apiTokens = []
    return loggedInAsPriya('Owner')()
  },
  play: async ({ canvas }) => {
    await pageReady(canvas)
    await expect(canvas.getByRole('heading', { level: 3, name: API_TOKENS_EMPTY_TITLE })).toBeVisible()
    await expect(canvas.getByText(API_TOKENS_EMPTY_TEXT)).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'API reference' })).toHaveAttribute(
      'href',
      API_REFERENCE_PATH,
    )
    await expect(canvas.getByRole('button', { name: 'Create token' })).toBeEnabled()
  },
})

export const CreateFieldErrors = meta.story({
  name: 'Create token, field errors',
  beforeEach: loggedInAsPriya('Owner'),
  play: async ({ canvas, userEvent }) => {
    await pageReady(canvas)
    await userEvent.click(canvas.getByRole('button', { name: 'Create token' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create a token' })
    const name = within(dialog).getByRole('textbox', { name: /Token name/ })
    await waitFor(() => expect(name).toHaveFocus())
    // Too short: the form says so before sending.
    await userEvent.type(name, 'CI')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create token' }))
    await expect(await within(dialog).findByText(API_TOKEN_NAME_MESSAGE)).toBeVisible()
    await expect(name).toHaveAttribute('aria-invalid', 'true')
    await expect(name).toHaveAccessibleDescription(API_TOKEN_NAME_MESSAGE)
    // Taken: the server's 409 shows on the field.
    await userEvent.clear(name)
    await userEvent.type(name, 'GitHub Actions release pipeline')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create token' }))
    const taken = apiTokenNameTakenMessage('GitHub Actions release pipeline')
    await expect(await within(dialog).findByText(taken)).toBeVisible()
    await expect(name).toHaveAccessibleDescription(taken)
    await expect(name).toHaveFocus()
    await expect(world.apiTokens).toHaveLength(5)
  },
})

export const ShownOnce = meta.story({
  name: 'Created: the token shown once, copied',
  beforeEach: () => {
    const writeText = fn(async () => {})
    const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard')
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    const cleanUp = loggedInAsPriya('Owner')()
    return () => {
      if (original) Object.defineProperty(navigator, 'clipboard', original)
      else Reflect.deleteProperty(navigator, 'clipboard')
      if (typeof cleanUp === 'function') cleanUp()
    }
  },
  play: async ({ canvas, userEvent }) => {
    await pageReady(canvas)
    await userEvent.click(canvas.getByRole('button', { name: 'Create token' }))
    let dialog = await screen.findByRole('dialog', { name: 'Create a token' })
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Token name/ }), 'Staging deploys')
    const readWrite = within(dialog).getByRole('radio', { name: /^Read and write/ })
    await userEvent.click(readWrite)
    await expect(readWrite).toBeChecked()
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Expiry' }))
    await userEvent.click(await screen.findByRole('option', { name: '30 days' }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create token' }))
    dialog = await screen.findByRole('dialog', { name: 'Copy your new token' })
    await expect(dialog).toHaveAccessibleDescription(apiTokenCreatedMessage('Staging deploys'))
    await expect(within(dialog).getByText(API_TOKEN_SHOWN_ONCE_WARNING)).toBeVisible()
    await expect(within(dialog).getByText(apiTokenVendorUserIdNote('v-nokia'))).toBeVisible()
    const secret = within(dialog).getByRole('textbox', { name: 'Your new token' })
    const value = (secret as HTMLInputElement).value
    await expect(value).toMatch(API_TOKEN_PATTERN)
    const copy = within(dialog).getByRole('button', { name: 'Copy' })
    await waitFor(() => expect(copy).toHaveFocus())
    await userEvent.keyboard('{Enter}')
    await expect(await within(dialog).findByText(SECRET_COPIED_MESSAGE)).toBeVisible()
    await expect(navigator.clipboard.writeText).toHaveBeenCalledWith(value)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    // The list has it first, with its hint and never its secret.
    const first = tokenItems(canvas)[0]
    await expect(first).toBe(
      `Staging deploysActiveRead and write · dcp_…${value.slice(-4)} · created 20 Nov 2026, 09:00Never used · Expires 20 Dec 2026, 09:00Revoke`,
    )
    await expect(canvas.queryByText(value)).toBeNull()
  },
})

export const RevokeConfirm = meta.story({
  name: 'Revoke, confirmed',
  beforeEach: loggedInAsPriya('Owner'),
  play: async ({ canvas, userEvent }) => {
    await pageReady(canvas)
    await userEvent.click(canvas.getByRole('button', { name: 'Revoke Grafana status exporter' }))
    const confirm = await screen.findByRole('alertdialog', {
      name: revokeApiTokenQuestion('Grafana status exporter'),
    })
    await expect(confirm).toHaveAccessibleDescription(REVOKE_API_TOKEN_CONSEQUENCE)
    // Cancel has the focus first (the safe choice).
    await waitFor(() => expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus())
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke token' }))
    await expectToast(apiTokenRevokedMessage('Grafana status exporter'), 'success')
    await waitFor(() =>
      expect(tokenItems(canvas)).toContain(
        'Grafana status exporterRevokedRead · dcp_…M2kd · created 17 Nov 2026, 09:00Never used · Revoked 20 Nov 2026, 09:00',
      ),
    )
    await expect(canvas.queryByRole('button', { name: 'Revoke Grafana status exporter' })).toBeNull()
  },
})

export const EngineersList = meta.story({
  name: 'Engineer’s list: only their own',
  beforeEach: loggedInAsPriya('Engineer'),
  play: async ({ canvas }) => {
    await pageReady(canvas)
    await expect(canvas.getByRole('heading', { level: 2, name: 'Your tokens' })).toBeVisible()
    await expect(tokenItems(canvas)).toEqual(OWNERS_LIST.filter((item) => item !== BENCH_SCRIPTS))
    await expect(canvas.getByRole('button', { name: 'Create token' })).not.toHaveAttribute('aria-disabled')
  },
})

export const ViewersView = meta.story({
  name: 'Viewer: cannot create, may revoke their own',
  beforeEach: loggedInAsPriya('Viewer'),
  play: async ({ canvas, userEvent }) => {
    await pageReady(canvas)
    const create = canvas.getByRole('button', { name: 'Create token' })
    await expect(create).toHaveAttribute('aria-disabled', 'true')
    await expect(create).toHaveAccessibleDescription(`${ROLE_REFUSALS.tokens} ${ROLE_REFUSAL_HINT}`)
    await userEvent.click(create)
    await expect(screen.queryByRole('dialog')).toBeNull()
    // Tokens made while she was an Engineer are still hers to revoke.
    await expect(canvas.getByRole('button', { name: 'Revoke Grafana status exporter' })).toBeEnabled()
  },
})

const READ_FAILED_MESSAGE = 'The portal could not read your tokens. Please try again.'

export const ReadFailed = meta.story({
  name: 'Read failed, then Try again',
  beforeEach({ msw }) {
    let calls = 0
    msw.use(
      http.get(endpointUrl(endpoints.listApiTokens), () => {
        calls += 1
        if (calls === 1) return HttpResponse.json({ message: READ_FAILED_MESSAGE }, { status: 500 })
        return undefined
      }),
    )
    return loggedInAsPriya('Owner')()
  },
  play: async ({ canvas, userEvent }) => {
    const alert = await canvas.findByRole('alert')
    await expect(alert).toHaveTextContent(READ_FAILED_MESSAGE)
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(tokenItems(canvas)).toEqual(OWNERS_LIST))
  },
})

export const Phone = meta.story({
  name: 'Owner’s list on a phone',
  globals: { viewport: { value: 'phone' } },
  beforeEach: loggedInAsPriya('Owner'),
  play: async ({ canvas }) => {
    await pageReady(canvas)
    await expect(canvas.getByRole('button', { name: 'Create token' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Revoke GitHub Actions release pipeline' })).toBeVisible()
  },
})

import preview from '#.storybook/preview'
import { storyClock } from '#.storybook/clock'
import { http } from 'msw'
import { expect, screen, waitFor, within } from 'storybook/test'
import { endpoints } from '@/contract/endpoints'
import {
  EMAIL_FORMAT_MESSAGE,
  EMAIL_REQUIRED_MESSAGE,
  PASSWORD_REQUIRED_MESSAGE,
  PASSWORD_SPACES_MESSAGE,
} from '@/contract/messages'
import { INVALID_LOGIN_MESSAGE } from '@/contract/server-messages'
import { LOGIN_RESET_MS } from '@/features/auth/components/login-form'
import {
  clearSession,
  readAuthData,
  readGoto,
  readRememberedUserId,
  removeGoto,
  removeRememberedUserId,
  writeRememberedUserId,
} from '@/lib/storage'
import { endpointUrl } from '@/mocks/handlers'
import { FIXTURE_PASSWORD } from '@/mocks/fixtures/world'
import { scenarios } from '@/mocks/scenarios'
import { expectToast } from '../support/toasts'
import { expectPageHeading } from '../support/page'

/**
 * The login screen (spec §2, §4, §5, §8) in the real route tree: messages while typing, paste
 * refused in the password, the button waiting for both fields, Remember User ID, the loader, the
 * server's message and its 6 s reset (decision 5), and where a successful login lands.
 */

const NOKIA_EMAIL = 'priya.sharma@nokia.com'
/** The login bodies that reached the server in the story that records them. */
const sent: unknown[] = []
const HOME_HEADING = 'Certify your telecom devices, from first form to certificate'

function startLoggedOut() {
  clearSession()
  removeRememberedUserId()
  removeGoto()
  return () => {
    clearSession()
    removeRememberedUserId()
    removeGoto()
  }
}

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `The login screen at \`/login\`, for members coming back to the portal. Email and password, with their
messages while typing; the button waits until both are valid; pasting into the password is refused;
Remember User ID keeps the e-mail for next time. A full-screen loader covers the page while the
request is pending; a refused login shows the server's message, which clears with the password after
6 s. A successful login returns to the protected page that sent the user here, or goes home.`

const meta = preview.meta({
  title: 'Auth/Login',
  parameters: {
    layout: 'fullscreen',
    router: { app: true, url: '/login' },
    docs: { description: { component: ABOUT } },
  },
  beforeEach: startLoggedOut,
  render: () => <></>,
})

const form = (canvasElement: HTMLElement) => within(canvasElement).getByRole('form', { name: 'Sign in' })
const fields = (canvasElement: HTMLElement) => {
  const scope = within(form(canvasElement))
  return {
    email: scope.getByRole('textbox', { name: /^Email/ }),
    password: scope.getByLabelText(/^Password/),
    remember: scope.getByRole('checkbox', { name: 'Remember User ID' }),
    login: scope.getByRole('button', { name: 'Login' }),
  }
}

/** The empty screen: the button waits; the links lead to the password and registration flows and home. */
export const Empty = meta.story({
  name: 'Empty',
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Sign in' })
    const { email, password, remember, login } = fields(canvasElement)
    await expect(email).toHaveValue('')
    await expect(password).toHaveValue('')
    await expect(remember).not.toBeChecked()
    await expect(login).toBeDisabled()
    await expect(canvas.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    )
    await expect(canvas.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/create-profile')
    await expect(canvas.getByRole('link', { name: 'Close' })).toHaveAttribute('href', '/')
  },
})

/** The email's messages while typing, and the button following both fields. */
export const EmailMessages = meta.story({
  name: 'Email messages',
  play: async ({ canvas, canvasElement, userEvent }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Sign in' })
    const { email, password, login } = fields(canvasElement)
    await userEvent.type(email, 'priya.sharma@nokia')
    await expect(await canvas.findByText(EMAIL_FORMAT_MESSAGE)).toBeVisible()
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    await userEvent.type(password, FIXTURE_PASSWORD)
    await expect(login).toBeDisabled()
    await userEvent.type(email, '.com')
    await waitFor(() => expect(canvas.queryByText(EMAIL_FORMAT_MESSAGE)).toBeNull())
    await waitFor(() => expect(login).toBeEnabled())
    await userEvent.clear(email)
    await expect(await canvas.findByText(EMAIL_REQUIRED_MESSAGE)).toBeVisible()
    await expect(login).toBeDisabled()
  },
})

/** The password: spaces refused with their message, pasting refused, required once cleared. */
export const PasswordMessages = meta.story({
  name: 'Password messages',
  play: async ({ canvas, canvasElement, userEvent }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Sign in' })
    const { email, password, login } = fields(canvasElement)
    await userEvent.type(email, NOKIA_EMAIL)
    password.focus()
    await userEvent.paste('Pasted#2026')
    await expect(password).toHaveValue('')
    await userEvent.type(password, 'Certify 2026')
    await expect(await canvas.findByText(PASSWORD_SPACES_MESSAGE)).toBeVisible()
    await expect(login).toBeDisabled()
    await userEvent.clear(password)
    await expect(await canvas.findByText(PASSWORD_REQUIRED_MESSAGE)).toBeVisible()
    await userEvent.type(password, FIXTURE_PASSWORD)
    await waitFor(() => expect(canvas.queryByText(PASSWORD_REQUIRED_MESSAGE)).toBeNull())
    await expect(login).toBeEnabled()
  },
})

/** While the request is pending, a full-screen loader covers the page. */
export const Pending = meta.story({
  name: 'Pending',
  beforeEach({ msw }) {
    msw.use(scenarios.loading('login'))
  },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Sign in' })
    const { email, password, login } = fields(canvasElement)
    await userEvent.type(email, NOKIA_EMAIL)
    await userEvent.type(password, FIXTURE_PASSWORD)
    await userEvent.click(login)
    const loader = await screen.findByRole('dialog', { name: 'Loading' })
    await expect(within(loader).getByRole('status')).toHaveTextContent('Signing you in…')
  },
})

/**
 * A refused login: the server's message as a toast and beside the button; 6 s later (not a
 * millisecond before) the message and the password clear, and the email stays.
 */
export const RefusedThenReset = meta.story({
  name: 'Refused then reset',
  parameters: { clock: 'manual' },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Sign in' })
    const { email, password, login } = fields(canvasElement)
    await userEvent.type(email, NOKIA_EMAIL)
    await userEvent.type(password, 'Wrong#2026')
    await userEvent.click(login)
    await expectToast(INVALID_LOGIN_MESSAGE)
    const inline = within(form(canvasElement)).getByText(INVALID_LOGIN_MESSAGE)
    await expect(inline).toBeVisible()
    await expect(readAuthData()).toBeNull()

    // Spec §2, §9: the form clears after 6 s, asserted by the number itself.
    await expect(LOGIN_RESET_MS).toBe(6000)
    storyClock().advance(5999)
    await expect(within(form(canvasElement)).getByText(INVALID_LOGIN_MESSAGE)).toBeVisible()
    await expect(password).toHaveValue('Wrong#2026')
    storyClock().advance(1)
    await waitFor(() => expect(within(form(canvasElement)).queryByText(INVALID_LOGIN_MESSAGE)).toBeNull())
    await expect(password).toHaveValue('')
    await expect(email).toHaveValue(NOKIA_EMAIL)
    // Cleared, not invalid: no 'Password is required.' after the reset.
    await expect(canvas.queryByText(PASSWORD_REQUIRED_MESSAGE)).toBeNull()
    await expect(login).toBeDisabled()
  },
})

/**
 * A successful login sends exactly emailId and password, stores the answer as AUTH_DATA and the
 * username for Remember User ID, and lands home (no goto stored).
 */
export const SuccessRemembersUser = meta.story({
  name: 'Success remembers user',
  beforeEach({ msw }) {
    sent.length = 0
    msw.use(
      http.post(endpointUrl(endpoints.login), async ({ request }) => {
        sent.push(await request.clone().json())
        return undefined
      }),
    )
  },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Sign in' })
    const { email, password, remember, login } = fields(canvasElement)
    await userEvent.type(email, NOKIA_EMAIL)
    await userEvent.type(password, FIXTURE_PASSWORD)
    await userEvent.click(remember)
    await userEvent.click(login)
    await expectPageHeading(canvas, HOME_HEADING)
    await expect(sent).toEqual([{ emailId: NOKIA_EMAIL, password: FIXTURE_PASSWORD }])
    await expect(readAuthData()).toMatchObject({
      emailId: NOKIA_EMAIL,
      vendorUserId: 'v-nokia',
      message: 'Login is successful',
    })
    await expect(readRememberedUserId()).toBe(NOKIA_EMAIL)
  },
})

/** A remembered username is filled in with the box ticked; logging in with it unticked forgets it. */
export const RememberedUserForgotten = meta.story({
  name: 'Remembered user forgotten',
  beforeEach: () => {
    writeRememberedUserId(NOKIA_EMAIL)
  },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Sign in' })
    const { email, password, remember, login } = fields(canvasElement)
    await waitFor(() => expect(email).toHaveValue(NOKIA_EMAIL))
    await expect(remember).toBeChecked()
    await userEvent.click(remember)
    await userEvent.type(password, FIXTURE_PASSWORD)
    await userEvent.click(login)
    await canvas.findByRole('heading', { level: 1, name: HOME_HEADING })
    await expect(readRememberedUserId()).toBeNull()
  },
})

/**
 * Spec §2: a protected page while logged out → /login; after login, back to that page. The way
 * back is in the login's address (/login?redirect=…), nothing is stored (docs/decisions/0019).
 */
export const ProtectedPageThenBack = meta.story({
  name: 'Protected page then back',
  parameters: { router: { app: true, url: '/dashboard?search=ONT' } },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Sign in' })
    await expect(readGoto()).toBeNull()
    const { email, password, login } = fields(canvasElement)
    await userEvent.type(email, NOKIA_EMAIL)
    await userEvent.type(password, FIXTURE_PASSWORD)
    await userEvent.click(login)
    await expectPageHeading(canvas, 'Dashboard')
    await expect(readGoto()).toBeNull()
  },
})

/** From the landing's Create Portfolio (from=create-portfolio): the lead says why; login opens the form. */
export const FromCreatePortfolio = meta.story({
  name: 'From create portfolio',
  parameters: { router: { app: true, url: '/login?from=create-portfolio' } },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Sign in' })
    await expect(canvas.getByText('Sign in to create your portfolio.')).toBeVisible()
    const { email, password, login } = fields(canvasElement)
    await userEvent.type(email, NOKIA_EMAIL)
    await userEvent.type(password, FIXTURE_PASSWORD)
    await userEvent.click(login)
    await expectPageHeading(canvas, 'PORTFOLIO FORM')
  },
})

/** Spec §8: a server failure shows the answer's message; nothing is stored. */
export const ServerError = meta.story({
  name: 'Server error',
  beforeEach({ msw }) {
    msw.use(scenarios.serverError('login', 'The service is unavailable. Please try again later.', 503))
  },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Sign in' })
    const { email, password, login } = fields(canvasElement)
    await userEvent.type(email, NOKIA_EMAIL)
    await userEvent.type(password, FIXTURE_PASSWORD)
    await userEvent.click(login)
    await expectToast('The service is unavailable. Please try again later.')
    await expect(readAuthData()).toBeNull()
    await expect(canvas.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
  },
})

/** On a phone: the whole form by keyboard, Enter on the button logs in. */
export const PhoneByKeyboard = meta.story({
  name: 'Phone by keyboard',
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Sign in' })
    const { email, password, login } = fields(canvasElement)
    email.focus()
    await userEvent.keyboard(NOKIA_EMAIL)
    await userEvent.tab()
    await expect(password).toHaveFocus()
    await userEvent.keyboard(FIXTURE_PASSWORD)
    await userEvent.tab()
    await userEvent.keyboard(' ')
    await userEvent.tab()
    await userEvent.tab()
    await expect(login).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expectPageHeading(canvas, HOME_HEADING)
    await expect(readRememberedUserId()).toBe(NOKIA_EMAIL)
  },
})

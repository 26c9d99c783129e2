import preview from '#.storybook/preview'
import { storyClock } from '#.storybook/clock'
import { http } from 'msw'
import { expect, type MockInstance, screen, spyOn, waitFor, type within } from 'storybook/test'
import { endpoints } from '@/contract/endpoints'
import { EMAIL_FORMAT_MESSAGE, EMAIL_REQUIRED_MESSAGE } from '@/contract/messages'
import { codeSentMessage, PASSWORD_RESET_MESSAGE } from '@/contract/server-messages'
import { readPendingPasswordReset, removePendingPasswordReset } from '@/lib/storage'
import { endpointUrl } from '@/mocks/handlers'
import { scenarios } from '@/mocks/scenarios'
import { ACCOUNT, FIXTURE_CODE, loader, settle } from './forgot-password-flow'
import { expectToast, liveToasts } from '../support/toasts'
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form'

/*
 * /forgot-password in the real route tree (spec §2, §4, §5, §8, §9): the e-mail address, a loader
 * while the request is pending, the answer's message as a toast, and /check-mail 2 s after a
 * SUCCESS. Priya Sharma (Nokia) has an account in the fixture world; nobody@example.com has not,
 * and is answered alike (docs/decisions/0016).
 */
/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `Forgot password at \`/forgot-password\`, for a member who cannot log in: one e-mail field; the code is
mailed and the page moves to \`/check-mail\` 2 s after its message. An address without an account gets
the same answer, so the page tells nobody which addresses have accounts. A loader covers the page
while sending; a server error shows its message and the page stays.`

const meta = preview.meta({
  title: 'Auth/Forgot password',
  component: ForgotPasswordForm,
  parameters: {
    layout: 'fullscreen',
    router: { app: true, url: '/forgot-password' },
    clock: 'manual',
    docs: { description: { component: ABOUT } },
  },
  beforeEach: () => {
    // The answer a SUCCESS stores for /check-mail must not leak into the next story.
    return () => removePendingPasswordReset()
  },
  render: () => <></>,
})

type Canvas = ReturnType<typeof within>

async function screenReady(canvas: Canvas) {
  await expect(await canvas.findByRole('heading', { level: 1, name: 'Forgot password' })).toBeVisible()
  return {
    email: canvas.getByRole('textbox', { name: 'Email' }),
    sendCode: canvas.getByRole('button', { name: 'Send code' }),
  }
}

/** The field's messages (spec §5): required when left empty, the e-mail shape while typing; the button waits for a valid address. */
export const FieldMessages = meta.story({
  name: 'Field messages',
  play: async ({ canvas, userEvent }) => {
    const { email, sendCode } = await screenReady(canvas)
    await expect(sendCode).toBeDisabled()

    await userEvent.click(email)
    await userEvent.tab()
    await expect(await canvas.findByText(EMAIL_REQUIRED_MESSAGE)).toBeVisible()
    await expect(email).toHaveAttribute('aria-invalid', 'true')

    await userEvent.type(email, 'priya.sharma@nokia')
    await expect(await canvas.findByText(EMAIL_FORMAT_MESSAGE)).toBeVisible()
    await expect(canvas.queryByText(EMAIL_REQUIRED_MESSAGE)).toBeNull()
    await expect(sendCode).toBeDisabled()

    await userEvent.clear(email)
    await expect(await canvas.findByText(EMAIL_REQUIRED_MESSAGE)).toBeVisible()
    await expect(sendCode).toBeDisabled()

    await userEvent.type(email, ACCOUNT)
    await waitFor(() => expect(sendCode).toBeEnabled())
    await expect(canvas.queryByText(EMAIL_FORMAT_MESSAGE)).toBeNull()
    await expect(canvas.queryByText(EMAIL_REQUIRED_MESSAGE)).toBeNull()
    await expect(email).not.toHaveAttribute('aria-invalid')
  },
})

/** While the request is pending the full-screen loader covers the page (spec §8). */
export const SendingCode = meta.story({
  name: 'Sending code',
  beforeEach({ msw }) {
    msw.use(scenarios.loading('forgotPassword'))
  },
  play: async ({ canvas, userEvent }) => {
    const { email, sendCode } = await screenReady(canvas)
    await userEvent.type(email, ACCOUNT)
    await userEvent.click(sendCode)
    const dialog = await screen.findByRole('dialog', { name: 'Loading' })
    await expect(dialog).toHaveAttribute('aria-busy', 'true')
    await expect(screen.getByRole('status')).toHaveTextContent('Sending your code…')
  },
})

const sentBodies: unknown[] = []

/**
 * A known account (spec §4): exactly { emailId } reaches the server, the answer's message shows as
 * a success toast, the answer is stored for /check-mail, and the page moves there at 2 s, not before.
 */
export const CodeSent = meta.story({
  name: 'Code sent',
  beforeEach({ msw }) {
    sentBodies.length = 0
    msw.use(
      http.post(endpointUrl(endpoints.forgotPassword), async ({ request }) => {
        sentBodies.push(await request.clone().json())
        // Nothing returned: the fixture world answers, as it does for everyone else.
      }),
    )
  },
  play: async ({ canvas, userEvent }) => {
    const { email, sendCode } = await screenReady(canvas)
    await userEvent.type(email, ACCOUNT)
    // Only what this click sends (a call of the story before, late on a loaded CI machine, is not this one's).
    sentBodies.length = 0
    await userEvent.click(sendCode)

    await expectToast(codeSentMessage(ACCOUNT), 'success')
    await waitFor(() => expect(loader()).toBeNull())
    await expect(sentBodies).toEqual([{ emailId: ACCOUNT }])
    await expect(readPendingPasswordReset()).toEqual({ id: expect.any(String), emailId: ACCOUNT })
    // Nothing more to send while the page moves on.
    await waitFor(() => expect(sendCode).toBeDisabled())
    await expect(email).toHaveAttribute('readonly')

    const waiting = storyClock().pending
    storyClock().advance(1999)
    await settle()
    await expect(canvas.getByRole('heading', { level: 1, name: 'Forgot password' })).toBeVisible()
    await expect(storyClock().pending).toBe(waiting)
    storyClock().advance(1)
    await expect(storyClock().pending).toBe(waiting - 1)
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Check your mail' })).toBeVisible()
    await expect(canvas.getByText(ACCOUNT)).toBeVisible()
  },
})

/**
 * An address without an account (docs/decisions/0016): the same answer as for a known one — the
 * success toast, the answer stored, /check-mail at 2 s — so the page tells nobody which addresses
 * have accounts; the server mails the address that it has no account, and the reset page finds
 * any code wrong.
 */
export const UnknownAccount = meta.story({
  name: 'Unknown account',
  play: async ({ canvas, userEvent }) => {
    const { email, sendCode } = await screenReady(canvas)
    await userEvent.type(email, 'nobody@example.com')
    await userEvent.click(sendCode)

    await expectToast(codeSentMessage('nobody@example.com'), 'success')
    await waitFor(() => expect(loader()).toBeNull())
    await expect(readPendingPasswordReset()).toEqual({
      id: expect.any(String),
      emailId: 'nobody@example.com',
    })
    storyClock().advance(2000)
    await settle()
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Check your mail' })).toBeVisible()
    await expect(canvas.getByText('nobody@example.com')).toBeVisible()
  },
})

/** A 500 answer: its message as an error toast, and the page stays. */
export const ServerError = meta.story({
  name: 'Server error',
  beforeEach({ msw }) {
    msw.use(
      scenarios.serverError('forgotPassword', 'The service is unavailable. Please try again later.', 500),
    )
  },
  play: async ({ canvas, userEvent }) => {
    const { email, sendCode } = await screenReady(canvas)
    await userEvent.type(email, ACCOUNT)
    await userEvent.click(sendCode)

    await expectToast('The service is unavailable. Please try again later.', 'error')
    await waitFor(() => expect(loader()).toBeNull())
    storyClock().advance(2000)
    await settle()
    await expect(canvas.getByRole('heading', { level: 1, name: 'Forgot password' })).toBeVisible()
    await expect(sendCode).toBeEnabled()
  },
})

let consoleError: MockInstance<typeof console.error>

/** The network fails (spec §8 "logged only"): no toast, the loader goes, the page stays as it was. */
export const NetworkFailure = meta.story({
  name: 'Network failure',
  beforeEach({ msw }) {
    msw.use(scenarios.networkFailure('forgotPassword'))
    consoleError = spyOn(console, 'error').mockImplementation(() => undefined)
    return () => consoleError.mockRestore()
  },
  play: async ({ canvas, userEvent }) => {
    const { email, sendCode } = await screenReady(canvas)
    await userEvent.type(email, ACCOUNT)
    await userEvent.click(sendCode)

    // Told in one place (src/lib/api-failure.ts): the service, the method and the path only.
    await waitFor(() =>
      expect(consoleError).toHaveBeenCalledWith(
        'The main service could not be reached for POST /api/registration/forget-password.',
      ),
    )
    await waitFor(() => expect(loader()).toBeNull())
    // The log names no address.
    await expect(JSON.stringify(consoleError.mock.calls)).not.toContain(ACCOUNT)
    await expect(liveToasts()).toHaveLength(0)
    await expect(email).toHaveValue(ACCOUNT)
    await expect(sendCode).toBeEnabled()
  },
})

/** At phone width the card fills the screen and the button spans it. */
export const Phone = meta.story({
  name: 'Phone',
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas, userEvent }) => {
    const { email, sendCode } = await screenReady(canvas)
    await userEvent.type(email, ACCOUNT)
    await waitFor(() => expect(sendCode).toBeEnabled())
    const card = sendCode.closest('form') as HTMLElement
    await expect(sendCode.getBoundingClientRect().width).toBe(card.getBoundingClientRect().width)
  },
})

/**
 * The whole flow (spec §4): forgot → the code from the mail on /check-mail → /password-reset →
 * Back to login, each step 2 s after its success toast.
 */
export const WholeFlow = meta.story({
  name: 'Whole flow',
  play: async ({ canvas, userEvent }) => {
    const { email, sendCode } = await screenReady(canvas)
    await userEvent.type(email, ACCOUNT)
    await userEvent.click(sendCode)
    await expectToast(codeSentMessage(ACCOUNT), 'success')
    await waitFor(() => expect(sendCode).toBeDisabled())
    storyClock().advance(2000)

    await expect(await canvas.findByRole('heading', { level: 1, name: 'Check your mail' })).toBeVisible()
    await expect(canvas.getByText(ACCOUNT)).toBeVisible()
    await userEvent.type(canvas.getByRole('textbox', { name: '6-Digit code' }), FIXTURE_CODE)
    await userEvent.type(canvas.getByLabelText(/^New password/), 'Fibre#Lab2025')
    await userEvent.type(canvas.getByLabelText(/^Confirm password/), 'Fibre#Lab2025')
    const reset = canvas.getByRole('button', { name: 'Reset password' })
    await waitFor(() => expect(reset).toBeEnabled())
    await userEvent.click(reset)
    await expectToast(PASSWORD_RESET_MESSAGE, 'success')
    await waitFor(() => expect(reset).toBeDisabled())
    storyClock().advance(2000)

    await expect(await canvas.findByRole('heading', { level: 1, name: 'Password reset' })).toBeVisible()
    await userEvent.click(canvas.getByRole('link', { name: 'Back to login' }))
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
  },
})

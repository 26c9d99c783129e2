import preview from '#.storybook/preview'
import { storyClock } from '#.storybook/clock'
import { http } from 'msw'
import {
  expect,
  type MockInstance,
  screen,
  spyOn,
  type userEvent,
  waitFor,
  type within,
} from 'storybook/test'
import { endpoints } from '@/contract/endpoints'
import {
  CODE_REQUIRED_MESSAGE,
  CONFIRM_PASSWORD_REQUIRED_MESSAGE,
  PASSWORD_REQUIRED_MESSAGE,
} from '@/contract/messages'
import { INVALID_CODE_MESSAGE, PASSWORD_RESET_MESSAGE } from '@/contract/server-messages'
import { readPendingPasswordReset, removePendingPasswordReset } from '@/lib/storage'
import { endpointUrl } from '@/mocks/handlers'
import { scenarios } from '@/mocks/scenarios'
import { ACCOUNT, FIXTURE_CODE, loader, pendingReset, RESET_ID, settle } from './forgot-password-flow'
import { expectToast, liveToasts } from '../support/toasts'
import { CheckMailForm } from '@/features/auth/components/check-mail-form'

/*
 * /check-mail in the real route tree (spec §2, §4, §5, §8, §9): the emailed code and a new
 * password, sent with the id /forgot-password stored; the page only requires the three fields to
 * be filled. Each story starts as /forgot-password leaves the tab after a SUCCESS for Priya Sharma.
 */
/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `\`/check-mail\`, the second step of resetting a password: the six-digit code from the mail, the new
password and its confirmation (pasting refused in both password fields, allowed for the code). A
wrong code or a server error shows its message and the page stays; the right code goes on to
\`/password-reset\` after 2 s. Opened without asking for a code first, it leads to \`/forgot-password\`
instead.`

const meta = preview.meta({
  title: 'Auth/Check mail',
  component: CheckMailForm,
  parameters: {
    layout: 'fullscreen',
    router: { app: true, url: '/check-mail' },
    clock: 'manual',
    docs: { description: { component: ABOUT } },
  },
  beforeEach: () => {
    return pendingReset()
  },
  render: () => <></>,
})

const NEW_PASSWORD = 'Fibre#Lab2025'

type Canvas = ReturnType<typeof within>
type User = ReturnType<typeof userEvent.setup>

async function screenReady(canvas: Canvas) {
  await expect(await canvas.findByRole('heading', { level: 1, name: 'Check your mail' })).toBeVisible()
  return {
    code: canvas.getByRole('textbox', { name: '6-Digit code' }),
    password: canvas.getByLabelText(/^New password/),
    confirm: canvas.getByLabelText(/^Confirm password/),
    reset: canvas.getByRole('button', { name: 'Reset password' }),
  }
}

/** Says where the code went, and that a new one can be asked for. */
export const Default = meta.story({
  name: 'Default',
  play: async ({ canvas }) => {
    const { reset } = await screenReady(canvas)
    await expect(canvas.getByText(ACCOUNT)).toBeVisible()
    await expect(canvas.getByText(/^We sent a 6-digit code to/)).toHaveTextContent(
      `We sent a 6-digit code to ${ACCOUNT}. Enter it and choose a new password.`,
    )
    await expect(reset).toBeDisabled()
    await expect(canvas.getByRole('link', { name: 'Send it again' })).toHaveAttribute(
      'href',
      '/forgot-password',
    )
  },
})

/** Each field's required message (spec §5), on leaving it empty and on clearing it; the button waits for all three. */
export const RequiredMessages = meta.story({
  name: 'Required messages',
  play: async ({ canvas, userEvent }) => {
    const { code, password, confirm, reset } = await screenReady(canvas)

    await userEvent.click(code)
    await userEvent.tab()
    await expect(await canvas.findByText(CODE_REQUIRED_MESSAGE)).toBeVisible()
    await expect(code).toHaveAttribute('aria-invalid', 'true')
    await expect(password).toHaveFocus()
    await userEvent.tab()
    await expect(await canvas.findByText(PASSWORD_REQUIRED_MESSAGE)).toBeVisible()
    await userEvent.tab()
    await expect(await canvas.findByText(CONFIRM_PASSWORD_REQUIRED_MESSAGE)).toBeVisible()

    await userEvent.type(code, FIXTURE_CODE)
    await waitFor(() => expect(canvas.queryByText(CODE_REQUIRED_MESSAGE)).toBeNull())
    await userEvent.type(password, NEW_PASSWORD)
    await waitFor(() => expect(canvas.queryByText(PASSWORD_REQUIRED_MESSAGE)).toBeNull())
    await expect(reset).toBeDisabled()
    await userEvent.type(confirm, NEW_PASSWORD)
    await waitFor(() => expect(reset).toBeEnabled())
    await expect(canvas.queryByText(CONFIRM_PASSWORD_REQUIRED_MESSAGE)).toBeNull()

    // Any one emptied again: its message is back and the button waits.
    await userEvent.clear(password)
    await expect(await canvas.findByText(PASSWORD_REQUIRED_MESSAGE)).toBeVisible()
    await expect(reset).toBeDisabled()
    await userEvent.type(password, NEW_PASSWORD)
    await userEvent.clear(code)
    await expect(await canvas.findByText(CODE_REQUIRED_MESSAGE)).toBeVisible()
    await expect(reset).toBeDisabled()
    await userEvent.type(code, FIXTURE_CODE)
    await userEvent.clear(confirm)
    await expect(await canvas.findByText(CONFIRM_PASSWORD_REQUIRED_MESSAGE)).toBeVisible()
    await expect(reset).toBeDisabled()
  },
})

/** Pasting is refused in both password fields (decision 10); the code, copied from the mail, may be pasted. */
export const PasteRefusedInPasswords = meta.story({
  name: 'Paste refused in passwords',
  play: async ({ canvas, userEvent }) => {
    const { code, password, confirm } = await screenReady(canvas)
    await userEvent.click(code)
    await userEvent.paste(FIXTURE_CODE)
    await expect(code).toHaveValue(FIXTURE_CODE)

    await userEvent.click(password)
    await userEvent.paste(NEW_PASSWORD)
    await expect(password).toHaveValue('')
    await userEvent.click(confirm)
    await userEvent.paste(NEW_PASSWORD)
    await expect(confirm).toHaveValue('')

    await userEvent.type(password, NEW_PASSWORD)
    await expect(password).toHaveValue(NEW_PASSWORD)
  },
})

async function fillAndSend(canvas: Canvas, user: User, code = FIXTURE_CODE) {
  const fields = await screenReady(canvas)
  await user.type(fields.code, code)
  await user.type(fields.password, NEW_PASSWORD)
  await user.type(fields.confirm, NEW_PASSWORD)
  await waitFor(() => expect(fields.reset).toBeEnabled())
  await user.click(fields.reset)
  return fields
}

/** While the request is pending the full-screen loader covers the page (spec §8). */
export const Resetting = meta.story({
  name: 'Resetting',
  beforeEach({ msw }) {
    msw.use(scenarios.loading('resetPassword'))
  },
  play: async ({ canvas, userEvent }) => {
    await fillAndSend(canvas, userEvent)
    const dialog = await screen.findByRole('dialog', { name: 'Loading' })
    await expect(dialog).toHaveAttribute('aria-busy', 'true')
    await expect(screen.getByRole('status')).toHaveTextContent('Resetting your password…')
  },
})

/** A wrong code: the server answers FAILURE with a message, shown as an error toast; the loader goes and the page stays. */
export const WrongCode = meta.story({
  name: 'Wrong code',
  play: async ({ canvas, userEvent }) => {
    const { code, reset } = await fillAndSend(canvas, userEvent, '654321')
    await expectToast(INVALID_CODE_MESSAGE, 'error')
    await waitFor(() => expect(loader()).toBeNull())
    storyClock().advance(2000)
    await settle()
    await expect(canvas.getByRole('heading', { level: 1, name: 'Check your mail' })).toBeVisible()
    // The reset is still pending: the right code can be typed in again.
    await expect(readPendingPasswordReset()).toEqual({ id: RESET_ID, emailId: ACCOUNT })
    await expect(code).toHaveValue('654321')
    await expect(reset).toBeEnabled()
  },
})

/** A 500 answer: its message as an error toast, and the page stays. */
export const ServerError = meta.story({
  name: 'Server error',
  beforeEach({ msw }) {
    msw.use(
      scenarios.serverError('resetPassword', 'The service is unavailable. Please try again later.', 500),
    )
  },
  play: async ({ canvas, userEvent }) => {
    const { reset } = await fillAndSend(canvas, userEvent)
    await expectToast('The service is unavailable. Please try again later.', 'error')
    await waitFor(() => expect(loader()).toBeNull())
    await expect(canvas.getByRole('heading', { level: 1, name: 'Check your mail' })).toBeVisible()
    await expect(reset).toBeEnabled()
  },
})

let consoleError: MockInstance<typeof console.error>

/** The network fails (spec §8 "logged only"): no toast, the loader goes, the page and the pending reset stay. */
export const NetworkFailure = meta.story({
  name: 'Network failure',
  beforeEach({ msw }) {
    msw.use(scenarios.networkFailure('resetPassword'))
    consoleError = spyOn(console, 'error').mockImplementation(() => undefined)
    return () => consoleError.mockRestore()
  },
  play: async ({ canvas, userEvent }) => {
    const { code, reset } = await fillAndSend(canvas, userEvent)
    // Told in one place (src/lib/api-failure.ts): the service, the method and the path only.
    await waitFor(() =>
      expect(consoleError).toHaveBeenCalledWith(
        'The main service could not be reached for POST /api/registration/reset-password.',
      ),
    )
    await waitFor(() => expect(loader()).toBeNull())
    // Neither the code nor the password reaches the log.
    await expect(JSON.stringify(consoleError.mock.calls)).not.toMatch(/123456|Fibre#Lab2025/)
    await expect(liveToasts()).toHaveLength(0)
    await expect(code).toHaveValue(FIXTURE_CODE)
    await expect(reset).toBeEnabled()
    await expect(readPendingPasswordReset()).toEqual({ id: RESET_ID, emailId: ACCOUNT })
  },
})

const sentBodies: unknown[] = []

/**
 * The right code: exactly { otp, password, confirmPassword, id } reaches the server, its message
 * shows as a success toast, the pending reset is gone, and /password-reset comes at 2 s, not before.
 */
export const PasswordChanged = meta.story({
  name: 'Password changed',
  beforeEach({ msw }) {
    sentBodies.length = 0
    msw.use(
      http.post(endpointUrl(endpoints.resetPassword), async ({ request }) => {
        sentBodies.push(await request.clone().json())
        // Nothing returned: the fixture world answers.
      }),
    )
  },
  play: async ({ canvas, userEvent }) => {
    const { reset } = await fillAndSend(canvas, userEvent)
    await expectToast(PASSWORD_RESET_MESSAGE, 'success')
    await waitFor(() => expect(loader()).toBeNull())
    await expect(sentBodies).toEqual([
      { otp: FIXTURE_CODE, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, id: RESET_ID },
    ])
    await expect(readPendingPasswordReset()).toBeNull()
    // Still showing where the code went, with nothing more to send, while the page moves on.
    await expect(canvas.getByText(ACCOUNT)).toBeVisible()
    await waitFor(() => expect(reset).toBeDisabled())

    const waiting = storyClock().pending
    storyClock().advance(1999)
    await settle()
    await expect(canvas.getByRole('heading', { level: 1, name: 'Check your mail' })).toBeVisible()
    await expect(storyClock().pending).toBe(waiting)
    storyClock().advance(1)
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Password reset' })).toBeVisible()
  },
})

/** Opened without asking for a code first: says so and leads to /forgot-password instead of a form. */
export const NoPendingReset = meta.story({
  name: 'No pending reset',
  beforeEach: () => {
    removePendingPasswordReset()
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Check your mail' })).toBeVisible()
    await expect(
      canvas.getByText(
        'There is no password reset waiting in this browser tab, so there is no code to enter here yet.',
      ),
    ).toBeVisible()
    await expect(canvas.queryByRole('textbox', { name: '6-Digit code' })).toBeNull()
    await expect(canvas.queryByRole('button', { name: 'Reset password' })).toBeNull()
    await expect(canvas.getByRole('link', { name: 'Ask for a code' })).toHaveAttribute(
      'href',
      '/forgot-password',
    )
  },
})

/** From there, 'Ask for a code' opens /forgot-password. */
export const NoPendingResetAskForCode = meta.story({
  name: 'No pending reset: ask for a code',
  beforeEach: () => {
    removePendingPasswordReset()
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('link', { name: 'Ask for a code' }))
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Forgot password' })).toBeVisible()
  },
})

/** 'Send it again' goes back to /forgot-password for a new code. */
export const SendItAgain = meta.story({
  name: 'Send it again',
  play: async ({ canvas, userEvent }) => {
    await screenReady(canvas)
    await userEvent.click(canvas.getByRole('link', { name: 'Send it again' }))
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Forgot password' })).toBeVisible()
  },
})

/** At phone width: the three fields and the button fill the card. */
export const Phone = meta.story({
  name: 'Phone',
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas, userEvent }) => {
    const { code, reset } = await screenReady(canvas)
    await userEvent.type(code, FIXTURE_CODE)
    const form = reset.closest('form') as HTMLElement
    await expect(reset.getBoundingClientRect().width).toBe(form.getBoundingClientRect().width)
    await expect(code.getBoundingClientRect().width).toBe(form.getBoundingClientRect().width)
  },
})

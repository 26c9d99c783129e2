import preview from '#.storybook/preview'
import { storyClock } from '#.storybook/clock'
import { toast } from 'sonner'
import { expect, screen, type UserEventObject, waitFor, within } from 'storybook/test'
import type { RegistrationPayload } from '@/contract/auth'
import { STATUS_SUCCESS } from '@/contract/common'
import {
  CODE_REQUIRED_MESSAGE,
  PASSWORD_CREATED_MESSAGE,
  PASSWORD_RULES_MESSAGE,
  PASSWORDS_DO_NOT_MATCH_MESSAGE,
} from '@/contract/messages'
import { INVALID_CODE_MESSAGE } from '@/contract/server-messages'
import { callEndpoint } from '@/lib/call-endpoint'
import { readPendingRegistration, removePendingRegistration, writePendingRegistration } from '@/lib/storage'
import { scenarios } from '@/mocks/scenarios'
import { CreatePasswordDialog } from '@/features/auth/components/create-password-dialog'
import { CreatePasswordFields } from '@/features/auth/components/create-password-fields'

/**
 * The Create Password dialog (spec §2, §4, §5, §8) on the registration screen of a vendor who has
 * just registered: the code and the password typed twice, with the rule's messages, paste refused
 * in the passwords, the loader, the server's plain-text error, and 'Password created successfully!'
 * followed by the home page 5 s later. Its toasts have their own container inside the dialog.
 */

const HOME_HEADING = 'Certify your telecom devices, from first form to certificate'
const EMAIL = 'ravi.kumar@acme-broadband.com'
/** The code the fixture world e-mails. */
const FIXTURE_CODE = '123456'
const NEW_PASSWORD = 'Certify#2027'

const REGISTRANT: RegistrationPayload = {
  firstName: 'Ravi',
  lastName: 'Kumar',
  emailId: EMAIL,
  reEnteredEmailId: EMAIL,
  organization: 'Acme Broadband',
  lob: 'Wireline',
  phoneNumber: '98450 12345',
  countryCode: '+91',
  country: 'India',
  state: 'Karnataka',
  city: 'Bengaluru',
}

/**
 * A story's beforeEach: the vendor has just registered, as the registration screen leaves it —
 * the account waits for its password in the fixture world, and the answer is in session storage.
 */
async function justRegistered() {
  // The toast store outlives a story: the toasts of the story before must not answer for this one.
  toast.dismiss()
  const result = await callEndpoint('register', REGISTRANT)
  if (!result.ok || result.data.status !== STATUS_SUCCESS || !result.data.id) {
    throw new Error('The fixture world refused the registration the story starts from.')
  }
  writePendingRegistration({ ...result.data, id: result.data.id, emailId: EMAIL })
  return () => removePendingRegistration()
}

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `The Create Password dialog that opens 2 s after a successful registration: the six-digit code from
the mail, and the password typed twice, its rules shown, pasting refused. A wrong code or a server's
refusal shows its message; 'Password created successfully!' closes the flow and goes home after 5 s.
Closed by mistake, it opens again from the registration page.`

const meta = preview.meta({
  title: 'Auth/Create password dialog',
  subcomponents: { CreatePasswordDialog, CreatePasswordFields },
  parameters: {
    layout: 'fullscreen',
    router: { app: true, url: '/create-profile/register' },
    docs: { description: { component: ABOUT } },
  },
  beforeEach: justRegistered,
  render: () => <></>,
})

/** Opens the dialog from the registration screen, as a vendor coming back to it would. */
async function openDialog(canvas: ReturnType<typeof within>, userEvent: UserEventObject) {
  await canvas.findByRole('heading', { level: 1, name: 'Register your organization' })
  await userEvent.click(await canvas.findByRole('button', { name: 'Create your password' }))
  const dialog = await screen.findByRole('dialog', { name: 'Create your password' })
  const scope = within(dialog)
  const parts = {
    dialog,
    code: scope.getByRole('textbox', { name: '6-Digit code' }),
    password: scope.getByLabelText(/^Password/),
    confirm: scope.getByLabelText(/^Confirm password/),
    submit: scope.getByRole('button', { name: 'Create password' }),
  }
  await waitFor(() => expect(parts.code).toHaveFocus())
  return parts
}

/** The message shown under a field (its accessible description names it). */
async function expectMessage(control: HTMLElement, message: string) {
  await waitFor(() => expect(control).toHaveAccessibleDescription(expect.stringContaining(message)))
  await expect(control).toHaveAttribute('aria-invalid', 'true')
}

async function expectNoMessage(control: HTMLElement) {
  await waitFor(() => expect(control).not.toHaveAttribute('aria-invalid'))
}

/** A toast of the dialog's own container, once it has slid in, and of this kind. */
async function expectToast(dialog: HTMLElement, text: string, type: 'success' | 'error') {
  const toasts = await within(dialog).findByRole('region', { name: /^Create password notifications/ })
  const message = await within(toasts).findByText(text)
  await waitFor(() => expect(message).toBeVisible())
  await expect(message.closest('[data-sonner-toast]')).toHaveAttribute('data-type', type)
  return message
}

async function fill(parts: Awaited<ReturnType<typeof openDialog>>, userEvent: UserEventObject, code: string) {
  await userEvent.type(parts.code, code)
  await userEvent.type(parts.password, NEW_PASSWORD)
  await userEvent.type(parts.confirm, NEW_PASSWORD)
  await waitFor(() => expect(parts.submit).toBeEnabled())
}

/** Opened: named by its title, the address the code went to, focus in the code, Create password waiting. */
export const Empty = meta.story({
  name: 'Empty',
  play: async ({ canvas, userEvent }) => {
    const { dialog, code, password, confirm, submit } = await openDialog(canvas, userEvent)
    await expect(dialog).toHaveAccessibleDescription(expect.stringContaining(EMAIL))
    await expect(code).toHaveValue('')
    await expect(password).toHaveValue('')
    await expect(password).toHaveAttribute('type', 'password')
    await expect(confirm).toHaveValue('')
    await expect(confirm).toHaveAttribute('type', 'password')
    await expect(submit).toBeDisabled()
  },
})

/** The password rule at each of its parts and bounds, with its one message. */
export const PasswordRules = meta.story({
  name: 'Password rules',
  play: async ({ canvas, userEvent }) => {
    const { password } = await openDialog(canvas, userEvent)
    const refused = [
      'Cert#1a', // 7 characters
      'certify#2027', // no upper-case letter
      'CERTIFY#2027', // no lower-case letter
      'Certify#', // no digit
      'Certify2027', // no special character
      'Certify #2027', // a space
      'Certify#2027Certify#2', // 21 characters
    ]
    for (const value of refused) {
      await userEvent.clear(password)
      await userEvent.type(password, value)
      await expectMessage(password, PASSWORD_RULES_MESSAGE)
    }
    for (const value of ['Cert#1ab', 'Certify#2027Certify#']) {
      await userEvent.clear(password)
      await userEvent.type(password, value)
      await expectNoMessage(password)
    }
  },
})

/** The confirmation must match, and follows later changes of the password. */
export const PasswordsDoNotMatch = meta.story({
  name: 'Passwords do not match',
  play: async ({ canvas, userEvent }) => {
    const { password, confirm } = await openDialog(canvas, userEvent)
    await userEvent.type(password, NEW_PASSWORD)
    await expectNoMessage(confirm)
    await userEvent.type(confirm, 'Certify#2028')
    await expectMessage(confirm, PASSWORDS_DO_NOT_MATCH_MESSAGE)
    await userEvent.type(confirm, '{Backspace}7')
    await expectNoMessage(confirm)
    await userEvent.type(password, '!')
    await expectMessage(confirm, PASSWORDS_DO_NOT_MATCH_MESSAGE)
  },
})

/** Pasting is refused in both password fields (the code may be pasted from the e-mail). */
export const PasteRefused = meta.story({
  name: 'Paste refused',
  play: async ({ canvas, userEvent }) => {
    const { code, password, confirm } = await openDialog(canvas, userEvent)
    await userEvent.paste(FIXTURE_CODE)
    await expect(code).toHaveValue(FIXTURE_CODE)
    await userEvent.click(password)
    await userEvent.paste(NEW_PASSWORD)
    await expect(password).toHaveValue('')
    await userEvent.click(confirm)
    await userEvent.paste(NEW_PASSWORD)
    await expect(confirm).toHaveValue('')
  },
})

/** Create password is enabled once all three are filled and valid. */
export const SubmitEnabled = meta.story({
  name: 'Submit enabled',
  play: async ({ canvas, userEvent }) => {
    const parts = await openDialog(canvas, userEvent)
    await fill(parts, userEvent, FIXTURE_CODE)
    await userEvent.clear(parts.code)
    await expectMessage(parts.code, CODE_REQUIRED_MESSAGE)
    await expect(parts.submit).toBeDisabled()
    await userEvent.type(parts.code, FIXTURE_CODE)
    await waitFor(() => expect(parts.submit).toBeEnabled())
  },
})

/** While the request is pending a full-screen loader covers the page and the dialog. */
export const Creating = meta.story({
  name: 'Creating',
  beforeEach({ msw }) {
    msw.use(scenarios.loading('changePassword'))
  },
  play: async ({ canvas, userEvent }) => {
    const parts = await openDialog(canvas, userEvent)
    await fill(parts, userEvent, FIXTURE_CODE)
    await userEvent.click(parts.submit)
    const loader = await screen.findByRole('dialog', { name: 'Loading' })
    await expect(within(loader).getByRole('status')).toHaveTextContent('Creating your password…')
    await expect(parts.submit).toHaveAttribute('aria-busy', 'true')
  },
})

/** A wrong code: the server's plain text as an error; the dialog stays as it was. */
export const WrongCode = meta.story({
  name: 'Wrong code',
  play: async ({ canvas, userEvent }) => {
    const parts = await openDialog(canvas, userEvent)
    await fill(parts, userEvent, '654321')
    await userEvent.click(parts.submit)
    await expectToast(parts.dialog, INVALID_CODE_MESSAGE, 'error')
    await expect(parts.dialog).toBeVisible()
    await expect(parts.code).toHaveValue('654321')
    await waitFor(() => expect(parts.submit).toBeEnabled())
    await expect(readPendingRegistration()).toEqual({ id: expect.any(String), emailId: EMAIL })
  },
})

/** Whatever text the server answers with is what the vendor reads. */
export const ServerText = meta.story({
  name: 'Server text',
  beforeEach({ msw }) {
    msw.use(scenarios.serverError('changePassword', 'The code has expired. Please register again.', 400))
  },
  play: async ({ canvas, userEvent }) => {
    const parts = await openDialog(canvas, userEvent)
    await fill(parts, userEvent, FIXTURE_CODE)
    await userEvent.click(parts.submit)
    await expectToast(parts.dialog, 'The code has expired. Please register again.', 'error')
  },
})

/**
 * The right code: 'Password created successfully!' at the top right of the page, in the dialog's
 * own container, and the home page 5 s later (not at 4999 ms).
 */
export const PasswordCreated = meta.story({
  name: 'Password created',
  parameters: { clock: 'manual' },
  play: async ({ canvas, userEvent }) => {
    const parts = await openDialog(canvas, userEvent)
    await fill(parts, userEvent, FIXTURE_CODE)
    await userEvent.click(parts.submit)
    const message = await expectToast(parts.dialog, PASSWORD_CREATED_MESSAGE, 'success')

    // Placed against the viewport, not clipped inside the dialog.
    const toastBox = message.closest('[data-sonner-toast]')!.getBoundingClientRect()
    const dialogBox = parts.dialog.getBoundingClientRect()
    await expect(toastBox.right).toBeGreaterThan(dialogBox.right)
    await expect(document.documentElement.clientWidth - toastBox.right).toBeLessThan(40)
    await expect(toastBox.top).toBeLessThan(dialogBox.top)

    await expect(readPendingRegistration()).toBeNull()
    await expect(parts.submit).toBeDisabled()
    storyClock().advance(4999)
    // Still on the registration screen (behind the dialog, hidden from assistive technology).
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Register your organization', hidden: true }),
    ).toBeInTheDocument()
    await expect(parts.dialog).toBeVisible()
    storyClock().advance(1)
    await expect(await canvas.findByRole('heading', { level: 1, name: HOME_HEADING })).toBeVisible()
  },
})

/** Closed with Escape: the page stays, focus returns to its button, and the dialog opens afresh. */
export const CloseAndReopen = meta.story({
  name: 'Close and reopen',
  play: async ({ canvas, userEvent }) => {
    const parts = await openDialog(canvas, userEvent)
    await userEvent.type(parts.code, FIXTURE_CODE)
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await expect(canvas.getByRole('heading', { level: 1, name: 'Register your organization' })).toBeVisible()
    const reopen = canvas.getByRole('button', { name: 'Create your password' })
    await waitFor(() => expect(reopen).toHaveFocus())

    const again = await openDialog(canvas, userEvent)
    await expect(again.code).toHaveValue('')
    // The close (X) button closes it too.
    await userEvent.click(within(again.dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  },
})

/** On a phone the dialog fits the screen. */
export const Phone = meta.story({
  name: 'Phone',
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvas, userEvent }) => {
    const { dialog } = await openDialog(canvas, userEvent)
    await waitFor(() => {
      const box = dialog.getBoundingClientRect()
      expect(box.left).toBeGreaterThanOrEqual(0)
      expect(box.right).toBeLessThanOrEqual(document.documentElement.clientWidth)
    })
  },
})

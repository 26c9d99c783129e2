import preview from '#.storybook/preview'
import { expect, screen, waitFor, within } from 'storybook/test'
import {
  LAB_MANAGER_ONLY_MESSAGE,
  LAB_PASSWORD_SET_MESSAGE,
  LAB_SET_PASSWORD_LINK_INVALID_MESSAGE,
  LAB_STAFF_EMAIL_TAKEN_MESSAGE,
  labStaffAddedMessage,
  labStaffRemovedMessage,
  labStaffRoleChangedMessage,
} from '@/contract/lab'
import { PASSWORDS_DO_NOT_MATCH_MESSAGE } from '@/contract/messages'
import { FIXTURE_LAB_TOKEN } from '@/mocks/fixtures/lab'
import { LabSetPasswordPage } from '@/features/auth/components/lab-set-password-page'
import { LabStaffScreen } from '@/features/lab/components/lab-staff-screen'
import { loggedInAsLab, loggedOut } from '../support/session'
import { expectToast } from '../support/toasts'

/**
 * The lab's staff at /lab/staff (a Lab manager's page: Lena Lab, Eli Engineer, and Nina
 * New, whose set-password link is still unused), and the page that link opens.
 */

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `\`/lab/staff\`, a Lab manager's page: the staff with their roles, a role picker and Remove, and Add a
staff member, which mails a set-password link; a Lab engineer is refused. Also the set-password page
the link opens, and what it says once the link is no longer valid.`

const meta = preview.meta({
  title: 'Lab/Lab staff',
  subcomponents: { LabStaffScreen, LabSetPasswordPage },
  parameters: {
    layout: 'fullscreen',
    router: { app: true, url: '/lab/staff' },
    docs: { description: { component: ABOUT } },
  },
  render: () => <></>,
})

type Canvas = ReturnType<typeof within>

async function staffTable(canvas: Canvas) {
  await canvas.findByRole('heading', { level: 1, name: 'Lab staff' })
  return canvas.findByRole('table', { name: 'The lab’s staff' })
}

const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].slice(0, 4).map((cell) => cell.textContent?.trim()))

export const ManagersView = meta.story({
  name: 'Lab manager’s view',
  beforeEach: loggedInAsLab('Lab manager'),
  play: async ({ canvas, userEvent }) => {
    const table = await staffTable(canvas)
    await expect(rowTexts(table)).toEqual([
      ['Lena Lab(you)lena.lab@lab.exampleActive', 'Lab manager', 'Active', '20 Nov 2026, 08:55'],
      ['Eli Engineereli.engineer@lab.exampleActive', 'Lab engineer', 'Active', '19 Nov 2026, 16:10'],
      [
        'Nina Newnina.new@lab.exampleLink sent, no password yet',
        'Lab engineer',
        'Link sent, no password yet',
        'Not yet',
      ],
    ])
    await userEvent.click(canvas.getByRole('combobox', { name: 'Role of Eli Engineer' }))
    await userEvent.click(await screen.findByRole('option', { name: 'Lab manager' }))
    await expectToast(labStaffRoleChangedMessage('Eli Engineer', 'Lab manager'), 'success')
    await userEvent.click(canvas.getByRole('button', { name: 'Remove Nina New' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove Nina New?' })
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }))
    await expectToast(labStaffRemovedMessage('Nina New'), 'success')
  },
})

export const AddStaff = meta.story({
  name: 'Add a staff member',
  beforeEach: loggedInAsLab('Lab manager'),
  play: async ({ canvas, userEvent }) => {
    await staffTable(canvas)
    await userEvent.click(canvas.getByRole('button', { name: 'Add a staff member' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add a staff member' })
    await expect(dialog).toHaveAccessibleDescription(
      'We send them a link to set their password. It works for 72 hours.',
    )
    const name = within(dialog).getByRole('textbox', { name: /Name/ })
    await waitFor(() => expect(name).toHaveFocus())
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add and send the link' }))
    await expect(await within(dialog).findByText('Enter the staff member’s name.')).toBeVisible()
    await userEvent.type(name, 'Omar Okafor')
    const email = within(dialog).getByRole('textbox', { name: /E-mail address/ })
    await userEvent.type(email, 'eli.engineer@lab.example')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add and send the link' }))
    await expect(await within(dialog).findByText(LAB_STAFF_EMAIL_TAKEN_MESSAGE)).toBeVisible()
    await userEvent.clear(email)
    await userEvent.type(email, 'omar.okafor@lab.example')
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Lab manager/ }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add and send the link' }))
    await expectToast(labStaffAddedMessage('omar.okafor@lab.example'), 'success')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(canvas.getByRole('rowheader', { name: /Omar Okafor/ })).toBeVisible())
  },
})

export const EngineerRefused = meta.story({
  name: 'Lab engineer opens the staff page',
  beforeEach: loggedInAsLab('Lab engineer'),
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Lab staff' })
    await expect(canvas.getByText(LAB_MANAGER_ONLY_MESSAGE)).toBeVisible()
    await expect(canvas.queryByRole('table')).toBeNull()
  },
})

export const SetPassword = meta.story({
  name: 'Set-password link',
  beforeEach: loggedOut,
  parameters: { router: { app: true, url: `/lab/set-password?token=${FIXTURE_LAB_TOKEN}` } },
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Set your password' })
    await expect(
      await canvas.findByText(
        'Welcome to the certification lab, Nina New. Choose the password for nina.new@lab.example.',
      ),
    ).toBeVisible()
    await userEvent.type(canvas.getByLabelText(/New password/), 'Lab#Bench2026')
    await userEvent.type(canvas.getByLabelText(/Confirm password/), 'Lab#Bench2027')
    await userEvent.click(canvas.getByRole('button', { name: 'Set password' }))
    await expect(await canvas.findByText(PASSWORDS_DO_NOT_MATCH_MESSAGE)).toBeVisible()
    await userEvent.clear(canvas.getByLabelText(/Confirm password/))
    await userEvent.type(canvas.getByLabelText(/Confirm password/), 'Lab#Bench2026')
    await userEvent.click(canvas.getByRole('button', { name: 'Set password' }))
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Password set' })).toBeVisible()
    await expect(canvas.getByText(LAB_PASSWORD_SET_MESSAGE)).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Go to login' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Flab',
    )
  },
})

export const SetPasswordLinkInvalid = meta.story({
  name: 'Set-password link no longer valid',
  beforeEach: loggedOut,
  parameters: { router: { app: true, url: '/lab/set-password?token=used-or-unknown' } },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Set your password' })
    await expect(await canvas.findByText(LAB_SET_PASSWORD_LINK_INVALID_MESSAGE)).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Go to login' })).toBeVisible()
  },
})

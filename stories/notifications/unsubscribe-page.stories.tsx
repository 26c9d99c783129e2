import preview from '#.storybook/preview'
import { expect, waitFor, type within } from 'storybook/test'
import {
  UNSUBSCRIBE_MANAGE_HINT,
  UNSUBSCRIBE_TOKEN_INVALID_MESSAGE,
  unsubscribeAlreadyOffMessage,
  unsubscribedMessage,
  unsubscribeQuestion,
} from '@/contract/notifications'
import { UnsubscribeScreen } from '@/features/notifications/components/unsubscribe-screen'
import { FIXTURE_INVITEE_EMAIL, UNSUBSCRIBE_TOKENS } from '@/mocks/fixtures/notifications'
import { notificationFixture } from '@/mocks/notification-handlers'
import { loggedOut } from '../support/session'

/**
 * The page a notification mail's unsubscribe link opens, for a visitor (no login).
 * Opening it changes nothing; the button turns the kind off and says so; a changed or unknown link
 * is refused and changes nothing. Each leads to the settings page.
 */

const urlOf = (token?: string) => (token ? `/unsubscribe?token=${token}` : '/unsubscribe')

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `The page a notification mail's unsubscribe link opens, for whoever holds the mail, with no login.
Opening it changes nothing; its button turns that kind of mail off and says so; a changed or unknown
link is refused and changes nothing. Each state leads on to the settings page.`

const meta = preview.meta({
  title: 'Settings/Notifications/Unsubscribe page',
  subcomponents: { UnsubscribeScreen },
  parameters: {
    layout: 'fullscreen',
    router: { app: true, url: urlOf(UNSUBSCRIBE_TOKENS.runFinished) },
    docs: { description: { component: ABOUT } },
  },
  beforeEach: loggedOut,
  render: () => <></>,
})

type Canvas = ReturnType<typeof within>

const PRIYA = { label: 'Certification run finished', emailId: 'priya.sharma@nokia.com' }

async function ready(canvas: Canvas) {
  return canvas.findByRole('heading', { level: 1, name: 'Unsubscribe' })
}

export const ValidLink = meta.story({
  name: 'Valid link, then done',
  play: async ({ canvas, userEvent }) => {
    await ready(canvas)
    await expect(
      await canvas.findByText(
        unsubscribeQuestion({ ...PRIYA, organizationName: 'Nokia Solutions and Networks' }),
      ),
    ).toBeVisible()
    await expect(
      canvas.getByText(
        'Stop “Certification run finished” mails to priya.sharma@nokia.com for Nokia Solutions and Networks?',
      ),
    ).toBeVisible()
    // Reading the link changed nothing.
    await expect(notificationFixture().enabled.runFinished).toBe(true)
    const button = canvas.getByRole('button', { name: 'Unsubscribe' })
    button.focus()
    await userEvent.keyboard('{Enter}')
    const done = await canvas.findByRole('status')
    await expect(done).toHaveTextContent(unsubscribedMessage(PRIYA))
    await expect(done).toHaveTextContent(
      'Done: “Certification run finished” mails to priya.sharma@nokia.com are off.',
    )
    await waitFor(() => expect(done).toHaveFocus())
    await expect(notificationFixture().enabled.runFinished).toBe(false)
    await expect(notificationFixture().enabled.certificateIssued).toBe(true)
    await expect(canvas.getByRole('link', { name: 'Manage notifications' })).toHaveAttribute(
      'href',
      '/settings/notifications',
    )
    await expect(canvas.getByText(UNSUBSCRIBE_MANAGE_HINT, { exact: false })).toBeVisible()
  },
})

export const AlreadyOff = meta.story({
  name: 'Already off',
  beforeEach: [
    loggedOut,
    () => {
      notificationFixture().enabled.runFinished = false
    },
  ],
  play: async ({ canvas }) => {
    await ready(canvas)
    await expect(await canvas.findByText(unsubscribeAlreadyOffMessage(PRIYA))).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Unsubscribe' })).toBeNull()
  },
})

export const InvitationsToAnAddress = meta.story({
  name: 'Invitations to an address without an account',
  parameters: { router: { app: true, url: urlOf(UNSUBSCRIBE_TOKENS.invitee) } },
  play: async ({ canvas, userEvent }) => {
    await ready(canvas)
    const label = 'Invitations to organizations'
    await expect(await canvas.findByText(`Stop “${label}” mails to ${FIXTURE_INVITEE_EMAIL}?`)).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Unsubscribe' }))
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      unsubscribedMessage({ label, emailId: FIXTURE_INVITEE_EMAIL }),
    )
    await expect(notificationFixture().addressOptouts.has(FIXTURE_INVITEE_EMAIL)).toBe(true)
  },
})

export const LabStaffLink = meta.story({
  name: 'A lab staff member’s link',
  parameters: { router: { app: true, url: urlOf(UNSUBSCRIBE_TOKENS.labVendorComment) } },
  play: async ({ canvas, userEvent }) => {
    await ready(canvas)
    await expect(
      await canvas.findByText('Stop “Comment from a vendor” mails to lena.lab@lab.example?'),
    ).toBeVisible()
    await expect(notificationFixture().enabled.vendorComment).toBe(true)
    await userEvent.click(canvas.getByRole('button', { name: 'Unsubscribe' }))
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      'Done: “Comment from a vendor” mails to lena.lab@lab.example are off.',
    )
    await expect(notificationFixture().enabled.vendorComment).toBe(false)
    await expect(notificationFixture().enabled.commentReceived).toBe(true)
    // The settings of the link's side: the lab's page.
    await expect(canvas.getByRole('link', { name: 'Manage notifications' })).toHaveAttribute(
      'href',
      '/lab/notifications',
    )
  },
})

export const TamperedLink = meta.story({
  name: 'Invalid token',
  parameters: { router: { app: true, url: urlOf(UNSUBSCRIBE_TOKENS.tampered) } },
  play: async ({ canvas }) => {
    await ready(canvas)
    const alert = await canvas.findByRole('alert')
    await expect(alert).toHaveTextContent(UNSUBSCRIBE_TOKEN_INVALID_MESSAGE)
    await expect(canvas.queryByRole('button', { name: 'Unsubscribe' })).toBeNull()
    await expect(notificationFixture().enabled.runFinished).toBe(true)
    await expect(canvas.getByRole('link', { name: 'Manage notifications' })).toBeVisible()
  },
})

export const NoToken = meta.story({
  name: 'No token',
  parameters: { router: { app: true, url: urlOf() } },
  play: async ({ canvas }) => {
    await ready(canvas)
    await expect(await canvas.findByRole('alert')).toHaveTextContent(UNSUBSCRIBE_TOKEN_INVALID_MESSAGE)
  },
})

export const OnAPhone = meta.story({
  name: 'On a phone',
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvas }) => {
    await ready(canvas)
    await expect(await canvas.findByRole('button', { name: 'Unsubscribe' })).toBeVisible()
  },
})

import preview from '#.storybook/preview'
import { expect, waitFor, within } from 'storybook/test'
import {
  LAB_ALL_NOTIFICATIONS_OFF_MESSAGE,
  NOTIFICATION_KIND_DESCRIPTIONS,
  NOTIFICATION_SETTING_FAILED_MESSAGE,
  labNotificationsPageIntro,
} from '@/contract/notifications'
import { LabNotificationSettingsScreen } from '@/features/notifications/components/notification-settings-screen'
import { notificationFixture } from '@/mocks/notification-handlers'
import { scenarios } from '@/mocks/scenarios'
import { loggedInAsLab } from '../support/session'
import { expectToast } from '../support/toasts'

/**
 * docs/decisions/0028 point 9: a lab staff member's own notification
 * settings at /lab/notifications, logged in as the fixture's Lena Lab. Four switches: a vendor's
 * comment on a record, a vendor's new revision of a device (docs/decisions/0033), a run awaiting
 * review and a record assigned to you (docs/decisions/0045), mailed to each staff member whose switch
 * is on; saved at once, put back when refused. Reached from the lab header's Notifications.
 */

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `A lab staff member's own notification settings at \`/lab/notifications\`, reached from the lab header:
four switches, for a vendor's comment, a vendor's new revision of a device, a run awaiting review
and a record assigned to you, each mailed to every staff member whose switch is on. A change is
saved at once and put back when refused.`

const meta = preview.meta({
  title: 'Lab/Notifications',
  subcomponents: { LabNotificationSettingsScreen },
  parameters: {
    layout: 'fullscreen',
    router: { app: true, url: '/lab/notifications' },
    docs: { description: { component: ABOUT } },
  },
  beforeEach: loggedInAsLab('Lab engineer'),
  render: () => <></>,
})

type Canvas = ReturnType<typeof within>

const INTRO = labNotificationsPageIntro('lena.lab@lab.example')
const SERVER_DOWN = 'The service is unavailable. Please try again later.'

async function ready(canvas: Canvas) {
  await canvas.findByRole('heading', { level: 1, name: 'Notifications' })
  return canvas.findByText(INTRO)
}

const vendorComments = (canvas: Canvas) => canvas.getByRole('switch', { name: 'Comment from a vendor' })
const newRevisions = (canvas: Canvas) => canvas.getByRole('switch', { name: 'New revision of a device' })

export const On = meta.story({
  name: 'On, turned off by keyboard',
  play: async ({ canvas, userEvent }) => {
    await ready(canvas)
    await expect(canvas.getByText(INTRO)).toHaveTextContent(
      'Mails go to lena.lab@lab.example. These settings are yours alone; every lab staff member chooses their own.',
    )
    await expect(canvas.getByRole('heading', { level: 2, name: 'Certification lab' })).toBeVisible()
    await expect(canvas.getAllByRole('switch')).toHaveLength(4)
    await expect(canvas.getByRole('switch', { name: 'A run awaits review' })).toBeChecked()
    await expect(canvas.getByRole('switch', { name: 'A record was assigned to you' })).toBeChecked()
    await expect(vendorComments(canvas)).toBeChecked()
    await expect(vendorComments(canvas)).toHaveAccessibleDescription(
      NOTIFICATION_KIND_DESCRIPTIONS.vendorComment,
    )
    // docs/decisions/0033: a vendor's new revision of a device.
    await expect(newRevisions(canvas)).toBeChecked()
    await expect(newRevisions(canvas)).toHaveAccessibleDescription(
      NOTIFICATION_KIND_DESCRIPTIONS.recordRevised,
    )
    await expect(canvas.queryByText(LAB_ALL_NOTIFICATIONS_OFF_MESSAGE)).toBeNull()
    // From the page's first control (Back to the queue), Tab reaches the switch; Space turns it off.
    canvas.getByRole('link', { name: 'Back to the queue' }).focus()
    await userEvent.tab()
    await expect(vendorComments(canvas)).toHaveFocus()
    await userEvent.keyboard(' ')
    await expect(vendorComments(canvas)).not.toBeChecked()
    await waitFor(() =>
      expect(canvas.getByRole('status')).toHaveTextContent('Saved: “Comment from a vendor” mails are off.'),
    )
    await expect(notificationFixture().enabled.vendorComment).toBe(false)
    // New revisions still mail: not every notification is off.
    await expect(canvas.queryByText(LAB_ALL_NOTIFICATIONS_OFF_MESSAGE)).toBeNull()
  },
})

export const Off = meta.story({
  name: 'Off, turned back on',
  beforeEach: [
    loggedInAsLab('Lab engineer'),
    () => {
      notificationFixture().enabled.vendorComment = false
      notificationFixture().enabled.recordRevised = false
      notificationFixture().enabled.runAwaitingReview = false
      notificationFixture().enabled.recordAssigned = false
    },
  ],
  play: async ({ canvas, userEvent }) => {
    await ready(canvas)
    await expect(canvas.getByText(LAB_ALL_NOTIFICATIONS_OFF_MESSAGE)).toHaveTextContent(
      'Every notification is off: vendors’ comments, new revisions, runs awaiting review and assignments still show in the console’s queue, but no mail tells you of them.',
    )
    await expect(vendorComments(canvas)).not.toBeChecked()
    await userEvent.click(canvas.getByText('Comment from a vendor'))
    await expect(vendorComments(canvas)).toBeChecked()
    await waitFor(() =>
      expect(canvas.getByRole('status')).toHaveTextContent('Saved: “Comment from a vendor” mails are on.'),
    )
    await expect(canvas.queryByText(LAB_ALL_NOTIFICATIONS_OFF_MESSAGE)).toBeNull()
  },
})

export const SaveFailed = meta.story({
  name: 'Save failed, switch put back',
  beforeEach: [
    loggedInAsLab('Lab engineer'),
    ({ msw }) => msw.use(scenarios.serverError('labUpdateNotificationSetting', SERVER_DOWN, 503)),
  ],
  play: async ({ canvas, userEvent }) => {
    await ready(canvas)
    await userEvent.click(vendorComments(canvas))
    await expectToast(SERVER_DOWN, 'error')
    await waitFor(() =>
      expect(canvas.getByRole('status')).toHaveTextContent(NOTIFICATION_SETTING_FAILED_MESSAGE),
    )
    await expect(vendorComments(canvas)).toBeChecked()
    await expect(notificationFixture().enabled.vendorComment).toBe(true)
  },
})

export const Loading = meta.story({
  name: 'Loading',
  beforeEach: [
    loggedInAsLab('Lab engineer'),
    ({ msw }) => msw.use(scenarios.loading('labNotificationSettings')),
  ],
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Notifications' })
    await expect(await canvas.findByText('Loading your notification settings…')).toBeVisible()
    await expect(canvas.queryByRole('switch')).toBeNull()
  },
})

export const ReadFailed = meta.story({
  name: 'Read failed',
  beforeEach: [
    loggedInAsLab('Lab engineer'),
    ({ msw }) => msw.use(scenarios.serverError('labNotificationSettings', SERVER_DOWN, 503)),
  ],
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Notifications' })
    const alert = await canvas.findByRole('alert')
    await expect(alert).toHaveTextContent(SERVER_DOWN)
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible()
  },
})

export const OnAPhone = meta.story({
  name: 'On a phone',
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvas }) => {
    await ready(canvas)
    await expect(vendorComments(canvas)).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Back to the queue' })).toBeVisible()
  },
})

import preview from '#.storybook/preview'
import { expect, waitFor, within } from 'storybook/test'
import {
  ALL_NOTIFICATIONS_OFF_MESSAGE,
  NOTIFICATION_KIND_DESCRIPTIONS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_SETTING_FAILED_MESSAGE,
  notificationSettingSavedMessage,
  notificationsPageIntro,
} from '@/contract/notifications'
import { NotificationSettingsScreen } from '@/features/notifications/components/notification-settings-screen'
import { nokiaMember } from '@/mocks/fixtures/roles'
import { notificationFixture } from '@/mocks/notification-handlers'
import { scenarios } from '@/mocks/scenarios'
import { loggedInAs } from '../support/session'
import { expectToast } from '../support/toasts'

/**
 * The notification settings at /settings/notifications, logged in as Priya Sharma of
 * Nokia's organization, answered by the fixture world (src/mocks/notification-handlers.ts): one
 * switch per kind with what it sends, saved at once; a refused change puts the switch back.
 */

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `Notification settings at \`/settings/notifications\`, the first tab of a member's settings: one switch
per kind of mail with what it sends. A change is saved at once; a refused change puts the switch
back.`

const meta = preview.meta({
  title: 'Settings/Notifications/Settings page',
  subcomponents: { NotificationSettingsScreen },
  parameters: {
    layout: 'fullscreen',
    router: { app: true, url: '/settings/notifications' },
    docs: { description: { component: ABOUT } },
  },
  beforeEach: loggedInAs('v-nokia', nokiaMember('Engineer')),
  render: () => <></>,
})

type Canvas = ReturnType<typeof within>

const INTRO = notificationsPageIntro('priya.sharma@nokia.com', 'Nokia Solutions and Networks')
const SERVER_DOWN = 'The service is unavailable. Please try again later.'

async function ready(canvas: Canvas) {
  await canvas.findByRole('heading', { level: 1, name: 'Notifications' })
  return canvas.findByText(INTRO)
}

const switchOf = (canvas: Canvas, kind: (typeof NOTIFICATION_KINDS)[number]) =>
  canvas.getByRole('switch', { name: NOTIFICATION_KIND_LABELS[kind] })

export const EveryKindOn = meta.story({
  name: 'Every kind on, one turned off',
  play: async ({ canvas, userEvent }) => {
    await ready(canvas)
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'Nokia Solutions and Networks' }),
    ).toBeVisible()
    await expect(canvas.getByRole('heading', { level: 2, name: 'Your account' })).toBeVisible()
    await expect(canvas.getAllByRole('switch')).toHaveLength(5)
    for (const kind of NOTIFICATION_KINDS) {
      const control = switchOf(canvas, kind)
      await expect(control).toBeChecked()
      await expect(control).toHaveAccessibleDescription(NOTIFICATION_KIND_DESCRIPTIONS[kind])
    }
    await expect(canvas.queryByText(ALL_NOTIFICATIONS_OFF_MESSAGE)).toBeNull()
    // By keyboard: Tab to the first switch, Space turns it off, saved at once.
    switchOf(canvas, 'runFinished').focus()
    await userEvent.keyboard(' ')
    await expect(switchOf(canvas, 'runFinished')).not.toBeChecked()
    await waitFor(() =>
      expect(canvas.getByRole('status')).toHaveTextContent(
        notificationSettingSavedMessage('runFinished', false),
      ),
    )
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Saved: “Certification run finished” mails are off.',
    )
    await expect(notificationFixture().enabled.runFinished).toBe(false)
    await userEvent.tab()
    await expect(switchOf(canvas, 'certificateIssued')).toHaveFocus()
  },
})

export const Loading = meta.story({
  name: 'Loading',
  beforeEach: [
    loggedInAs('v-nokia', nokiaMember('Engineer')),
    ({ msw }) => msw.use(scenarios.loading('notificationSettings')),
  ],
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Notifications' })
    await expect(await canvas.findByText('Loading your notification settings…')).toBeVisible()
    await expect(canvas.queryByRole('switch')).toBeNull()
  },
})

export const SaveFailed = meta.story({
  name: 'Save failed, switch put back',
  beforeEach: [
    loggedInAs('v-nokia', nokiaMember('Engineer')),
    ({ msw }) => msw.use(scenarios.serverError('updateNotificationSetting', SERVER_DOWN, 503)),
  ],
  play: async ({ canvas, userEvent }) => {
    await ready(canvas)
    await userEvent.click(switchOf(canvas, 'commentReceived'))
    await expectToast(SERVER_DOWN, 'error')
    await waitFor(() =>
      expect(canvas.getByRole('status')).toHaveTextContent(NOTIFICATION_SETTING_FAILED_MESSAGE),
    )
    await expect(switchOf(canvas, 'commentReceived')).toBeChecked()
    await expect(notificationFixture().enabled.commentReceived).toBe(true)
  },
})

export const AllOff = meta.story({
  name: 'Every kind off',
  beforeEach: [
    loggedInAs('v-nokia', nokiaMember('Engineer')),
    () => {
      for (const kind of NOTIFICATION_KINDS) notificationFixture().enabled[kind] = false
    },
  ],
  play: async ({ canvas, userEvent }) => {
    await ready(canvas)
    await expect(canvas.getByText(ALL_NOTIFICATIONS_OFF_MESSAGE)).toBeVisible()
    for (const kind of NOTIFICATION_KINDS) await expect(switchOf(canvas, kind)).not.toBeChecked()
    await userEvent.click(canvas.getByText(NOTIFICATION_KIND_LABELS.invitation))
    await expect(switchOf(canvas, 'invitation')).toBeChecked()
    await waitFor(() =>
      expect(canvas.getByRole('status')).toHaveTextContent(
        'Saved: “Invitations to organizations” mails are on.',
      ),
    )
    await expect(canvas.queryByText(ALL_NOTIFICATIONS_OFF_MESSAGE)).toBeNull()
  },
})

export const ReadFailed = meta.story({
  name: 'Read failed',
  beforeEach: [
    loggedInAs('v-nokia', nokiaMember('Engineer')),
    ({ msw }) => msw.use(scenarios.serverError('notificationSettings', SERVER_DOWN, 503)),
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
    for (const kind of NOTIFICATION_KINDS) await expect(switchOf(canvas, kind)).toBeVisible()
  },
})

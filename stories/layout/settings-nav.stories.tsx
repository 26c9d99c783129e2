import preview from '#.storybook/preview'
import { expect, waitFor } from 'storybook/test'
import { NOTIFICATIONS_PAGE_TITLE } from '@/contract/notifications'
import { SettingsNav } from '@/components/layout/settings-nav'
import { nokiaMember } from '@/mocks/fixtures/roles'
import { loggedInAs } from '../support/session'

/**
 * The tabs between a member's settings pages (src/routes/_data._vendor.settings.tsx),
 * in the real app over the fixture world: /settings opens Notifications, and each tab is a link
 * to its page's own address, the current one marked for screen readers.
 */

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `The tabs between a member's settings pages: Notifications, API tokens, Webhooks and Catalogue.
\`/settings\` opens Notifications; each tab links to its page's own address, the current one marked
for screen readers.`

const meta = preview.meta({
  title: 'Settings/Navigation',
  component: SettingsNav,
  parameters: {
    layout: 'fullscreen',
    router: { app: true, url: '/settings' },
    docs: { description: { component: ABOUT } },
  },
  beforeEach: loggedInAs('v-nokia', nokiaMember('Owner')),
  render: () => <></>,
})

export const OpensNotificationsThenTokens = meta.story({
  name: 'Opens notifications then tokens',
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('heading', { level: 1, name: NOTIFICATIONS_PAGE_TITLE })
    const nav = await canvas.findByRole('navigation', { name: 'Settings' })
    const tabs = [...nav.querySelectorAll('a')]
    await expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('href')])).toEqual([
      ['Notifications', '/settings/notifications'],
      ['API tokens', '/settings/tokens'],
      ['Webhooks', '/settings/webhooks'],
      ['Catalogue', '/settings/catalogue'],
    ])
    await expect(tabs[0]).toHaveAttribute('aria-current', 'page')
    await expect(tabs[1]).not.toHaveAttribute('aria-current')
    tabs[1]?.focus()
    await userEvent.keyboard('{Enter}')
    await canvas.findByRole('heading', { level: 1, name: 'API tokens' })
    await waitFor(() => expect(tabs[1]).toHaveAttribute('aria-current', 'page'))
    await expect(tabs[0]).not.toHaveAttribute('aria-current')
  },
})

export const OnAPhone = meta.story({
  name: 'On a phone: the tabs scroll, the page does not',
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('heading', { level: 1, name: NOTIFICATIONS_PAGE_TITLE })
    const nav = await canvas.findByRole('navigation', { name: 'Settings' })
    // Four tabs are wider than a phone: the tab row scrolls sideways, never the page.
    const root = canvasElement.ownerDocument.documentElement
    await waitFor(() => expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth))
    for (const tab of nav.querySelectorAll('a')) {
      tab.scrollIntoView({ inline: 'nearest', block: 'nearest' })
      await waitFor(() => expect(tab).toBeVisible())
    }
  },
})

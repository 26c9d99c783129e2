import preview from '#.storybook/preview'
import { storyClock } from '#.storybook/clock'
import { expect, fireEvent, fn, screen, waitFor, within } from 'storybook/test'
import { sessionExpiryMessage } from '@/contract/messages'
import { SessionExpiry, type RenewOutcome } from '@/features/auth/components/session-expiry'
import { IDLE_TIMEOUT_MS, WARNING_MS } from '@/features/auth/model/session-timing'
import { announceSessionEnded } from '@/lib/session-ended'
import { clearSession, writeLastActivity } from '@/lib/storage'

/**
 * The idle timer and the 'Session expire Warning' (spec §2, §4, §8) on a manual clock: the warning
 * appears after 240 s without activity, counts down each second from 60, and the session ends at
 * 300 s; Continue session starts again and renews the server session; Logout ends it.
 */

const renew = fn<() => Promise<RenewOutcome>>(async () => 'renewed')
const expire = fn()
const logout = fn()

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `The idle warning every logged-in member can meet: after 240 s without mouse, keyboard or touch the
'Session expire Warning' appears and counts down each second from 60. Continue session starts the
timer again and renews the server session; Logout, or reaching 300 s, ends the session and goes to
\`/login\`.`

const meta = preview.meta({
  title: 'Auth/Session expiry',
  component: SessionExpiry,
  parameters: { clock: 'manual', layout: 'fullscreen', docs: { description: { component: ABOUT } } },
  args: { renew, expire, logout },
  beforeEach: () => {
    // No activity time left over from another story: this page is the only tab.
    clearSession()
    renew.mockReset()
    renew.mockImplementation(async () => 'renewed')
    expire.mockClear()
    logout.mockClear()
  },
  render: (args) => (
    <div className="p-6">
      <p className="text-body text-ink">A logged-in vendor&apos;s page. Nothing has moved for a while.</p>
      <SessionExpiry {...args} />
    </div>
  ),
})

const WARNING_AT = IDLE_TIMEOUT_MS - WARNING_MS

async function findWarning() {
  const dialog = await screen.findByRole('alertdialog', { name: 'Session expire Warning' })
  // It fades in.
  await waitFor(() => expect(dialog).toBeVisible())
  return dialog
}

/** Nothing a millisecond before 240 s; at 240 s the warning with 60 second(s), Continue session focused. */
export const WarningAt60 = meta.story({
  name: 'Warning at 60 s',
  play: async () => {
    storyClock().advance(WARNING_AT - 1)
    await expect(screen.queryByRole('alertdialog')).toBeNull()
    storyClock().advance(1)
    const dialog = await findWarning()
    await expect(within(dialog).getByText(sessionExpiryMessage(60))).toBeVisible()
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Continue session' })).toHaveFocus(),
    )
    await expect(within(dialog).getByRole('button', { name: 'Logout' })).toBeVisible()
    await expect(expire).not.toHaveBeenCalled()
  },
})

/** Half-way: 30 second(s); the mouse moving towards a button does not dismiss the warning. */
export const WarningAt30 = meta.story({
  name: 'Warning at 30 s',
  play: async () => {
    storyClock().advance(WARNING_AT)
    await findWarning()
    storyClock().advance(29_000)
    fireEvent.mouseMove(document.body)
    storyClock().advance(1000)
    const dialog = await findWarning()
    await expect(within(dialog).getByText(sessionExpiryMessage(30))).toBeVisible()
  },
})

/** The last second: 1 second(s); at 300 s the session ends (the app clears it, goes to /login, reloads). */
export const WarningAt1ThenExpired = meta.story({
  name: 'Warning at 1 s, then expired',
  play: async () => {
    storyClock().advance(IDLE_TIMEOUT_MS - 1000)
    const dialog = await findWarning()
    await expect(within(dialog).getByText(sessionExpiryMessage(1))).toBeVisible()
    await expect(expire).not.toHaveBeenCalled()
    storyClock().advance(999)
    await expect(expire).not.toHaveBeenCalled()
    storyClock().advance(1)
    await expect(expire).toHaveBeenCalledTimes(1)
  },
})

/** Activity before the warning postpones it: a key press at 200 s moves the warning to 440 s. */
export const ActivityPostpones = meta.story({
  name: 'Activity postpones',
  play: async () => {
    storyClock().advance(200_000)
    fireEvent.keyDown(document.body, { key: 'a' })
    storyClock().advance(WARNING_AT - 1)
    await expect(screen.queryByRole('alertdialog')).toBeNull()
    storyClock().advance(1)
    await expect(await findWarning()).toBeVisible()
    await expect(renew).toHaveBeenCalledTimes(1)
  },
})

/** A mouse button pressed or a touch at 200 s counts as activity too (spec §4): the warning moves to 440 s. */
function postponedBy(act: () => void) {
  return meta.story({
    play: async () => {
      storyClock().advance(200_000)
      act()
      storyClock().advance(WARNING_AT - 1)
      await expect(screen.queryByRole('alertdialog')).toBeNull()
      storyClock().advance(1)
      await expect(await findWarning()).toBeVisible()
    },
  })
}

export const MouseDownPostpones = postponedBy(() => fireEvent.mouseDown(document.body))

export const TouchPostpones = postponedBy(() =>
  fireEvent.touchStart(document.body, { touches: [{ clientX: 10, clientY: 10 }] }),
)

export const MouseMovePostpones = postponedBy(() => fireEvent.mouseMove(document.body))

/** Continue session: the warning closes, the server session is renewed, and the full 300 s start again. */
export const ContinueSession = meta.story({
  name: 'Continue session',
  play: async ({ userEvent }) => {
    storyClock().advance(WARNING_AT + 10_000)
    const dialog = await findWarning()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue session' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    await expect(renew).toHaveBeenCalledTimes(1)
    storyClock().advance(WARNING_AT - 1)
    await expect(screen.queryByRole('alertdialog')).toBeNull()
    storyClock().advance(1)
    await expect(await findWarning()).toBeVisible()
    await expect(expire).not.toHaveBeenCalled()
  },
})

/** Escape is Continue session, the safe choice. */
export const EscapeContinues = meta.story({
  name: 'Escape continues',
  play: async ({ userEvent }) => {
    storyClock().advance(WARNING_AT)
    await findWarning()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    await expect(renew).toHaveBeenCalledTimes(1)
  },
})

/** Logout from the warning. */
export const Logout = meta.story({
  name: 'Logout',
  play: async ({ userEvent }) => {
    storyClock().advance(WARNING_AT)
    const dialog = await findWarning()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Logout' }))
    await expect(logout).toHaveBeenCalledTimes(1)
    await expect(expire).not.toHaveBeenCalled()
  },
})

/** The server says the session is already over when asked to continue it: the session ends here too. */
export const ContinueRefusedByServer = meta.story({
  name: 'Continue refused by server',
  play: async ({ userEvent }) => {
    renew.mockImplementation(async () => 'ended')
    storyClock().advance(WARNING_AT)
    const dialog = await findWarning()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue session' }))
    await waitFor(() => expect(expire).toHaveBeenCalledTimes(1))
  },
})

/** The vendor working in another tab of the portal: this tab's warning goes away rather than logging them out. */
export const ActiveInAnotherTab = meta.story({
  name: 'Active in another tab',
  play: async () => {
    storyClock().advance(WARNING_AT)
    await findWarning()
    storyClock().advance(10_000)
    writeLastActivity(storyClock().now())
    storyClock().advance(1000)
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    storyClock().advance(WARNING_AT - 1000)
    await expect(expire).not.toHaveBeenCalled()
  },
})

/**
 * The live stream says the session ended (an Owner removed the member, or it logged out in another
 * tab) while the page sits idle: the session is checked with the server and, over there, ends here
 * at once — no warning first.
 */
export const EndedByTheServer = meta.story({
  name: 'Ended by the server',
  play: async () => {
    renew.mockImplementation(async () => 'ended')
    announceSessionEnded()
    await waitFor(() => expect(expire).toHaveBeenCalledTimes(1))
    await expect(renew).toHaveBeenCalledTimes(1)
    await expect(screen.queryByRole('alertdialog')).toBeNull()
  },
})

/** The same word when the server still holds the session: it is renewed, and nothing ends. */
export const EndedButStillSignedIn = meta.story({
  name: 'Ended but still signed in',
  play: async () => {
    announceSessionEnded()
    await waitFor(() => expect(renew).toHaveBeenCalledTimes(1))
    await expect(expire).not.toHaveBeenCalled()
  },
})

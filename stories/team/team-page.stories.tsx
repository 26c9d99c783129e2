import preview from '#.storybook/preview'
import { expect, screen, waitFor, within } from 'storybook/test'
import { EMAIL_FORMAT_MESSAGE } from '@/contract/messages'
import { type Role, ROLE_REFUSAL_HINT, ROLE_REFUSALS } from '@/contract/roles'
import {
  type ActivityEntry,
  ACTIVITY_PAGE_SIZE,
  invitationRevokedMessage,
  invitationSentMessage,
  memberRemovedMessage,
  roleChangedMessage,
} from '@/contract/team'
import { world } from '@/mocks/fixtures/world'
import { ActivityLog } from '@/features/team/components/activity-log'
import { InviteDialog } from '@/features/team/components/invite-dialog'
import { InvitationsList } from '@/features/team/components/invitations-list'
import { MembersTable } from '@/features/team/components/members-table'
import { TeamScreen } from '@/features/team/components/team-screen'
import { LAST_OWNER_REASON } from '@/features/team/model/team-rules'
import { loggedInAsPriya } from '../support/session'
import { expectToast } from '../support/toasts'

/**
 * The team page at /team, logged in as Priya Sharma of Nokia's organization in the
 * story's role, the team calls answered by the fixture world's handlers (src/mocks/team-handlers.ts
 * over src/mocks/fixtures/team.ts: two Owners, two Engineers, two Viewers, a pending and an expired
 * invitation). An Owner sees the members with a role picker and Remove, the invitations with
 * Resend and Revoke, Invite a member and the activity log; an Engineer or a Viewer reads the
 * members and may leave, and is told that the rest is an Owner's.
 */

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `The team page at \`/team\`, for the members of a vendor organization. An Owner sees the members with a
role picker and Remove, the pending invitations with Resend and Revoke, Invite a member and the
activity log; an Engineer or a Viewer reads the members, may leave, and is told the rest is an
Owner's. The organization always keeps at least one Owner.`

const meta = preview.meta({
  title: 'Team/Team page',
  subcomponents: { TeamScreen, MembersTable, InviteDialog, InvitationsList, ActivityLog },
  parameters: {
    layout: 'fullscreen',
    router: { app: true, url: '/team' },
    docs: { description: { component: ABOUT } },
  },
  render: () => <></>,
})

type Canvas = ReturnType<typeof within>

/**
 * Logged in as Priya in `role`, which the fixture world gives her too (the handlers decide by it).
 * `lastOwner`: Jukka, the other Owner, is an Engineer, so she is the only Owner left.
 */
const asPriya =
  (role: Role, { lastOwner = false }: { lastOwner?: boolean } = {}) =>
  () => {
    for (const member of world.team.members) {
      if (member.accountId === 'v-nokia') member.role = role
      if (member.accountId === 'v-nokia-owner2' && lastOwner) member.role = 'Engineer'
    }
    return loggedInAsPriya(role)()
  }

async function teamReady(canvas: Canvas) {
  await canvas.findByRole('heading', { level: 1, name: 'Team' })
  return canvas.findByRole('table', { name: 'Members of Nokia Solutions and Networks' })
}

/** Each member row's cells as text: name, e-mail, role, last activity. */
const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => {
      const [name, ...cells] = [...row.querySelectorAll('th, td')].slice(0, 4)
      return [name?.querySelector('[data-slot="member-name"]'), ...cells].map((cell) =>
        cell?.textContent?.trim(),
      )
    })

const invitationItems = (canvas: Canvas) =>
  within(canvas.getByRole('region', { name: 'Invitations' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent?.replace(/\s+/g, ' ').trim())

const activityTexts = (canvas: Canvas) =>
  within(canvas.getByRole('list', { name: 'Activity' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent?.trim())

export const OwnersView = meta.story({
  name: 'Owner’s view',
  beforeEach: asPriya('Owner'),
  play: async ({ canvas, userEvent }) => {
    const table = await teamReady(canvas)
    await expect(rowTexts(table)).toEqual([
      ['Priya Sharma(you)', 'priya.sharma@nokia.com', 'Owner', '20 Nov 2026, 08:58'],
      ['Jukka Lehtonen', 'jukka.lehtonen@nokia.com', 'Owner', '19 Nov 2026, 07:00'],
      ['Ravi Kumar', 'ravi.kumar@nokia.com', 'Engineer', '20 Nov 2026, 08:25'],
      ['Laura Schmidt', 'laura.schmidt@nokia.com', 'Engineer', '20 Nov 2026, 04:00'],
      ['Aiko Tanaka', 'aiko.tanaka@nokia.com', 'Viewer', '17 Nov 2026, 09:00'],
      ['Tomás Ortega', 'tomas.ortega@nokia.com', 'Viewer', 'Not yet'],
    ])
    await expect(canvas.getByRole('combobox', { name: 'Role of Tomás Ortega' })).toBeEnabled()
    await expect(canvas.getByRole('button', { name: 'Remove Tomás Ortega' })).toBeEnabled()
    // Two Owners (Priya and Jukka): Priya may leave.
    await expect(
      canvas.getByRole('button', { name: 'Leave Nokia Solutions and Networks' }),
    ).not.toHaveAttribute('aria-disabled')
    await expect(await canvas.findByRole('list', { name: 'Activity' })).toBeVisible()
    await expect(invitationItems(canvas)).toEqual([
      'meera.iyer@nokia.comPendingEngineer · invited by Priya Sharma · sent 18 Nov 2026, 09:00 · expires 25 Nov 2026, 09:00Mail sent.ResendRevoke',
      'olli.makinen@nokia.comExpiredViewer · invited by Jukka Lehtonen · sent 10 Nov 2026, 09:00 · expired 17 Nov 2026, 09:00Mail not delivered: check the address, then Resend.ResendRevoke',
    ])
    // The role picker: Tomás becomes an Engineer.
    await userEvent.click(canvas.getByRole('combobox', { name: 'Role of Tomás Ortega' }))
    await userEvent.click(await screen.findByRole('option', { name: 'Engineer' }))
    await expectToast(roleChangedMessage('Tomás Ortega', 'Engineer'), 'success')
    await waitFor(() =>
      expect(canvas.getByRole('combobox', { name: 'Role of Tomás Ortega' })).toHaveTextContent('Engineer'),
    )
  },
})

export const InviteDialogFilled = meta.story({
  name: 'Invite dialog, filled',
  beforeEach: asPriya('Owner'),
  play: async ({ canvas, userEvent }) => {
    await teamReady(canvas)
    await userEvent.click(canvas.getByRole('button', { name: 'Invite a member' }))
    const dialog = await screen.findByRole('dialog', { name: 'Invite a member' })
    await expect(dialog).toHaveAccessibleDescription(
      'We send them a link to join Nokia Solutions and Networks. It works for 7 days.',
    )
    const email = within(dialog).getByRole('textbox', { name: /E-mail address/ })
    await waitFor(() => expect(email).toHaveFocus())
    await userEvent.type(email, 'ana.lopez@nokia.com')
    const viewer = within(dialog).getByRole('radio', { name: /^Viewer/ })
    await expect(viewer).toHaveAccessibleName(
      'Viewer Reads the dashboard, run details and results; changes nothing.',
    )
    await userEvent.click(viewer)
    await expect(viewer).toBeChecked()
    // The focus stays in the dialog: Tab from its last control comes back to its first.
    within(dialog).getByRole('button', { name: 'Close' }).focus()
    await userEvent.tab()
    await expect(dialog.contains(document.activeElement)).toBe(true)
  },
})

export const InviteFieldError = meta.story({
  name: 'Invite dialog, malformed e-mail',
  beforeEach: asPriya('Owner'),
  play: async ({ canvas, userEvent }) => {
    await teamReady(canvas)
    await userEvent.click(canvas.getByRole('button', { name: 'Invite a member' }))
    const dialog = await screen.findByRole('dialog', { name: 'Invite a member' })
    const email = within(dialog).getByRole('textbox', { name: /E-mail address/ })
    await userEvent.type(email, 'ana.lopez@nokia')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }))
    const error = await within(dialog).findByText(EMAIL_FORMAT_MESSAGE)
    await expect(error).toBeVisible()
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    await expect(email).toHaveAccessibleDescription(EMAIL_FORMAT_MESSAGE)
    await expect(email).toHaveFocus()
  },
})

export const InviteSent = meta.story({
  name: 'Invite sent',
  beforeEach: asPriya('Owner'),
  play: async ({ canvas, userEvent }) => {
    await teamReady(canvas)
    await userEvent.click(canvas.getByRole('button', { name: 'Invite a member' }))
    const dialog = await screen.findByRole('dialog', { name: 'Invite a member' })
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /E-mail address/ }),
      'ana.lopez@nokia.com{Enter}',
    )
    await expectToast(invitationSentMessage('ana.lopez@nokia.com'), 'success')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Invite a member' })).toHaveFocus())
    await expect(invitationItems(canvas)[0]).toBe(
      'ana.lopez@nokia.comPendingEngineer · invited by Priya Sharma · sent 20 Nov 2026, 09:00 · expires 27 Nov 2026, 09:00Mail on its way: the portal is still trying to send it.ResendRevoke',
    )
  },
})

export const RevokeConfirmed = meta.story({
  name: 'Revoke confirmed',
  beforeEach: asPriya('Owner'),
  play: async ({ canvas, userEvent }) => {
    await teamReady(canvas)
    await userEvent.click(
      canvas.getByRole('button', { name: 'Revoke the invitation to meera.iyer@nokia.com' }),
    )
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke this invitation?' })
    await expect(confirm).toHaveAccessibleDescription(
      'The link sent to meera.iyer@nokia.com stops working at once.',
    )
    // Cancel has the focus first (the safe choice); Revoke confirms.
    await waitFor(() => expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus())
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }))
    await expectToast(invitationRevokedMessage('meera.iyer@nokia.com'), 'success')
    await waitFor(() => expect(invitationItems(canvas)).toHaveLength(1))
    await expect(invitationItems(canvas)[0]).toMatch(/^olli\.makinen@nokia\.comExpired/)
  },
})

export const LastOwner = meta.story({
  name: 'Last Owner',
  beforeEach: asPriya('Owner', { lastOwner: true }),
  play: async ({ canvas }) => {
    const table = await teamReady(canvas)
    const ownRow = within(table).getByRole('row', { name: /Priya Sharma/ })
    // Her role is text, not a picker; Leave stays focusable, disabled, with the reason.
    await expect(within(ownRow).queryByRole('combobox')).toBeNull()
    await expect(within(ownRow).getByText('Owner')).toBeVisible()
    const leave = within(ownRow).getByRole('button', { name: 'Leave Nokia Solutions and Networks' })
    await expect(leave).toHaveAttribute('aria-disabled', 'true')
    await expect(leave).toHaveAccessibleDescription(LAST_OWNER_REASON)
    await expect(within(ownRow).getByText(LAST_OWNER_REASON)).toBeVisible()
    leave.click()
    await expect(screen.queryByRole('alertdialog')).toBeNull()
    // Others' rows are hers to change.
    await expect(canvas.getByRole('combobox', { name: 'Role of Jukka Lehtonen' })).toBeEnabled()
  },
})

/** What an Engineer or a Viewer sees: the members, read-only, Leave on their row, and the reason. */
const expectReadOnly =
  (role: Role) =>
  async ({ canvas }: { canvas: Canvas }) => {
    const table = await teamReady(canvas)
    await expect(rowTexts(table)).toEqual([
      ['Priya Sharma(you)', 'priya.sharma@nokia.com', role, '20 Nov 2026, 08:58'],
      ['Jukka Lehtonen', 'jukka.lehtonen@nokia.com', 'Owner', '19 Nov 2026, 07:00'],
      ['Ravi Kumar', 'ravi.kumar@nokia.com', 'Engineer', '20 Nov 2026, 08:25'],
      ['Laura Schmidt', 'laura.schmidt@nokia.com', 'Engineer', '20 Nov 2026, 04:00'],
      ['Aiko Tanaka', 'aiko.tanaka@nokia.com', 'Viewer', '17 Nov 2026, 09:00'],
      ['Tomás Ortega', 'tomas.ortega@nokia.com', 'Viewer', 'Not yet'],
    ])
    await expect(canvas.queryByRole('combobox')).toBeNull()
    await expect(canvas.queryByRole('button', { name: /^Remove/ })).toBeNull()
    await expect(canvas.queryByRole('button', { name: 'Invite a member' })).toBeNull()
    await expect(canvas.queryByRole('heading', { name: 'Invitations' })).toBeNull()
    await expect(canvas.queryByRole('heading', { name: 'Activity log' })).toBeNull()
    await expect(canvas.getByText(ROLE_REFUSALS.team)).toBeVisible()
    await expect(canvas.getByText(ROLE_REFUSAL_HINT)).toBeVisible()
    await expect(
      canvas.getByRole('button', { name: 'Leave Nokia Solutions and Networks' }),
    ).not.toHaveAttribute('aria-disabled')
  }

export const EngineersView = meta.story({
  name: 'Engineer’s view (read-only)',
  beforeEach: asPriya('Engineer'),
  play: expectReadOnly('Engineer'),
})

export const ViewersView = meta.story({
  name: 'Viewer’s view (read-only)',
  beforeEach: asPriya('Viewer'),
  play: expectReadOnly('Viewer'),
})

/** Older entries beyond the fixture's twelve, so that the log has more than a page (50). */
function withOlderActivity(count: number) {
  const ravi = world.team.members.find((member) => member.accountId === 'v-nokia-eng1')
  const older: ActivityEntry[] = Array.from({ length: count }, (_, index) => ({
    activityId: String(100 - index - 1),
    at: new Date(Date.UTC(2026, 9, 31, 12) - index * 3_600_000).toISOString(),
    actorName: ravi?.name ?? 'Ravi Kumar',
    actorAccountId: ravi?.accountId ?? null,
    action: 'comment.added',
    subject: `Beacon ${index + 1} (Nokia)`,
  }))
  world.team.activity.push(...older)
}

export const ActivityEntries = meta.story({
  name: 'Activity log, entries and Load more',
  beforeEach: () => {
    withOlderActivity(45)
    return asPriya('Owner')()
  },
  play: async ({ canvas, userEvent }) => {
    await teamReady(canvas)
    await canvas.findByRole('list', { name: 'Activity' })
    await expect(activityTexts(canvas).slice(0, 4)).toEqual([
      '20 Nov 2026, 08:55Ravi Kumar · Commented · Beacon 6 (Nokia)',
      '20 Nov 2026, 08:40Ravi Kumar · Re-ran failed cases · Beacon 6 (Nokia)',
      '20 Nov 2026, 07:30Laura Schmidt · Cancelled a run · FastMile 5G Gateway (Nokia)',
      '20 Nov 2026, 07:00Laura Schmidt · Started certification · FastMile 5G Gateway (Nokia)',
    ])
    await expect(activityTexts(canvas)).toHaveLength(ACTIVITY_PAGE_SIZE)
    await userEvent.click(canvas.getByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(activityTexts(canvas)).toHaveLength(12 + 45))
    await expect(activityTexts(canvas).at(-1)).toBe(
      '29 Oct 2026, 16:00Ravi Kumar · Commented · Beacon 45 (Nokia)',
    )
    await expect(canvas.queryByRole('button', { name: 'Load more' })).toBeNull()
  },
})

export const ActivityFiltered = meta.story({
  name: 'Activity log, filtered',
  beforeEach: asPriya('Owner'),
  play: async ({ canvas, userEvent }) => {
    await teamReady(canvas)
    await canvas.findByRole('list', { name: 'Activity' })
    await userEvent.click(canvas.getByRole('combobox', { name: 'Action' }))
    await userEvent.click(await screen.findByRole('option', { name: 'Invited a member' }))
    await waitFor(() =>
      expect(activityTexts(canvas)).toEqual([
        '18 Nov 2026, 09:00Priya Sharma · Invited a member · meera.iyer@nokia.com (Engineer)',
      ]),
    )
    await userEvent.click(canvas.getByRole('combobox', { name: 'Member' }))
    await userEvent.click(await screen.findByRole('option', { name: 'Jukka Lehtonen' }))
    await expect(await canvas.findByText('No activity matches these filters.')).toBeVisible()
  },
})

export const ActivityEmpty = meta.story({
  name: 'Activity log, empty',
  beforeEach: () => {
    world.team.activity = []
    return asPriya('Owner')()
  },
  play: async ({ canvas }) => {
    await teamReady(canvas)
    await expect(await canvas.findByText('No activity yet.')).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Load more' })).toBeNull()
  },
})

export const Phone = meta.story({
  name: 'Owner’s view on a phone',
  globals: { viewport: { value: 'phone' } },
  beforeEach: asPriya('Owner', { lastOwner: true }),
  play: async ({ canvas }) => {
    const table = await teamReady(canvas)
    await expect(canvas.getByRole('button', { name: 'Invite a member' })).toBeVisible()
    // The e-mail and the last activity move under the name; Leave and its reason stay in view.
    const ownRow = within(table).getByRole('row', { name: /Priya Sharma/ })
    await expect(within(ownRow).getByText('Last activity: 20 Nov 2026, 08:58')).toBeVisible()
    await expect(within(ownRow).getAllByText('priya.sharma@nokia.com')[0]).toBeVisible()
    await expect(within(ownRow).getByText(LAST_OWNER_REASON)).toBeVisible()
    await expect(
      within(ownRow).getByRole('button', { name: 'Leave Nokia Solutions and Networks' }),
    ).toBeVisible()
  },
})

export const FromTheProfilePopup = meta.story({
  name: 'Team from the profile popup',
  parameters: { router: { app: true, url: '/' } },
  beforeEach: asPriya('Viewer'),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Profile' }))
    const popup = await screen.findByRole('dialog', { name: 'Profile' })
    const team = within(popup).getByRole('link', { name: 'Team' })
    await waitFor(() => expect(team).toBeVisible())
    await expect(team).toHaveAttribute('href', '/team')
    await userEvent.click(team)
    await teamReady(canvas)
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Profile' })).toBeNull())
  },
})

export const RemoveWithKeyboard = meta.story({
  name: 'Remove a member, with the keyboard',
  beforeEach: asPriya('Owner'),
  play: async ({ canvas, userEvent }) => {
    const table = await teamReady(canvas)
    const remove = canvas.getByRole('button', { name: 'Remove Tomás Ortega' })
    remove.focus()
    await userEvent.keyboard('{Enter}')
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove Tomás Ortega?' })
    await expect(confirm).toHaveAccessibleDescription(
      'Tomás Ortega loses access to Nokia Solutions and Networks’s devices, runs and certificates at once.',
    )
    // Cancel first; Tab reaches Remove, Tab again stays in the dialog.
    await waitFor(() => expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus())
    await userEvent.tab()
    await expect(within(confirm).getByRole('button', { name: 'Remove' })).toHaveFocus()
    await userEvent.tab()
    await expect(confirm.contains(document.activeElement)).toBe(true)
    await userEvent.tab({ shift: true })
    await userEvent.keyboard('{Enter}')
    await expectToast(memberRemovedMessage('Tomás Ortega'), 'success')
    await waitFor(() => expect(within(table).queryByRole('row', { name: /Tomás Ortega/ })).toBeNull())
  },
})

import preview from '#.storybook/preview'
import { storyStream } from '#.storybook/event-stream'
import { expect, screen, waitFor, within } from 'storybook/test'
import {
  LAB_MANAGER_ONLY_MESSAGE,
  LAB_ONLY_MESSAGE,
  MAINTENANCE_END_BEFORE_START_MESSAGE,
  MAINTENANCE_ENDED_MESSAGE,
  MAINTENANCE_STARTED_MESSAGE,
  REVIEW_ON_MESSAGE,
} from '@/contract/lab'
import { assignedToYouToast } from '@/contract/lab-assignment'
import { VALIDATION_FAILURE } from '@/contract/records'
import { FIXTURE_NOW, world } from '@/mocks/fixtures/world'
import { LabConsole } from '@/features/lab/components/lab-console'
import { LabQueue } from '@/features/lab/components/lab-queue'
import { LabStateBar } from '@/features/lab/components/lab-state-bar'
import { MaintenanceDialog } from '@/features/lab/components/maintenance-dialog'
import { loggedInAs, loggedInAsLab } from '../support/session'
import { expectToast } from '../support/toasts'

/**
 * The lab console at /lab, logged in as the fixture lab's Lena Lab (a Lab manager, or a
 * Lab engineer where the story says so), the lab's calls answered by the fixture world's handlers
 * (src/mocks/lab-handlers.ts): every fixture record in the queue by state, the bench's state, the
 * record's attempts, logs and conversation, and the lab's actions on the vendor's behalf.
 */

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `The lab console's queue at \`/lab\`, the certification lab staff's work list. Every record by state,
the oldest first with its age, a failed run saying how many of its cases failed, and Mine for the
records assigned to you; beside it the bench's state, with maintenance and the review setting a Lab
manager's. The queue follows the lab's live stream with no polling, and says so when the stream is
lost.`

const meta = preview.meta({
  title: 'Lab/Lab console',
  subcomponents: { LabConsole, LabQueue, LabStateBar, MaintenanceDialog },
  parameters: {
    layout: 'fullscreen',
    router: { app: true, url: '/lab' },
    docs: { description: { component: ABOUT } },
  },
  render: () => <></>,
})

type Canvas = ReturnType<typeof within>

async function consoleReady(canvas: Canvas) {
  await canvas.findByRole('heading', { level: 1, name: 'Lab console' })
  return canvas.findByRole('heading', { level: 2, name: 'Queue' })
}

const tab = (canvas: Canvas, name: RegExp) =>
  within(canvas.getByRole('navigation', { name: 'Queue states' })).getByRole('button', { name })

const hoursAfterNow = (hours: number) => new Date(FIXTURE_NOW.getTime() + hours * 3_600_000).toISOString()

export const Busy = meta.story({
  name: 'Queue, busy (Lab manager)',
  beforeEach: loggedInAsLab('Lab manager'),
  play: async ({ canvas, userEvent }) => {
    await consoleReady(canvas)
    const all = world.records.length
    await expect(tab(canvas, /^All/)).toHaveTextContent(`All${all}`)
    await expect(tab(canvas, /^All/)).toHaveAttribute('aria-pressed', 'true')
    await expect(canvas.getByText(`Showing 1–50 of ${all}`)).toBeVisible()
    await expect(canvas.getByRole('status', { name: 'Live updates' })).toHaveTextContent('Live updates on')
    await expect(canvas.getByRole('button', { name: 'Start maintenance' })).toBeVisible()
    await expect(
      canvas.getByRole('checkbox', { name: 'Review finished runs before their result stands' }),
    ).not.toBeChecked()
    // The running tab narrows the list to the records with a run going.
    await userEvent.click(tab(canvas, /^Running/))
    await waitFor(() => expect(tab(canvas, /^Running/)).toHaveAttribute('aria-pressed', 'true'))
    const records = await canvas.findByRole('list', { name: 'Records' })
    await waitFor(() =>
      expect(
        within(records)
          .getAllByRole('listitem')
          .every((item) => item.textContent?.includes('Running')),
      ).toBe(true),
    )
    await userEvent.click(tab(canvas, /^All/))
    await userEvent.click(await canvas.findByRole('button', { name: 'Next page' }))
    await expect(await canvas.findByText(`Page 2 of ${Math.ceil(all / 50)}`)).toBeVisible()
  },
})

export const Empty = meta.story({
  name: 'Queue, empty',
  beforeEach: () => {
    world.records = []
    world.runs = []
    return loggedInAsLab('Lab manager')()
  },
  play: async ({ canvas }) => {
    await consoleReady(canvas)
    await expect(
      await canvas.findByText('The queue is empty: no vendor has submitted a device yet.'),
    ).toBeVisible()
    await expect(canvas.getByText('No records')).toBeVisible()
  },
})

export const NoMatch = meta.story({
  name: 'Queue, search with no match',
  beforeEach: loggedInAsLab('Lab manager'),
  play: async ({ canvas, userEvent }) => {
    await consoleReady(canvas)
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search' }), 'no such device{Enter}')
    await expect(await canvas.findByText('No record matches these filters.')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Clear filters' }))
    await waitFor(() => expect(canvas.getByRole('searchbox', { name: 'Search' })).toHaveValue(''))
  },
})

export const MaintenanceOn = meta.story({
  name: 'Maintenance on',
  beforeEach: () => {
    world.lab.maintenance = {
      reason: 'Replacing the RF shield box.',
      startedAt: FIXTURE_NOW.toISOString(),
      expectedEnd: hoursAfterNow(3),
      startedBy: 'Lena Lab',
    }
    return loggedInAsLab('Lab manager')()
  },
  play: async ({ canvas, userEvent }) => {
    await consoleReady(canvas)
    const banner = await canvas.findByText('The bench is in maintenance.')
    const region = banner.closest('[data-slot="maintenance-banner"]') as HTMLElement
    await expect(region).toHaveTextContent('Replacing the RF shield box.')
    await expect(region).toHaveTextContent(
      'Expected to end 20 Nov 2026, 12:00 UTC · started 20 Nov 2026, 09:00 by Lena Lab',
    )
    await userEvent.click(within(region).getByRole('button', { name: 'End maintenance' }))
    await expectToast(MAINTENANCE_ENDED_MESSAGE, 'success')
    await waitFor(() => expect(canvas.queryByText('The bench is in maintenance.')).toBeNull())
    await expect(canvas.getByRole('button', { name: 'Start maintenance' })).toBeVisible()
  },
})

export const StartMaintenance = meta.story({
  name: 'Start maintenance, end before start',
  beforeEach: loggedInAsLab('Lab manager'),
  play: async ({ canvas, userEvent }) => {
    await consoleReady(canvas)
    await userEvent.click(await canvas.findByRole('button', { name: 'Start maintenance' }))
    const dialog = await screen.findByRole('dialog', { name: 'Start maintenance' })
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ })
    await waitFor(() => expect(reason).toHaveFocus())
    await userEvent.type(reason, 'Calibrating the throughput rig.')
    const end = within(dialog).getByLabelText(/Expected end/)
    await userEvent.clear(end)
    await userEvent.type(end, '2020-01-01T10:00')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start maintenance' }))
    await expect(await within(dialog).findByText(MAINTENANCE_END_BEFORE_START_MESSAGE)).toBeVisible()
    await expect(end).toHaveAttribute('aria-invalid', 'true')
    await expect(end).toHaveFocus()
    await expect(world.lab.maintenance).toBeNull()
    await userEvent.clear(end)
    await userEvent.type(end, '2099-01-01T10:00')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start maintenance' }))
    await expectToast(MAINTENANCE_STARTED_MESSAGE, 'success')
    await expect(await canvas.findByText('The bench is in maintenance.')).toBeVisible()
    await expect(world.lab.maintenance?.reason).toBe('Calibrating the throughput rig.')
  },
})

export const EngineerView = meta.story({
  name: 'Lab engineer’s view',
  beforeEach: loggedInAsLab('Lab engineer'),
  play: async ({ canvas, userEvent }) => {
    await consoleReady(canvas)
    await expect(canvas.getByText(LAB_MANAGER_ONLY_MESSAGE)).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Start maintenance' })).toBeNull()
    const lab = canvas.getByRole('navigation', { name: 'Lab' })
    await expect(within(lab).queryByRole('link', { name: 'Staff' })).toBeNull()
    await expect(
      canvas.getByRole('checkbox', { name: 'Review finished runs before their result stands' }),
    ).toBeDisabled()
    // Every staff member has notification settings of their own.
    await userEvent.click(within(lab).getByRole('link', { name: 'Notifications' }))
    await expect(await canvas.findByRole('switch', { name: 'Comment from a vendor' })).toBeChecked()
  },
})

export const ReviewSwitch = meta.story({
  name: 'Review switched on',
  beforeEach: loggedInAsLab('Lab manager'),
  play: async ({ canvas, userEvent }) => {
    await consoleReady(canvas)
    const box = canvas.getByRole('checkbox', { name: 'Review finished runs before their result stands' })
    await userEvent.click(box)
    await expectToast(REVIEW_ON_MESSAGE, 'success')
    await waitFor(() => expect(box).toBeChecked())
    await expect(world.lab.reviewRequired).toBe(true)
  },
})

export const OnAPhone = meta.story({
  name: 'Queue on a phone',
  globals: { viewport: { value: 'phone', isRotated: false } },
  beforeEach: loggedInAsLab('Lab manager'),
  play: async ({ canvas, canvasElement }) => {
    await consoleReady(canvas)
    await canvas.findByRole('list', { name: 'Records' })
    // Nothing wider than the phone: the state tabs scroll inside their own strip.
    const root = canvasElement.ownerDocument.documentElement
    await expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth)
  },
})

export const VendorRefused = meta.story({
  name: 'A vendor opens /lab',
  beforeEach: loggedInAs('v-nokia'),
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Lab console' })
    await expect(canvas.getByText(LAB_ONLY_MESSAGE)).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Go to your dashboard' })).toBeVisible()
  },
})

export const LabOpensDashboard = meta.story({
  name: 'A lab login opens /dashboard',
  beforeEach: loggedInAsLab('Lab engineer'),
  parameters: { router: { app: true, url: '/dashboard' } },
  play: async ({ canvas }) => {
    await consoleReady(canvas)
    // The lab's own header, not the vendors' navigation.
    await expect(canvas.getByRole('button', { name: 'Profile (Lena Lab, Lab engineer)' })).toBeVisible()
    await expect(canvas.queryByRole('navigation', { name: 'Main' })).toBeNull()
  },
})

/** Lena Lab (lab-1) has two records, Eli Engineer one. */
function assignSome() {
  const [first, second, third] = world.records
  if (!first || !second || !third) throw new Error('Too few fixture records.')
  world.lab.assignments.set(first.portfolioManagerId, { staffId: 'lab-1', name: 'Lena Lab' })
  world.lab.assignments.set(second.portfolioManagerId, { staffId: 'lab-1', name: 'Lena Lab' })
  world.lab.assignments.set(third.portfolioManagerId, { staffId: 'lab-2', name: 'Eli Engineer' })
}

const mineStory = {
  beforeEach: () => {
    assignSome()
    return loggedInAsLab('Lab engineer')()
  },
  play: async ({
    canvas,
    userEvent,
  }: {
    canvas: Canvas
    userEvent: { click: (e: Element) => Promise<void> }
  }) => {
    await consoleReady(canvas)
    const mine = within(canvas.getByRole('navigation', { name: 'Queue states' })).getByRole('button', {
      name: 'Mine',
    })
    await expect(mine).toHaveAttribute('aria-pressed', 'false')
    await expect(canvas.getAllByText('Assigned to Eli Engineer')).toHaveLength(1)
    await userEvent.click(mine)
    await waitFor(() => expect(canvas.getByText('Showing 1–2 of 2')).toBeVisible())
    await expect(mine).toHaveAttribute('aria-pressed', 'true')
    const rows = within(canvas.getByRole('list', { name: 'Records' })).getAllByRole('listitem')
    await expect(rows.every((row) => row.textContent?.includes('Assigned to you'))).toBe(true)
    // The record's page carries Mine, for Back to the queue.
    await expect(within(rows[0]!).getByRole('link', { name: /^Open / })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/lab\/records\/[^?]+\?mine=true$/),
    )
  },
}

export const MineFilter = meta.story({ name: 'Mine: the records assigned to me', ...mineStory })

export const MineFilterOnAPhone = meta.story({
  name: 'Mine on a phone',
  globals: { viewport: { value: 'phone', isRotated: false } },
  ...mineStory,
})

export const MineEmpty = meta.story({
  name: 'Mine, nothing assigned',
  beforeEach: loggedInAsLab('Lab engineer'),
  parameters: { router: { app: true, url: '/lab?mine=true' } },
  play: async ({ canvas }) => {
    await consoleReady(canvas)
    await expect(await canvas.findByText('No record is assigned to you.')).toBeVisible()
  },
})

/** A record submitted three days ago still waits; a run that failed says how many of its cases. */
export const AgeAndFailures = meta.story({
  name: 'Age in the queue, oldest first, and failed counts',
  beforeEach: () => {
    // The others submitted an hour ago; the last of the list three days ago (the oldest).
    const waiting = world.records.filter((record) => record.status === 'Submitted')
    const oldest = waiting[waiting.length - 1]
    if (!oldest) throw new Error('No waiting fixture record.')
    for (const record of waiting)
      record.creationTime = new Date(Date.now() - 3_600_000 - 60_000).toISOString()
    oldest.creationTime = new Date(Date.now() - 3 * 86_400_000 - 60_000).toISOString()
    oldest.deviceName = 'Oldest waiting router'
    return loggedInAsLab('Lab manager')()
  },
  parameters: { router: { app: true, url: '/lab?state=waiting' } },
  play: async ({ canvas, userEvent }) => {
    await consoleReady(canvas)
    const records = await canvas.findByRole('list', { name: 'Records' })
    const [first] = within(records).getAllByRole('listitem')
    await expect(first).toHaveTextContent('Oldest waiting router')
    await expect(first).toHaveTextContent('waiting 3 days')
    await expect(within(records).getAllByRole('listitem')[1]).toHaveTextContent('waiting 1 hour')
    await userEvent.click(tab(canvas, /^Finished/))
    const failed = world.records.find((record) => record.isCertified === VALIDATION_FAILURE)
    const run = world.runs.find((item) => item.portfolioManagerId === failed?.portfolioManagerId)
    if (!failed || !run) throw new Error('No failed fixture run.')
    const count = run.testCases.filter((test) => test.state === 'failed').length
    await waitFor(() =>
      expect(
        canvas.getAllByText(new RegExp(`${count} of ${run.testCases.length} failed`)).length,
      ).toBeGreaterThan(0),
    )
    await expect(canvas.queryByText(/\b1 cases\b|\b1 comments\b/)).toBeNull()
  },
})

const assignedEvent = (
  seq: number,
  assignee: { staffId: string; name: string },
  assignedBy: string,
  id: string,
) =>
  JSON.stringify({
    seq,
    at: FIXTURE_NOW.toISOString(),
    type: 'record.assigned',
    portfolioManagerId: id,
    assignee,
    assignedBy,
  })

/** Another staff tab assigns a record: this tab's queue shows it, with no reload and no polling. */
export const LiveAssignment = meta.story({
  name: 'Live: another tab assigns a record',
  beforeEach: loggedInAsLab('Lab engineer'),
  play: async ({ canvas }) => {
    await consoleReady(canvas)
    await waitFor(() => expect(storyStream().sources.length).toBeGreaterThan(0))
    const [first] = world.records
    if (!first) throw new Error('No fixture record.')
    world.lab.assignments.set(first.portfolioManagerId, { staffId: 'lab-1', name: 'Lena Lab' })
    storyStream().raw(
      assignedEvent(
        900_001,
        { staffId: 'lab-1', name: 'Lena Lab' },
        'Eli Engineer',
        first.portfolioManagerId,
      ),
    )
    await expectToast(assignedToYouToast('Eli Engineer'), 'info')
    await waitFor(() => expect(canvas.getAllByText('Assigned to you').length).toBeGreaterThan(0))
    await expect(canvas.getByRole('status', { name: 'Live updates' })).toHaveTextContent('Live updates on')
  },
})

export const LiveLost = meta.story({
  name: 'Live updates lost: Reconnect',
  beforeEach: loggedInAsLab('Lab engineer'),
  play: async ({ canvas, userEvent }) => {
    await consoleReady(canvas)
    await waitFor(() => expect(storyStream().sources.length).toBeGreaterThan(0))
    storyStream().fail()
    const status = canvas.getByRole('status', { name: 'Live updates' })
    await waitFor(() =>
      expect(status).toHaveTextContent('Live updates lost. The records may be out of date.'),
    )
    await userEvent.click(canvas.getByRole('button', { name: 'Reconnect' }))
    await waitFor(() => expect(status).toHaveTextContent('Live updates on'))
  },
})

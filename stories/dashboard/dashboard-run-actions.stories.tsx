import preview from '#.storybook/preview'
import { expect, screen, waitFor, within } from 'storybook/test'
import {
  NO_ACTIVE_RUN_MESSAGE,
  RERUN_STARTED_MESSAGE,
  RUN_CANCELLED_MESSAGE,
} from '@/contract/server-messages'
import { scenarios } from '@/mocks/scenarios'
import { loggedInAs } from '../support/session'
import { expectToast, liveToasts } from '../support/toasts'
import {
  answerWorldRecords,
  chooseAction,
  dashboardAt,
  dashboardReady,
  expectBar,
  expectCardCounts,
  listCalls,
  menuItems,
  openActions,
  statusNote,
  WORLD,
} from './dashboard-steps'

/**
 * The two menu items after the spec's six, in the same disabled style: Re-run Failed Cases
 * (enabled only after a Validation failure) starts a new attempt of the failed cases; Cancel Run
 * (enabled while a run goes or waits in maintenance) asks first, then ends the run. Each shows the
 * server's message; the row follows from the live stream, the list is not read again.
 */

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `The two menu items after the specification's six: Re-run Failed Cases, enabled only after a
Validation failure, starts a new attempt of the failed cases; Cancel Run, enabled while a run goes
or waits in maintenance, asks first. Each shows the server's message, and the row then follows the
live stream without reading the list again.`

const meta = preview.meta({
  title: 'Dashboard/Run actions',
  parameters: { ...dashboardAt(), docs: { description: { component: ABOUT } } },
  beforeEach: loggedInAs('v-nokia'),
  render: () => <></>,
})

const { inProgress, maintenance, certified, validationFailure } = WORLD
const on = 'enabled' as const
const off = 'disabled' as const

/** After a Validation failure: Re-run Failed Cases enabled (and Start Certify), Cancel Run disabled. */
export const RerunEnabled = meta.story({
  name: 'Rerun enabled',
  beforeEach({ msw }) {
    msw.use(answerWorldRecords(validationFailure.id))
  },
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    const { menu } = await openActions(canvas, userEvent, validationFailure.name)
    await expect(menuItems(menu)).toEqual([
      ['Start Certify', on],
      ['Edit', off],
      ['Download Results', on],
      ['Add Comments', on],
      ['Email Certificate', off],
      ['Download Certificate', off],
      ['Re-run Failed Cases', on],
      ['Cancel Run', off],
      ['New revision', on],
    ])
    await userEvent.keyboard('{Escape}')
  },
})

/** Certified: nothing failed, so Re-run Failed Cases is listed but disabled; no run to cancel. */
export const RerunDisabled = meta.story({
  name: 'Rerun disabled',
  beforeEach({ msw }) {
    msw.use(answerWorldRecords(certified.id))
  },
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    const { menu } = await openActions(canvas, userEvent, certified.name)
    const rerun = within(menu).getByRole('menuitem', { name: 'Re-run Failed Cases' })
    await expect(rerun).toHaveAttribute('aria-disabled', 'true')
    await expect(within(menu).getByRole('menuitem', { name: 'Cancel Run' })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
    await userEvent.keyboard('{Escape}')
  },
})

/**
 * Re-run Failed Cases: the server's message; the row is In Progress again from the stream, and
 * the run details show attempt 2, a re-run of the one failed case, above the first attempt.
 */
export const RerunStarted = meta.story({
  name: 'Rerun started',
  beforeEach({ msw }) {
    msw.use(answerWorldRecords(validationFailure.id, certified.id))
  },
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    await expectCardCounts(canvas, { 'Validation Failure': 1, 'In Progress': 0 })
    await chooseAction(canvas, userEvent, validationFailure.name, 'Re-run Failed Cases')
    await expectToast(RERUN_STARTED_MESSAGE, 'success')
    await expectBar(canvas, validationFailure.name, { label: 'In Progress', percent: 1, tone: 'in-progress' })
    await waitFor(() => expect(statusNote(canvas, validationFailure.name)).toBe('In Progress · 0 of 1'))
    await expectCardCounts(canvas, { 'Validation Failure': 0, 'In Progress': 1 })
    const run = await canvas.findByRole('region', { name: `Certification run · ${validationFailure.name}` })
    await waitFor(() =>
      expect(
        within(run).getAllByText(
          /^Attempt 2 · Re-run of failed cases · started by Priya Sharma, 20 Nov 2026, 09:00/,
        )[0],
      ).toBeVisible(),
    )
    await expect(within(run).getByRole('status')).toHaveTextContent(
      'In progress · 7 of 8 test cases passed over 2 attempts',
    )
    const attempts = within(run).getByRole('list', { name: 'Attempts' })
    await expect(
      within(attempts)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Attempt 2', 'Attempt 1'])
    await expect(listCalls.count).toBe(1)
  },
})

/**
 * Cancel Run asks first (focus in the dialog, on Keep running); Keep running changes nothing and
 * gives the focus back to the row's actions button.
 */
export const CancelConfirmation = meta.story({
  name: 'Cancel confirmation',
  beforeEach({ msw }) {
    msw.use(answerWorldRecords(inProgress.id))
  },
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    const trigger = await chooseAction(canvas, userEvent, inProgress.name, 'Cancel Run')
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this certification run?' })
    await expect(dialog).toHaveAccessibleDescription(
      'The run of Lightspan FX-8 (Nokia) stops. The test cases that have finished keep their results; the others are not run. You can start it again with Start Certify.',
    )
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Keep running' })).toHaveFocus())
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    await waitFor(() => expect(trigger).toHaveFocus())
    await expect(liveToasts()).toHaveLength(0)
    await expect(canvas.getByRole('progressbar')).toHaveAccessibleName(`${inProgress.name}: In Progress`)
    // Open again, for the reviewer.
    await chooseAction(canvas, userEvent, inProgress.name, 'Cancel Run')
    await screen.findByRole('alertdialog', { name: 'Cancel this certification run?' })
  },
})

/** Cancel confirmed: the server's message; the row says Cancelled (0 %, black) and counts in no card. */
export const CancelConfirmed = meta.story({
  name: 'Cancel confirmed',
  beforeEach({ msw }) {
    msw.use(answerWorldRecords(maintenance.id))
  },
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    await expectCardCounts(canvas, { Maintenance: 1 })
    await chooseAction(canvas, userEvent, maintenance.name, 'Cancel Run')
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this certification run?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel run' }))
    await expectToast(RUN_CANCELLED_MESSAGE, 'success')
    await expectBar(canvas, maintenance.name, { label: 'Cancelled', percent: 0, tone: 'unknown' })
    await waitFor(() => expect(statusNote(canvas, maintenance.name)).toBe('Cancelled'))
    await expectCardCounts(canvas, { Maintenance: 0, 'In Progress': 0 })
    const run = await canvas.findByRole('region', { name: `Certification run · ${maintenance.name}` })
    await waitFor(() => expect(within(run).getByRole('status')).toHaveTextContent(/^Cancelled · /))
    await expect(within(run).getByText('Cancelled by Priya Sharma.')).toBeVisible()
    // Start Certify starts it again.
    const { menu } = await openActions(canvas, userEvent, maintenance.name)
    await expect(within(menu).getByRole('menuitem', { name: 'Start Certify' })).not.toHaveAttribute(
      'aria-disabled',
      'true',
    )
    await userEvent.keyboard('{Escape}')
  },
})

/** A cancel the server refuses (the run had just ended): its message as an error. */
export const CancelRefused = meta.story({
  name: 'Cancel refused',
  beforeEach({ msw }) {
    msw.use(answerWorldRecords(inProgress.id), scenarios.serverError('cancelRun', NO_ACTIVE_RUN_MESSAGE, 409))
  },
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    await chooseAction(canvas, userEvent, inProgress.name, 'Cancel Run')
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this certification run?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel run' }))
    await expectToast(NO_ACTIVE_RUN_MESSAGE, 'error')
  },
})

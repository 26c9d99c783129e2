import preview from '#.storybook/preview'
import { storyStream } from '#.storybook/event-stream'
import { expect, screen, waitFor, within } from 'storybook/test'
import { COMMENT_ADDED_MESSAGE, COMMENT_EMPTY_MESSAGE } from '@/contract/server-messages'
import { fixtureEvents } from '@/mocks/fixtures/events'
import { scenarios } from '@/mocks/scenarios'
import { loggedInAs } from '../support/session'
import { expectToast } from '../support/toasts'
import {
  answerRuns,
  answerWorldRecords,
  type Canvas,
  chooseAction,
  dashboardAt,
  dashboardReady,
  rowOf,
  runInProgress,
  TEST_CASE_NAMES,
  type UserEvent,
  WORLD,
} from '../dashboard/dashboard-steps'
import { RunDetails } from '@/features/certification/components/run-details'
import { CommentsDialog } from '@/features/certification/components/comments-dialog'

/**
 * A record's certification run under the table (decision 7), shown when its row is selected:
 * mid-run (cases passed, running, pending, their log lines, moved on by the live stream), finished
 * certified or failed (with the printable report), waiting in maintenance, not run yet. And the
 * comments dialog (decision 8): the list, newest first, the empty message, adding a comment.
 */

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `A record's certification run under the table, shown when its row is selected: mid-run (cases passed,
running and pending, with their log lines, moved on by the live stream), finished certified or
failed with the printable report, waiting in maintenance, or not run yet. Then the comments dialog:
the list, newest first, the empty message, and adding a comment (an Owner's or an Engineer's).`

const meta = preview.meta({
  title: 'Dashboard/Runs and comments',
  // What the dashboard shows of a record's run, and its comments.
  subcomponents: { RunDetails, CommentsDialog },
  parameters: { ...dashboardAt(), docs: { description: { component: ABOUT } } },
  beforeEach: loggedInAs('v-nokia'),
  render: () => <></>,
})

const { submitted, inProgress, maintenance, certified, certifiedWithComments, validationFailure } = WORLD

/** Selects a row by a click and returns its run's region. */
async function openRun(canvas: Canvas, userEvent: UserEvent, deviceName: string) {
  await dashboardReady(canvas)
  const row = rowOf(canvas, deviceName)
  await userEvent.click(row.querySelectorAll('td')[3] as HTMLElement)
  await expect(row).toHaveAttribute('aria-current', 'true')
  return canvas.findByRole('region', { name: `Certification run · ${deviceName}` })
}

/** Each test case's name and state as listed. */
function caseStates(run: HTMLElement) {
  return within(run)
    .getAllByRole('listitem')
    .map((item) => {
      const [name, state] = [...item.querySelectorAll('span')].map((span) => span.textContent)
      return [name, state]
    })
}

/**
 * Mid-run: three cases passed, the fourth running, four pending, with their log lines; then the
 * live stream says the fourth passed and the fifth runs (no reading again: docs/decisions/0022).
 */
export const RunMidway = meta.story({
  name: 'Run midway',
  parameters: { liveStream: { activeRuns: () => [] } },
  beforeEach({ msw }) {
    msw.use(
      answerWorldRecords(inProgress.id, certified.id),
      answerRuns(() => [runInProgress(inProgress.id, 3)]),
    )
  },
  play: async ({ canvas, userEvent }) => {
    const run = await openRun(canvas, userEvent, inProgress.name)
    await waitFor(() =>
      expect(within(run).getByRole('status')).toHaveTextContent('In progress · 3 of 8 test cases passed'),
    )
    await expect(caseStates(run)).toEqual(
      TEST_CASE_NAMES.map((name, index) => [
        name,
        index < 3 ? 'Passed' : index === 3 ? 'Running' : 'Pending',
      ]),
    )
    // The running case's log is open; a passed case is its line, its log a click away (docs/decisions/0036).
    await expect(within(run).getByText('Wi-Fi throughput 5 GHz: step 2 of 3', { exact: false })).toBeVisible()
    await expect(
      within(run).queryByText('Boot and provisioning: passed in 12 s', { exact: false }),
    ).toBeNull()
    await userEvent.click(within(run).getByRole('button', { name: /^Boot and provisioning/ }))
    await expect(
      within(run).getByText('Boot and provisioning: passed in 12 s', { exact: false }),
    ).toBeVisible()
    // No report before the run ends.
    await expect(within(run).queryByRole('link')).toBeNull()
    // The stream moves it on.
    const next = runInProgress(inProgress.id, 4)
    storyStream().emit(fixtureEvents.caseFinished(next, 3), fixtureEvents.caseStarted(next, 4))
    await waitFor(() =>
      expect(within(run).getByRole('status')).toHaveTextContent('In progress · 4 of 8 test cases passed'),
    )
    await expect(caseStates(run)[4]).toEqual(['DFS channel switching', 'Running'])
  },
})

/** Finished and certified: every case passed, the printable report opens in a new tab. */
export const RunFinishedCertified = meta.story({
  name: 'Run finished certified',
  beforeEach({ msw }) {
    msw.use(answerWorldRecords(certified.id))
  },
  play: async ({ canvas, userEvent }) => {
    const run = await openRun(canvas, userEvent, certified.name)
    await waitFor(() =>
      expect(within(run).getByRole('status')).toHaveTextContent('Certified · 8 of 8 test cases passed'),
    )
    await expect(caseStates(run)).toEqual(TEST_CASE_NAMES.map((name) => [name, 'Passed']))
    const report = within(run).getByRole('link', { name: 'Printable report (opens in a new tab)' })
    await expect(report).toHaveAttribute('target', '_blank')
    await expect(report.getAttribute('href')).toMatch(/\/runs\/run-pm-0008\/results\.html$/)
  },
})

/** Finished with a Validation failure: the failed case first, and its log line saying why. */
export const RunFinishedValidationFailure = meta.story({
  name: 'Run finished validation failure',
  beforeEach({ msw }) {
    msw.use(answerWorldRecords(validationFailure.id))
  },
  play: async ({ canvas, userEvent }) => {
    const run = await openRun(canvas, userEvent, validationFailure.name)
    await waitFor(() =>
      expect(within(run).getByRole('status')).toHaveTextContent(
        'Validation Failure · 7 of 8 test cases passed',
      ),
    )
    // The failed case comes first, its log open (docs/decisions/0036).
    await expect(caseStates(run)[0]).toEqual(['Wi-Fi throughput 5 GHz', 'Failed'])
    await expect(
      within(run).getByText('Wi-Fi throughput 5 GHz: expected ≥ 600 Mbit/s, measured 412 Mbit/s', {
        exact: false,
      }),
    ).toBeVisible()
    await expect(within(run).getByRole('link', { name: /Printable report/ })).toBeVisible()
  },
})

/** In maintenance: the run waits for the lab. */
export const RunWaitingForMaintenance = meta.story({
  name: 'Run waiting for maintenance',
  beforeEach({ msw }) {
    msw.use(answerWorldRecords(maintenance.id))
  },
  play: async ({ canvas, userEvent }) => {
    const run = await openRun(canvas, userEvent, maintenance.name)
    await waitFor(() =>
      expect(within(run).getByRole('status')).toHaveTextContent('Waiting for the lab (maintenance)'),
    )
  },
})

/** A Submitted record has no run yet. */
export const NoRunYet = meta.story({
  name: 'No run yet',
  beforeEach({ msw }) {
    msw.use(answerWorldRecords(submitted.id))
  },
  play: async ({ canvas, userEvent }) => {
    const run = await openRun(canvas, userEvent, submitted.name)
    await expect(
      await within(run).findByText(
        'No certification run yet. Start Certify runs the test plan for this device.',
      ),
    ).toBeVisible()
    await expect(within(run).queryByRole('list')).toBeNull()
  },
})

/** The runs cannot be read: said in the region. */
export const RunsUnavailable = meta.story({
  name: 'Runs unavailable',
  beforeEach({ msw }) {
    msw.use(answerWorldRecords(certified.id), scenarios.serverError('listRuns'))
  },
  play: async ({ canvas, userEvent }) => {
    const run = await openRun(canvas, userEvent, certified.name)
    await expect(await within(run).findByText('The runs could not be loaded.')).toBeVisible()
  },
})

/** Add Comments: the record's comments, newest first, with their author, side and time. */
export const CommentsListed = meta.story({
  name: 'Comments listed',
  beforeEach({ msw }) {
    msw.use(answerWorldRecords(certifiedWithComments.id))
  },
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    const trigger = await chooseAction(canvas, userEvent, certifiedWithComments.name, 'Add Comments')
    const dialog = await screen.findByRole('dialog', { name: 'Comments' })
    await expect(dialog).toHaveAccessibleDescription(certifiedWithComments.name)
    const list = await within(dialog).findByRole('list', { name: 'Comments' })
    const items = within(list).getAllByRole('listitem')
    await expect(items.map((item) => item.querySelectorAll('p')[1]?.textContent)).toEqual([
      'Wi-Fi 6 throughput test rerun requested after the antenna change.',
      'Engineering build shared with the lab; SSH is enabled on port 2222.',
    ])
    // Each comment names its side and the author's role there (Dashboard/Lab holds the
    // conversation and review stories).
    await expect(items[0]).toHaveTextContent(
      'Eli Engineer · Certification lab · Lab engineer · 19 Nov 2026, 23:00',
    )
    await expect(items[1]).toHaveTextContent('Priya Sharma · Your team · Owner · 19 Nov 2026, 18:00')
    // Escape closes it and the focus goes back to the row's actions button.
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(trigger).toHaveFocus())
  },
})

/** An empty comment is not sent: 'Please write a comment.' beside the field, which is marked invalid. */
export const CommentEmpty = meta.story({
  name: 'Comment empty',
  beforeEach({ msw }) {
    msw.use(answerWorldRecords(certified.id))
  },
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    await chooseAction(canvas, userEvent, certified.name, 'Add Comments')
    const dialog = await screen.findByRole('dialog', { name: 'Comments' })
    // Visible once the dialog's opening fade has begun (opacity 0 at its very start).
    await waitFor(() => expect(within(dialog).getByText('No comments yet.')).toBeVisible())
    const field = within(dialog).getByRole('textbox', { name: 'New comment' })
    await userEvent.type(field, '   ')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add comment' }))
    await expect(await within(dialog).findByText(COMMENT_EMPTY_MESSAGE)).toBeVisible()
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(field).toHaveAccessibleDescription(expect.stringContaining(COMMENT_EMPTY_MESSAGE))
    await expect(within(dialog).queryByRole('list', { name: 'Comments' })).toBeNull()
    // Writing clears the message.
    await userEvent.type(field, 'Lab slot booked')
    await waitFor(() => expect(within(dialog).queryByText(COMMENT_EMPTY_MESSAGE)).toBeNull())
    await expect(field).not.toHaveAttribute('aria-invalid', 'true')
  },
})

/** Adding a comment: 'Comment added', the field empties, the comment heads the list. */
export const CommentAdded = meta.story({
  name: 'Comment added',
  beforeEach({ msw }) {
    msw.use(answerWorldRecords(certifiedWithComments.id))
  },
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    await chooseAction(canvas, userEvent, certifiedWithComments.name, 'Add Comments')
    const dialog = await screen.findByRole('dialog', { name: 'Comments' })
    await within(dialog).findByRole('list', { name: 'Comments' })
    const field = within(dialog).getByRole('textbox', { name: 'New comment' })
    await userEvent.type(field, 'Antenna module replaced; please rerun the 5 GHz throughput case.')
    await expect(field).toHaveAccessibleDescription(expect.stringContaining('64 of 500 characters'))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add comment' }))
    await expectToast(COMMENT_ADDED_MESSAGE, 'success')
    await waitFor(() => expect(field).toHaveValue(''))
    const list = within(dialog).getByRole('list', { name: 'Comments' })
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3))
    await expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent(
      'Antenna module replaced; please rerun the 5 GHz throughput case.',
    )
  },
})

/** A refused comment: the server's message as an error; what was typed stays. */
export const CommentRefused = meta.story({
  name: 'Comment refused',
  beforeEach({ msw }) {
    msw.use(
      answerWorldRecords(certified.id),
      scenarios.serverError('addComment', 'Comments are closed for maintenance.', 503),
    )
  },
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    await chooseAction(canvas, userEvent, certified.name, 'Add Comments')
    const dialog = await screen.findByRole('dialog', { name: 'Comments' })
    const field = within(dialog).getByRole('textbox', { name: 'New comment' })
    await userEvent.type(field, 'Firmware 3.4.13 uploaded.')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add comment' }))
    await expectToast('Comments are closed for maintenance.', 'error')
    await expect(field).toHaveValue('Firmware 3.4.13 uploaded.')
  },
})

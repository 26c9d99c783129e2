import preview from '#.storybook/preview'
import { expect, waitFor, within } from 'storybook/test'
import { RunDetails } from '@/features/certification/components/run-details'
import { loggedInAs } from '../support/session'
import {
  answerRecords,
  answerRuns,
  type Canvas,
  CERTIFIED_OK,
  dashboardAt,
  dashboardReady,
  deviceRecord,
  planRun,
  rowOf,
  type UserEvent,
  VALIDATION_FAILURE,
} from '../dashboard/dashboard-steps'
import { AttemptHistory, AttemptSwitcher } from '@/features/certification/components/attempt-history'

/**
 * A record's attempts in its run details: the latest attempt's cases with their log
 * lines, and every attempt — number, full run or re-run of the failed cases, who started it and
 * when, which cases, how it ended and why, its printable report once finished or cancelled.
 */

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `A record's attempts in its run details under the dashboard table, for the members following a
device's certification: the latest attempt's cases with their log lines, and every attempt with its
number, full run or re-run of the failed cases, who started it and when, and how it ended and why. A
finished or cancelled attempt offers its printable report.`

const meta = preview.meta({
  title: 'Dashboard/Attempts',
  subcomponents: { RunDetails, AttemptHistory, AttemptSwitcher },
  parameters: {
    ...dashboardAt(),
    liveStream: { activeRuns: () => [] },
    docs: { description: { component: ABOUT } },
  },
  beforeEach: loggedInAs('v-nokia'),
  render: () => <></>,
})

const ID = 'pm-attempts'
const NAME = 'Beacon 6'
const FAILED_CASE = 'Wi-Fi throughput 5 GHz'
const INTERRUPTED = 'The run was interrupted by a restart of the certification service.'

const firstFailed = planRun(ID, {
  passed: 8,
  failed: [FAILED_CASE],
  status: 'Completed',
  isCertified: VALIDATION_FAILURE,
  finishedAt: '2026-11-20T08:52:00Z',
  testPlan: { planId: 'wi-fi-router', name: 'Wi-Fi Router / Wi-Fi 6', version: 2 },
})

async function openRun(canvas: Canvas, userEvent: UserEvent) {
  await dashboardReady(canvas)
  const row = rowOf(canvas, NAME)
  await userEvent.click(row.querySelectorAll('td')[3] as HTMLElement)
  return canvas.findByRole('region', { name: `Certification run · ${NAME}` })
}

/** Attempt 1, the full plan (version 2 of its test plan), ended in a Validation failure: one failed case, its report. */
export const FullRunFailed = meta.story({
  name: 'Full run failed',
  beforeEach({ msw }) {
    msw.use(
      answerRecords(() => [
        deviceRecord({
          portfolioManagerId: ID,
          deviceName: NAME,
          status: 'Completed',
          isCertified: VALIDATION_FAILURE,
        }),
      ]),
      answerRuns(() => [firstFailed]),
    )
  },
  play: async ({ canvas, userEvent }) => {
    const run = await openRun(canvas, userEvent)
    await waitFor(() =>
      expect(within(run).getByRole('status')).toHaveTextContent(
        'Validation Failure · 7 of 8 test cases passed',
      ),
    )
    await expect(
      within(run).getByText('Attempt 1 · Full run · started by Priya Sharma, 20 Nov 2026, 08:40'),
    ).toBeVisible()
    // The plan version the attempt ran (docs/decisions/0032).
    await expect(within(run).getByText('Test plan: Wi-Fi Router / Wi-Fi 6, version 2')).toBeVisible()
    await expect(
      within(run).getByText(`${FAILED_CASE}: expected ≥ 600 Mbit/s, measured 412 Mbit/s`, { exact: false }),
    ).toBeVisible()
    await expect(
      within(run).getByRole('link', { name: 'Printable report (opens in a new tab)' }),
    ).toBeVisible()
    // One attempt: no history list.
    await expect(within(run).queryByRole('list', { name: 'Attempts' })).toBeNull()
  },
})

/** Attempt 2 re-runs the failed case and is running: its one case live, attempt 1 below. */
export const RerunRunning = meta.story({
  name: 'Rerun running',
  beforeEach({ msw }) {
    msw.use(
      answerRecords(() => [deviceRecord({ portfolioManagerId: ID, deviceName: NAME, status: 'InProgress' })]),
      answerRuns(() => [
        planRun(ID, {
          attempt: 2,
          kind: 'rerun',
          cases: [FAILED_CASE],
          running: true,
          startedAt: '2026-11-20T09:00:00Z',
        }),
        firstFailed,
      ]),
    )
  },
  play: async ({ canvas, userEvent }) => {
    const run = await openRun(canvas, userEvent)
    await waitFor(() =>
      expect(within(run).getByRole('status')).toHaveTextContent(
        'In progress · 7 of 8 test cases passed over 2 attempts',
      ),
    )
    await expect(
      within(run).getByText(
        'Attempt 2 · Re-run of failed cases · started by Priya Sharma, 20 Nov 2026, 09:00',
      ),
    ).toBeVisible()
    await expect(within(run).getByText(`0 of 1 test cases · now running: ${FAILED_CASE}`)).toBeVisible()
    const attempts = within(run).getByRole('list', { name: 'Attempts' })
    const [second, first] = within(attempts).getAllByRole('listitem')
    await expect(second).toHaveTextContent(
      'Attempt 2 · Re-run of failed cases · started by Priya Sharma, 20 Nov 2026, 09:00 · In progress',
    )
    await expect(second).toHaveTextContent('1 test case: 1 running')
    await expect(second).toHaveTextContent(`Cases: ${FAILED_CASE}`)
    await expect(first).toHaveTextContent(
      'Attempt 1 · Full run · started by Priya Sharma, 20 Nov 2026, 08:40 · Validation Failure',
    )
    await expect(first).toHaveTextContent('8 test cases: 7 passed, 1 failed · ended 20 Nov 2026, 08:52')
    await expect(
      within(first as HTMLElement).getByRole('link', {
        name: 'Attempt 1: printable report (opens in a new tab)',
      }),
    ).toBeVisible()
    // A running attempt has no report yet.
    await expect(within(second as HTMLElement).queryByRole('link')).toBeNull()
  },
})

/**
 * The re-run passed: the record is Certified, and the header counts the plan over both attempts
 * (each case's latest result), not the re-run's one case.
 */
export const RerunCertified = meta.story({
  name: 'Rerun certified',
  beforeEach({ msw }) {
    msw.use(
      answerRecords(() => [
        deviceRecord({
          portfolioManagerId: ID,
          deviceName: NAME,
          status: 'Completed',
          isCertified: CERTIFIED_OK,
        }),
      ]),
      answerRuns(() => [
        planRun(ID, {
          attempt: 2,
          kind: 'rerun',
          cases: [FAILED_CASE],
          passed: 1,
          status: 'Completed',
          isCertified: CERTIFIED_OK,
          startedAt: '2026-11-20T09:00:00Z',
          finishedAt: '2026-11-20T09:03:00Z',
        }),
        firstFailed,
      ]),
    )
  },
  play: async ({ canvas, userEvent }) => {
    const run = await openRun(canvas, userEvent)
    await waitFor(() =>
      expect(within(run).getByRole('status')).toHaveTextContent(
        'Certified · 8 of 8 test cases passed over 2 attempts',
      ),
    )
    const attempts = within(run).getByRole('list', { name: 'Attempts' })
    const [second] = within(attempts).getAllByRole('listitem')
    await expect(second).toHaveTextContent(
      'Re-run of failed cases · started by Priya Sharma, 20 Nov 2026, 09:00 · Certified',
    )
    await expect(second).toHaveTextContent('1 test case: 1 passed · ended 20 Nov 2026, 09:03')
    await expect(
      within(run).getByRole('link', { name: 'Printable report (opens in a new tab)' }),
    ).toBeVisible()
  },
})

/** Cancelled by the vendor: its finished cases kept, the others skipped, the reason, its report. */
export const Cancelled = meta.story({
  name: 'Cancelled',
  beforeEach({ msw }) {
    msw.use(
      answerRecords(() => [deviceRecord({ portfolioManagerId: ID, deviceName: NAME, status: 'Cancelled' })]),
      answerRuns(() => [
        planRun(ID, {
          passed: 3,
          status: 'Cancelled',
          failureReason: 'Cancelled by Priya Sharma.',
          finishedAt: '2026-11-20T08:47:00Z',
        }),
      ]),
    )
  },
  play: async ({ canvas, userEvent }) => {
    const run = await openRun(canvas, userEvent)
    await waitFor(() =>
      expect(within(run).getByRole('status')).toHaveTextContent('Cancelled · 3 of 8 test cases passed'),
    )
    await expect(within(run).getByText('Cancelled by Priya Sharma.')).toBeVisible()
    await expect(within(run).getAllByText('Skipped')).toHaveLength(5)
    await expect(
      within(run).getByRole('link', { name: 'Printable report (opens in a new tab)' }),
    ).toBeVisible()
  },
})

/** Interrupted by a restart: ended with a Validation failure and the reason why. */
export const Interrupted = meta.story({
  name: 'Interrupted',
  beforeEach({ msw }) {
    msw.use(
      answerRecords(() => [
        deviceRecord({
          portfolioManagerId: ID,
          deviceName: NAME,
          status: 'Completed',
          isCertified: VALIDATION_FAILURE,
        }),
      ]),
      answerRuns(() => [
        planRun(ID, {
          passed: 2,
          status: 'Completed',
          isCertified: VALIDATION_FAILURE,
          failureReason: INTERRUPTED,
          finishedAt: '2026-11-20T08:45:00Z',
        }),
      ]),
    )
  },
  play: async ({ canvas, userEvent }) => {
    const run = await openRun(canvas, userEvent)
    await waitFor(() =>
      expect(within(run).getByRole('status')).toHaveTextContent(
        'Validation Failure · 2 of 8 test cases passed',
      ),
    )
    await expect(within(run).getByText(INTERRUPTED)).toBeVisible()
  },
})

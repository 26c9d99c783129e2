import preview from '#.storybook/preview'
import { expect, waitFor, within } from 'storybook/test'
import { RERUN_STARTED_MESSAGE } from '@/contract/server-messages'
import { RerunFailedButton } from '@/features/certification/components/rerun-failed-button'
import { RunDetails } from '@/features/certification/components/run-details'
import { loggedInAs, loggedInAsPriya } from '../support/session'
import { expectToast } from '../support/toasts'
import {
  answerRecords,
  answerRuns,
  answerWorldRecords,
  type Canvas,
  CERTIFIED_OK,
  dashboardAt,
  dashboardReady,
  deviceRecord,
  planRun,
  rowOf,
  type UserEvent,
  VALIDATION_FAILURE,
  WORLD,
} from '../dashboard/dashboard-steps'

/**
 * Run details for finding the failure (docs/decisions/0036): the failed cases first with their
 * logs open, the others folded to one line that opens on click, Enter or Space; Re-run Failed
 * Cases beside the failures; the plan's totals over the attempts in the header; the attempt
 * switcher showing an earlier attempt's cases.
 */

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `Run details laid out for finding the failure: the failed cases first with their logs open, the
others folded to one line that opens on click, Enter or Space; Re-run Failed Cases beside the
failures; the plan's totals over all attempts in the header; an attempt switcher for an earlier
attempt's cases.`

const meta = preview.meta({
  title: 'Dashboard/Run details',
  subcomponents: { RunDetails, RerunFailedButton },
  parameters: {
    ...dashboardAt(),
    liveStream: { activeRuns: () => [] },
    docs: { description: { component: ABOUT } },
  },
  beforeEach: loggedInAs('v-nokia'),
  render: () => <></>,
})

const ID = 'pm-mesh'
const NAME = 'Orbi RBK863'
/** The Wi-Fi Mesh Device plan, version 1: fifteen cases. */
const MESH_PLAN = [
  'Boot and provisioning',
  'Firmware upgrade and rollback',
  'Security baseline (open ports, default credentials, TLS)',
  'Wi-Fi throughput 2.4 GHz',
  'Wi-Fi throughput 5 GHz',
  'DFS channel switching',
  'WPA3 and WPA2 transition mode',
  'Mesh onboarding (EasyMesh)',
  'Wireless backhaul throughput',
  'Backhaul failover (wired to wireless)',
  'Client roaming (802.11k/v/r)',
  'Band steering',
  'TR-369 (USP) agent and controller',
  'OFDMA and MU-MIMO (802.11ax)',
  'Wi-Fi throughput 6 GHz',
]
const FAILED_CASE = 'Security baseline (open ports, default credentials, TLS)'
const FAILED_LOG = `${FAILED_CASE}: expected ≥ 600 Mbit/s, measured 412 Mbit/s`

const failedAttempt = planRun(ID, {
  cases: MESH_PLAN,
  passed: MESH_PLAN.length,
  failed: [FAILED_CASE],
  status: 'Completed',
  isCertified: VALIDATION_FAILURE,
  finishedAt: '2026-11-20T08:52:00Z',
  testPlan: { planId: 'wi-fi-mesh', name: 'Wi-Fi Mesh Device', version: 1 },
})
const fixedByRerun = planRun(ID, {
  attempt: 2,
  kind: 'rerun',
  cases: [FAILED_CASE],
  passed: 1,
  status: 'Completed',
  isCertified: CERTIFIED_OK,
  startedAt: '2026-11-20T09:00:00Z',
  finishedAt: '2026-11-20T09:03:00Z',
})

function meshRecord(isCertified: string) {
  return answerRecords(() => [
    deviceRecord({
      portfolioManagerId: ID,
      deviceName: NAME,
      deviceType: 'Wi-Fi Mesh Device',
      status: 'Completed',
      isCertified,
    }),
  ])
}

async function openRun(canvas: Canvas, userEvent: UserEvent, name = NAME) {
  await dashboardReady(canvas)
  // A cell with nothing to press of its own: the table's fourth column, or a phone card's status line.
  await userEvent.click(rowOf(canvas, name).querySelectorAll('td, [role="cell"]')[3] as HTMLElement)
  const run = await canvas.findByRole('region', { name: `Certification run · ${name}` })
  run.scrollIntoView()
  return run
}

/** The listed cases, in order: each item's line (the disclosure's button, or the line itself). */
const caseItems = (run: HTMLElement) =>
  within(run)
    .getAllByRole('listitem')
    .filter((item) => item.closest('[data-slot="attempt-history"]') === null)

/** A case's disclosure button, by the case's name. */
const caseToggle = (run: HTMLElement, name: string) =>
  within(run).getByRole('button', { name: new RegExp(`^${name.replace(/[()./]/g, '\\$&')}`) })

/**
 * One failure of fifteen: it comes first, open, its log visible, with Re-run Failed Cases
 * beside it; the fourteen passed cases are one folded line each; one opens on a click, another
 * with Enter, and Space folds it again.
 */
export const FailedRun = meta.story({
  name: 'Failed run',
  beforeEach({ msw }) {
    msw.use(
      meshRecord(VALIDATION_FAILURE),
      answerRuns(() => [failedAttempt]),
    )
  },
  play: async ({ canvas, userEvent }) => {
    const run = await openRun(canvas, userEvent)
    await waitFor(() =>
      expect(within(run).getByRole('status')).toHaveTextContent(
        'Validation Failure · 14 of 15 test cases passed',
      ),
    )
    const items = caseItems(run)
    await expect(items).toHaveLength(15)
    await expect(items[0]).toHaveTextContent(`${FAILED_CASE}Failed`)
    await expect(items[1]).toHaveTextContent('Boot and provisioningPassed')
    await expect(caseToggle(run, FAILED_CASE)).toHaveAttribute('aria-expanded', 'true')
    await expect(within(run).getByText(FAILED_LOG, { exact: false })).toBeVisible()
    await expect(within(run).getByText('1 test case failed')).toBeVisible()
    await expect(within(run).getByRole('button', { name: 'Re-run Failed Cases' })).toBeEnabled()

    // Passed cases are folded: their line only.
    const boot = caseToggle(run, 'Boot and provisioning')
    await expect(boot).toHaveAttribute('aria-expanded', 'false')
    await expect(within(run).queryByText('Boot and provisioning: passed', { exact: false })).toBeNull()
    await userEvent.click(boot)
    await expect(boot).toHaveAttribute('aria-expanded', 'true')
    await expect(within(run).getByText('Boot and provisioning: passed', { exact: false })).toBeVisible()

    const dfs = caseToggle(run, 'DFS channel switching')
    dfs.focus()
    await userEvent.keyboard('{Enter}')
    await expect(dfs).toHaveAttribute('aria-expanded', 'true')
    await expect(within(run).getByText('DFS channel switching: passed', { exact: false })).toBeVisible()
    await userEvent.keyboard(' ')
    await expect(dfs).toHaveAttribute('aria-expanded', 'false')
    // One attempt: no switcher, no history.
    await expect(within(run).queryByRole('radiogroup', { name: 'Show the cases of' })).toBeNull()
  },
})

/**
 * Certified after a re-run of the one failed case: the header counts the plan, 15 of 15 over 2
 * attempts; the latest attempt shows its one case, and the switcher shows attempt 1's fifteen,
 * its failure first.
 */
export const CertifiedAfterRerun = meta.story({
  name: 'Certified after rerun',
  beforeEach({ msw }) {
    msw.use(
      meshRecord(CERTIFIED_OK),
      answerRuns(() => [fixedByRerun, failedAttempt]),
    )
  },
  play: async ({ canvas, userEvent }) => {
    const run = await openRun(canvas, userEvent)
    await waitFor(() =>
      expect(within(run).getByRole('status')).toHaveTextContent(
        'Certified · 15 of 15 test cases passed over 2 attempts',
      ),
    )
    await expect(
      within(run).getAllByText(
        'Attempt 2 · Re-run of failed cases · started by Priya Sharma, 20 Nov 2026, 09:00',
      )[0],
    ).toBeVisible()
    await expect(caseItems(run)).toHaveLength(1)
    await expect(within(run).queryByRole('button', { name: 'Re-run Failed Cases' })).toBeNull()

    const switcher = within(run).getByRole('radiogroup', { name: 'Show the cases of' })
    const second = within(switcher).getByRole('radio', { name: 'Attempt 2' })
    await expect(second).toBeChecked()
    await userEvent.click(within(switcher).getByRole('radio', { name: 'Attempt 1' }))
    await expect(within(switcher).getByRole('radio', { name: 'Attempt 1' })).toBeChecked()
    await expect(
      within(run).getAllByText('Attempt 1 · Full run · started by Priya Sharma, 20 Nov 2026, 08:40')[0],
    ).toBeVisible()
    await expect(within(run).getByText('Test plan: Wi-Fi Mesh Device, version 1')).toBeVisible()
    const items = caseItems(run)
    await expect(items).toHaveLength(15)
    await expect(items[0]).toHaveTextContent(`${FAILED_CASE}Failed`)
    // Its failure open afresh, though the same case passed (folded) in attempt 2.
    await expect(caseToggle(run, FAILED_CASE)).toHaveAttribute('aria-expanded', 'true')
    await expect(within(run).getByText(FAILED_LOG, { exact: false })).toBeVisible()
    await expect(within(run).getByText('1 test case failed')).toBeVisible()
    // An earlier attempt is not re-run from here: the record is certified.
    await expect(within(run).queryByRole('button', { name: 'Re-run Failed Cases' })).toBeNull()
    // The header still counts the plan over both attempts.
    await expect(within(run).getByRole('status')).toHaveTextContent(
      'Certified · 15 of 15 test cases passed over 2 attempts',
    )
  },
})

/** The failed run on a phone: nothing wider than the screen, the failure first and open. */
export const FailedRunPhone = meta.story({
  name: 'Failed run phone',
  globals: { viewport: { value: 'phone', isRotated: false } },
  beforeEach({ msw }) {
    msw.use(
      meshRecord(VALIDATION_FAILURE),
      answerRuns(() => [failedAttempt]),
    )
  },
  play: async ({ canvas, userEvent }) => {
    const run = await openRun(canvas, userEvent)
    await waitFor(() => expect(caseItems(run)).toHaveLength(15))
    await expect(within(run).getByText(FAILED_LOG, { exact: false })).toBeVisible()
    const rerun = within(run).getByRole('button', { name: 'Re-run Failed Cases' })
    await expect(rerun.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth)
    await expect(run.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth)
    caseItems(run)[0]?.scrollIntoView()
  },
})

/** Certified after a re-run, on a phone: the header's line and the switcher wrap inside the screen. */
export const CertifiedAfterRerunPhone = meta.story({
  name: 'Certified after rerun phone',
  globals: { viewport: { value: 'phone', isRotated: false } },
  beforeEach({ msw }) {
    msw.use(
      meshRecord(CERTIFIED_OK),
      answerRuns(() => [fixedByRerun, failedAttempt]),
    )
  },
  play: async ({ canvas, userEvent }) => {
    const run = await openRun(canvas, userEvent)
    const status = await within(run).findByRole('status')
    await waitFor(() => expect(status).toHaveTextContent('15 of 15 test cases passed over 2 attempts'))
    const switcher = within(run).getByRole('radiogroup', { name: 'Show the cases of' })
    await expect(switcher.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth)
    await expect(status.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth)
  },
})

/**
 * Re-run Failed Cases from run details: the menu item's action — the server's message, and
 * attempt 2 running the failed case above attempt 1, the plan counted over both.
 */
export const RerunFromRunDetails = meta.story({
  name: 'Rerun from run details',
  beforeEach({ msw }) {
    msw.use(answerWorldRecords(WORLD.validationFailure.id))
  },
  play: async ({ canvas, userEvent }) => {
    const run = await openRun(canvas, userEvent, WORLD.validationFailure.name)
    const rerun = await within(run).findByRole('button', { name: 'Re-run Failed Cases' })
    await userEvent.click(rerun)
    await expectToast(RERUN_STARTED_MESSAGE, 'success')
    await waitFor(() => expect(within(run).getByRole('radio', { name: 'Attempt 2' })).toBeChecked())
    await expect(within(run).getByRole('status')).toHaveTextContent('over 2 attempts')
    await expect(within(run).queryByRole('button', { name: 'Re-run Failed Cases' })).toBeNull()
  },
})

/** A Viewer sees the button disabled, with the role's reason and what to do. */
export const RerunRefusedToViewer = meta.story({
  name: 'Rerun refused to Viewer',
  beforeEach({ msw }) {
    msw.use(
      meshRecord(VALIDATION_FAILURE),
      answerRuns(() => [failedAttempt]),
    )
    return loggedInAsPriya('Viewer')()
  },
  play: async ({ canvas, userEvent }) => {
    const run = await openRun(canvas, userEvent)
    const rerun = await within(run).findByRole('button', { name: 'Re-run Failed Cases' })
    await expect(rerun).toBeDisabled()
    await expect(rerun).toHaveAccessibleDescription(
      'Your role in this organization does not allow starting or cancelling certification runs. Ask an Owner of your organization for another role.',
    )
  },
})

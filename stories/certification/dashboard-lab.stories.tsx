import preview from '#.storybook/preview'
import { storyStream } from '#.storybook/event-stream'
import type { RequestHandler } from 'msw'
import { expect, fireEvent, screen, waitFor, within } from 'storybook/test'
import type { CertificationRun, Comment } from '@/contract/certification'
import { AWAITING_REVIEW_LABEL, AWAITING_REVIEW_REFUSAL_MESSAGE, maintenanceNotice } from '@/contract/lab'
import { fixtureEvents } from '@/mocks/fixtures/events'
import { world } from '@/mocks/fixtures/world'
import { loggedInAs } from '../support/session'
import { expectToast } from '../support/toasts'
import {
  answerRecords,
  answerRuns,
  answerWorldRecords,
  type Canvas,
  CERTIFIED_OK,
  chooseAction,
  dashboardAt,
  dashboardReady,
  deviceRecord,
  expectBar,
  expectCardCounts,
  menuItems,
  openActions,
  planRun,
  rowOf,
  statusNote,
  type UserEvent,
  VALIDATION_FAILURE,
  WORLD,
} from '../dashboard/dashboard-steps'
import { CommentsDialog } from '@/features/certification/components/comments-dialog'
import { RunDetails } from '@/features/certification/components/run-details'

/**
 * The lab's side (docs/decisions/0024) as the vendor sees it: the comments are one thread with the
 * certification lab — each comment with its author, side, role and time, the lab's set apart —
 * and a lab answer heard on the live stream is told in a toast; run details show the lab's
 * maintenance (reason and expected end) and its review of a finished run (awaiting, approved,
 * rejected with the reason); a record awaiting review counts In Progress, says 'Awaiting review'
 * under its bar and holds Start Certify and Re-run Failed Cases back with the reason.
 */

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `The certification lab as the vendor meets it on the dashboard. The comments are one thread with the
lab, each with its author, side, role and time, the lab's set apart; a lab answer arriving on the
live stream is told in a toast. Run details show the lab's maintenance (reason and expected end) and
its review of a finished run: awaiting, approved, or rejected with the reason. A record awaiting
review counts In Progress, says 'Awaiting review' under its bar and holds Start Certify and Re-run
Failed Cases back with the reason.`

const meta = preview.meta({
  title: 'Dashboard/Lab conversation and review',
  subcomponents: { CommentsDialog, RunDetails },
  parameters: {
    ...dashboardAt(),
    liveStream: { activeRuns: () => [] },
    docs: { description: { component: ABOUT } },
  },
  beforeEach: loggedInAs('v-nokia'),
  render: () => <></>,
})

const { certifiedWithComments, maintenance } = WORLD

const at = (iso: string) => `2026-11-${iso}:00.000Z`

/** MA5800-X7's thread: the vendor's team and the lab, with one comment from before the lab console (no side given). */
const CONVERSATION: Comment[] = [
  {
    commentId: 'conv-1',
    portfolioManagerId: certifiedWithComments.id,
    author: 'Priya Sharma (Nokia)',
    text: 'Submitted for the Wi-Fi 6 programme.',
    createdAt: at('18T10:00'),
  },
  {
    commentId: 'conv-2',
    portfolioManagerId: certifiedWithComments.id,
    author: 'Priya Sharma',
    text: 'Engineering build 3.4.12-eng uploaded; SSH is enabled on port 2222.',
    createdAt: at('19T14:00'),
    authorKind: 'vendor',
    authorRole: 'Owner',
  },
  {
    commentId: 'conv-3',
    portfolioManagerId: certifiedWithComments.id,
    author: 'Eli Engineer',
    text: 'Thanks. The 5 GHz throughput case measured 412 Mbit/s; was the antenna module changed since the submission?',
    createdAt: at('19T16:30'),
    authorKind: 'lab',
    authorRole: 'Lab engineer',
  },
  {
    commentId: 'conv-4',
    portfolioManagerId: certifiedWithComments.id,
    author: 'Marc Dubois',
    text: 'Yes: revision B antennas.\nFirmware 3.4.13 carries the matching calibration.',
    createdAt: at('20T08:15'),
    authorKind: 'vendor',
    authorRole: 'Engineer',
  },
  {
    commentId: 'conv-5',
    portfolioManagerId: certifiedWithComments.id,
    author: 'Lena Lab',
    text: 'Noted. We rerun the failed case with 3.4.13 once today’s maintenance ends.',
    createdAt: at('20T08:50'),
    authorKind: 'lab',
    authorRole: 'Lab manager',
  },
]

/** The fixture world's comments of MA5800-X7 replaced by the conversation. */
function withConversation() {
  world.comments = [
    ...world.comments.filter((comment) => comment.portfolioManagerId !== certifiedWithComments.id),
    ...CONVERSATION,
  ]
}

/** Each listed comment as [side, heading, text], in the order shown (newest first). */
function thread(dialog: HTMLElement) {
  const list = within(dialog).getByRole('list', { name: 'Comments' })
  return within(list)
    .getAllByRole('listitem')
    .map((item) => {
      const [heading, text] = [...item.querySelectorAll('p')].map((p) => p.textContent)
      return [item.dataset.side, heading, text]
    })
}

/**
 * Add Comments on a record the lab has talked about: the thread, newest first, each comment headed
 * by its author, its side (Your team, Certification lab), its role and its time; the lab's stand
 * to the right on blue, the team's to the left on grey. The dialog's field and button are the
 * specification's.
 */
export const Conversation = meta.story({
  name: 'Conversation',
  beforeEach({ msw }) {
    withConversation()
    msw.use(answerWorldRecords(certifiedWithComments.id))
  },
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    await chooseAction(canvas, userEvent, certifiedWithComments.name, 'Add Comments')
    const dialog = await screen.findByRole('dialog', { name: 'Comments' })
    await expect(dialog).toHaveAccessibleDescription(certifiedWithComments.name)
    await within(dialog).findByRole('list', { name: 'Comments' })
    await expect(thread(dialog)).toEqual([
      [
        'lab',
        'Lena Lab · Certification lab · Lab manager · 20 Nov 2026, 08:50',
        'Noted. We rerun the failed case with 3.4.13 once today’s maintenance ends.',
      ],
      [
        'vendor',
        'Marc Dubois · Your team · Engineer · 20 Nov 2026, 08:15',
        'Yes: revision B antennas.\nFirmware 3.4.13 carries the matching calibration.',
      ],
      [
        'lab',
        'Eli Engineer · Certification lab · Lab engineer · 19 Nov 2026, 16:30',
        'Thanks. The 5 GHz throughput case measured 412 Mbit/s; was the antenna module changed since the submission?',
      ],
      [
        'vendor',
        'Priya Sharma · Your team · Owner · 19 Nov 2026, 14:00',
        'Engineering build 3.4.12-eng uploaded; SSH is enabled on port 2222.',
      ],
      // Written before the lab console: no side given, so the team's, with no role.
      [
        'vendor',
        'Priya Sharma (Nokia) · Your team · 18 Nov 2026, 10:00',
        'Submitted for the Wi-Fi 6 programme.',
      ],
    ])
    // The lab's comments stand apart: to the right, on the lab's colour.
    const [labItem, teamItem] = within(dialog).getAllByRole('listitem') as [HTMLElement, HTMLElement]
    await waitFor(() =>
      expect(labItem.getBoundingClientRect().right).toBeGreaterThan(teamItem.getBoundingClientRect().right),
    )
    await expect(getComputedStyle(labItem).backgroundColor).not.toBe(
      getComputedStyle(teamItem).backgroundColor,
    )
    // The specification's box and button, as before.
    await expect(within(dialog).getByRole('textbox', { name: 'New comment' })).toBeEnabled()
    await expect(within(dialog).getByRole('button', { name: 'Add comment' })).toBeEnabled()
  },
})

/**
 * The lab answers while the vendor is on the dashboard: the live stream's comment.added of the lab
 * is told in a toast naming the device, and the thread has it at its head.
 */
export const LabAnswersLive = meta.story({
  name: 'Lab answers live',
  beforeEach({ msw }) {
    withConversation()
    msw.use(answerWorldRecords(certifiedWithComments.id))
  },
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    await waitFor(() => expect(storyStream().sources.length).toBeGreaterThan(0))
    const answer: Comment = {
      commentId: 'conv-6',
      portfolioManagerId: certifiedWithComments.id,
      author: 'Eli Engineer',
      text: 'Maintenance is over: the 5 GHz case passed with 3.4.13.',
      createdAt: at('20T09:00'),
      authorKind: 'lab',
      authorRole: 'Lab engineer',
    }
    // The server stores it, then tells the vendor's tabs.
    world.comments.push(answer)
    storyStream().emit(fixtureEvents.commentAdded(answer))
    await expectToast(`The certification lab answered on ${certifiedWithComments.name}.`, 'info')
    await chooseAction(canvas, userEvent, certifiedWithComments.name, 'Add Comments')
    const dialog = await screen.findByRole('dialog', { name: 'Comments' })
    await waitFor(() =>
      expect(thread(dialog)[0]).toEqual([
        'lab',
        'Eli Engineer · Certification lab · Lab engineer · 20 Nov 2026, 09:00',
        'Maintenance is over: the 5 GHz case passed with 3.4.13.',
      ]),
    )
  },
})

/** Selects a row by a click and returns its run's region. */
async function openRun(canvas: Canvas, userEvent: UserEvent, deviceName: string) {
  await dashboardReady(canvas)
  const row = rowOf(canvas, deviceName)
  await userEvent.click(row.querySelectorAll('td')[3] as HTMLElement)
  await expect(row).toHaveAttribute('aria-current', 'true')
  return canvas.findByRole('region', { name: `Certification run · ${deviceName}` })
}

const MAINTENANCE = {
  reason: 'The RF chamber is being recalibrated.',
  startedAt: '2026-11-20T08:00:00.000Z',
  expectedEnd: '2026-11-20T14:30:00.000Z',
  startedBy: 'Lena Lab',
}

/** A run waiting in maintenance: the lab's notice, its reason and expected end, said once as a status. */
export const RunInMaintenance = meta.story({
  name: 'Run in maintenance',
  beforeEach({ msw }) {
    msw.use(
      answerWorldRecords(maintenance.id),
      answerRuns(() => [
        planRun(maintenance.id, { status: 'Maintenance', passed: 3, maintenance: MAINTENANCE }),
      ]),
    )
  },
  play: async ({ canvas, userEvent }) => {
    const run = await openRun(canvas, userEvent, maintenance.name)
    const notice = maintenanceNotice('The RF chamber is being recalibrated.', '20 Nov 2026, 14:30')
    await expect(notice).toBe(
      'The lab is in maintenance: The RF chamber is being recalibrated. Expected to end 20 Nov 2026, 14:30.',
    )
    const status = await within(run).findByText(notice)
    await expect(status.closest('[role="status"]')).toHaveAttribute('data-slot', 'maintenance-notice')
    await expect(within(run).getByText(/^Waiting for the lab \(maintenance\)/)).toBeVisible()
  },
})

const REVIEWED = { portfolioManagerId: 'pm-review', deviceName: 'Beacon 6 Pro' }

/** One record, and its runs: the attempt the lab reviews on top. */
function reviewedRecord(
  record: { status: string; isCertified: string },
  run: Partial<CertificationRun>,
  earlier: CertificationRun[] = [],
) {
  return ({ msw }: { msw: { use: (...handlers: RequestHandler[]) => void } }) => {
    msw.use(
      answerRecords(() => [deviceRecord({ ...REVIEWED, ...record })]),
      answerRuns(() => [
        planRun(REVIEWED.portfolioManagerId, {
          finishedAt: '2026-11-20T08:56:00Z',
          attempt: earlier.length + 1,
          ...run,
        }),
        ...earlier,
      ]),
    )
  }
}

/** Review on: the run's cases are done and the lab decides; the vendor reads 'Awaiting the lab’s review'. */
export const RunReviewPending = meta.story({
  name: 'Run review pending',
  beforeEach: reviewedRecord(
    { status: 'AwaitingReview', isCertified: '' },
    {
      status: 'AwaitingReview',
      passed: 8,
      review: { state: 'pending', reviewer: null, reviewedAt: null, reason: null },
    },
  ),
  play: async ({ canvas, userEvent }) => {
    const run = await openRun(canvas, userEvent, REVIEWED.deviceName)
    await waitFor(() =>
      expect(within(run).getByRole('status')).toHaveTextContent(
        `${AWAITING_REVIEW_LABEL} · 8 of 8 test cases passed`,
      ),
    )
    await expect(within(run).getByText('Awaiting the lab’s review')).toBeVisible()
    // No result yet: no report until the lab decides.
    await expect(within(run).queryByRole('link')).toBeNull()
  },
})

/** The lab approved the run: who and when. */
export const RunReviewApproved = meta.story({
  name: 'Run review approved',
  beforeEach: reviewedRecord(
    { status: 'Completed', isCertified: CERTIFIED_OK },
    {
      status: 'Completed',
      isCertified: CERTIFIED_OK,
      passed: 8,
      review: {
        state: 'approved',
        reviewer: 'Eli Engineer',
        reviewedAt: '2026-11-20T09:05:00Z',
        reason: null,
      },
    },
  ),
  play: async ({ canvas, userEvent }) => {
    const run = await openRun(canvas, userEvent, REVIEWED.deviceName)
    await waitFor(() =>
      expect(within(run).getByRole('status')).toHaveTextContent('Certified · 8 of 8 test cases passed'),
    )
    await expect(within(run).getByText('Approved by Eli Engineer on 20 Nov 2026, 09:05')).toBeVisible()
  },
})

/** The lab rejected the run: who, when and why; the earlier attempt keeps its own line. */
export const RunReviewRejected = meta.story({
  name: 'Run review rejected',
  beforeEach: reviewedRecord(
    { status: 'Completed', isCertified: VALIDATION_FAILURE },
    {
      status: 'Completed',
      isCertified: VALIDATION_FAILURE,
      passed: 8,
      kind: 'rerun',
      review: {
        state: 'rejected',
        reviewer: 'Lena Lab',
        reviewedAt: '2026-11-20T09:10:00Z',
        reason: 'The 5 GHz throughput was measured on a DFS channel; run it again on channel 36.',
      },
    },
    [
      planRun(REVIEWED.portfolioManagerId, {
        status: 'Completed',
        isCertified: VALIDATION_FAILURE,
        passed: 3,
        failed: ['Wi-Fi throughput 5 GHz'],
        startedAt: '2026-11-19T08:00:00Z',
        finishedAt: '2026-11-19T08:20:00Z',
      }),
    ],
  ),
  play: async ({ canvas, userEvent }) => {
    const run = await openRun(canvas, userEvent, REVIEWED.deviceName)
    const rejected =
      'Rejected by Lena Lab on 20 Nov 2026, 09:10: The 5 GHz throughput was measured on a DFS channel; run it again on channel 36.'
    await waitFor(() =>
      expect(within(run).getByRole('status')).toHaveTextContent(
        'Validation Failure · 8 of 8 test cases passed',
      ),
    )
    await expect(within(run).getAllByText(rejected)[0]).toBeVisible()
    // The attempt's line in the history says it too.
    const attempt = within(run).getByRole('listitem', { name: 'Attempt 2' })
    await expect(attempt).toHaveTextContent(rejected)
  },
})

/**
 * A record awaiting the lab's review on the dashboard: 'Awaiting review' on and under its bar (full,
 * in the In Progress colour), counted in In Progress; Start Certify and Re-run Failed Cases held
 * back with the server's reason, reachable with the keyboard and described by it.
 */
export const AwaitingReviewRow = meta.story({
  name: 'Awaiting review row',
  beforeEach({ msw }) {
    msw.use(
      answerRecords(() => [
        deviceRecord({ ...REVIEWED, status: 'AwaitingReview' }),
        deviceRecord({ portfolioManagerId: 'pm-other', deviceName: 'Beacon 10', status: 'Submitted' }),
      ]),
    )
  },
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    await expectBar(canvas, REVIEWED.deviceName, {
      label: AWAITING_REVIEW_LABEL,
      percent: 100,
      tone: 'in-progress',
    })
    await expect(statusNote(canvas, REVIEWED.deviceName)).toBe(AWAITING_REVIEW_LABEL)
    await expectCardCounts(canvas, {
      Submitted: 1,
      'In Progress': 1,
      Maintenance: 0,
      'Validation Failure': 0,
      Certified: 0,
    })
    const { menu } = await openActions(canvas, userEvent, REVIEWED.deviceName)
    await expect(menuItems(menu)).toEqual([
      ['Start Certify', 'disabled'],
      ['Edit', 'disabled'],
      ['Download Results', 'disabled'],
      ['Add Comments', 'enabled'],
      ['Email Certificate', 'disabled'],
      ['Download Certificate', 'disabled'],
      ['Re-run Failed Cases', 'disabled'],
      ['Cancel Run', 'disabled'],
      ['New revision', 'disabled'],
    ])
    const item = (name: string) => within(menu).getByRole('menuitem', { name })
    await expect(item('Start Certify')).toHaveAccessibleDescription(AWAITING_REVIEW_REFUSAL_MESSAGE)
    await expect(item('Re-run Failed Cases')).toHaveAccessibleDescription(AWAITING_REVIEW_REFUSAL_MESSAGE)
    await expect(within(menu).getByText(AWAITING_REVIEW_REFUSAL_MESSAGE)).toBeVisible()
    // Held back: choosing it does nothing and leaves the menu open.
    fireEvent.click(item('Start Certify'))
    await expect(screen.getByRole('menu')).toBeVisible()
  },
})

import preview from '#.storybook/preview'
import { storyStream } from '#.storybook/event-stream'
import { expect, waitFor, within } from 'storybook/test'
import { certificateRevokedMessage, REVOKE_REASON_REQUIRED_MESSAGE } from '@/contract/certificates'
import {
  LAB_COMMENT_ADDED_MESSAGE,
  REJECT_AND_RERUN_LABEL,
  REQUIRE_FULL_PLAN_LABEL,
  REVIEW_APPROVE_FAILED_MESSAGE,
  REVIEW_REASON_REQUIRED_MESSAGE,
  RUN_APPROVED_MESSAGE,
  RUN_REJECTED_MESSAGE,
} from '@/contract/lab'
import { ASSIGNED_TO_YOU_MESSAGE, UNASSIGNED_MESSAGE } from '@/contract/lab-assignment'
import { CERTIFIED_OK } from '@/contract/records'
import { RERUN_STARTED_MESSAGE } from '@/contract/server-messages'
import { FIXTURE_CERTIFICATE_NUMBERS } from '@/mocks/fixtures/certificates'
import { fixtureEvents } from '@/mocks/fixtures/events'
import { addRevisionFixtures, REVISION_FIXTURE_IDS } from '@/mocks/fixtures/revisions'
import { FIXTURE_NOW, world } from '@/mocks/fixtures/world'
import { AttemptList } from '@/components/runs/attempt-list'
import { CertificateLine } from '@/components/runs/certificate-line'
import { CommentThread } from '@/components/runs/comment-thread'
import { LabRecordPage } from '@/features/lab/components/lab-record-page'
import { AssignmentControl } from '@/features/lab/components/lab-assignment'
import { loggedInAsLab } from '../support/session'
import { expectToast } from '../support/toasts'

/**
 * A record in the lab console at its own address, /lab/records/$id (docs/decisions/0045), logged
 * in as the fixture lab's Lena Lab: who has it (Assign to me, Unassign), what the lab may do,
 * every attempt with its logs and, beside them, the conversation with the vendor (the attempt
 * list, certificate line and comment thread of components/runs, as the vendor's run details show
 * them; see Runs/…); the review, the answer and revoking a certificate are forms of the form kit.
 * Back to the queue keeps the queue's filters.
 */

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `One record at its own address, \`/lab/records/$id\`, for lab staff: who has it (Assign to me,
Unassign), what the lab may do, every attempt with its logs and, beside them, the conversation with
the vendor. Reviewing a finished run (approve, or reject with the reason and Re-run failed cases),
answering the vendor and revoking a certificate are forms; Back to the queue keeps the queue's
filters.`

const meta = preview.meta({
  title: 'Lab/Lab record',
  subcomponents: { LabRecordPage, AssignmentControl, AttemptList, CertificateLine, CommentThread },
  parameters: {
    layout: 'fullscreen',
    router: { app: true, url: '/lab/records/pm-0001' },
    docs: { description: { component: ABOUT } },
  },
  render: () => <></>,
})

type Canvas = ReturnType<typeof within>

const recordUrl = (id: string, query = '') => `/lab/records/${id}${query}`

async function recordReady(canvas: Canvas) {
  await canvas.findByRole('link', { name: 'Back to the queue' })
  return canvas.findByRole('heading', { level: 2, name: 'Attempts' })
}

/** The first certified record waits for the lab's review; `failed`: its run has failed cases. */
function reviewPending({ failed = false } = {}) {
  const record = world.records.find(
    (item) => item.status === 'Completed' && item.isCertified === CERTIFIED_OK,
  )
  if (!record) throw new Error('No certified fixture record.')
  record.status = 'AwaitingReview'
  record.isCertified = ''
  const runs = world.runs.filter((run) => run.portfolioManagerId === record.portfolioManagerId)
  for (const run of runs) {
    run.status = 'AwaitingReview'
    run.isCertified = ''
    run.review = { state: 'pending', reviewer: null, reviewedAt: null, reason: null }
  }
  if (failed && runs[0]) {
    runs[0].testCases = runs[0].testCases.map((test, index) =>
      index === 0 ? { ...test, state: 'failed' } : test,
    )
  }
  world.lab.reviewRequired = true
  return record
}

export const RecordPage = meta.story({
  name: 'Record page: logs beside the conversation',
  beforeEach: loggedInAsLab('Lab manager'),
  parameters: { router: { app: true, url: recordUrl('pm-0001', '?state=running&q=nokia') } },
  play: async ({ canvas, userEvent }) => {
    await recordReady(canvas)
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'Conversation with the vendor' }),
    ).toBeVisible()
    await expect(canvas.getByRole('region', { name: 'Assignment' })).toHaveTextContent('Unassigned')
    await expect(canvas.getByRole('status', { name: 'Live updates' })).toHaveTextContent('Live updates on')
    // Back to the queue returns to the filters the record was opened from.
    await userEvent.click(canvas.getByRole('link', { name: 'Back to the queue' }))
    await canvas.findByRole('heading', { level: 2, name: 'Queue' })
    await expect(canvas.getByRole('searchbox', { name: 'Search' })).toHaveValue('nokia')
    const states = canvas.getByRole('navigation', { name: 'Queue states' })
    await expect(within(states).getByRole('button', { name: /^Running/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
  },
})

export const RecordPageOnAPhone = meta.story({
  name: 'Record page on a phone',
  globals: { viewport: { value: 'phone', isRotated: false } },
  beforeEach: loggedInAsLab('Lab engineer'),
  play: async ({ canvas, canvasElement }) => {
    await recordReady(canvas)
    await expect(canvas.getByRole('button', { name: 'Assign to me' })).toBeVisible()
    await expect(canvas.getByRole('form', { name: 'Answer the vendor' })).toBeVisible()
    const root = canvasElement.ownerDocument.documentElement
    await expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth)
  },
})

export const AssignToMe = meta.story({
  name: 'Assign to me, then unassign',
  beforeEach: loggedInAsLab('Lab engineer'),
  play: async ({ canvas, userEvent }) => {
    await recordReady(canvas)
    const assignment = canvas.getByRole('region', { name: 'Assignment' })
    await userEvent.click(within(assignment).getByRole('button', { name: 'Assign to me' }))
    await expectToast(ASSIGNED_TO_YOU_MESSAGE, 'success')
    await waitFor(() => expect(assignment).toHaveTextContent('Assigned to you'))
    await expect(within(assignment).queryByRole('button', { name: 'Assign to me' })).toBeNull()
    await expect(world.lab.assignments.get('pm-0001')?.name).toBe('Lena Lab')
    await userEvent.click(within(assignment).getByRole('button', { name: 'Unassign' }))
    await expectToast(UNASSIGNED_MESSAGE, 'success')
    await waitFor(() => expect(assignment).toHaveTextContent('Unassigned'))
  },
})

export const AssignedToAnother = meta.story({
  name: 'Assigned to another member (Lab manager)',
  beforeEach: () => {
    world.lab.assignments.set('pm-0001', { staffId: 'lab-2', name: 'Eli Engineer' })
    return loggedInAsLab('Lab manager')()
  },
  play: async ({ canvas }) => {
    await recordReady(canvas)
    const assignment = canvas.getByRole('region', { name: 'Assignment' })
    await expect(assignment).toHaveTextContent('Assigned to Eli Engineer')
    await expect(within(assignment).getByRole('button', { name: 'Assign to me' })).toBeVisible()
    await expect(within(assignment).getByRole('button', { name: 'Unassign' })).toBeVisible()
    await expect(await within(assignment).findByRole('combobox', { name: 'Assign to' })).toBeVisible()
  },
})

export const OldAddress = meta.story({
  name: 'A record’s old address (/lab?record=…) opens its page',
  beforeEach: loggedInAsLab('Lab manager'),
  parameters: { router: { app: true, url: '/lab?record=pm-0001&state=waiting' } },
  play: async ({ canvas }) => {
    await recordReady(canvas)
    await expect(canvas.getByRole('link', { name: 'Back to the queue' })).toHaveAttribute(
      'href',
      '/lab?state=waiting',
    )
  },
})

export const ReviewPending = meta.story({
  name: 'Review pending: reject with a reason',
  beforeEach: () => {
    reviewPending()
    return loggedInAsLab('Lab engineer')()
  },
  parameters: { router: { app: true, url: '/lab?state=review' } },
  play: async ({ canvas, userEvent }) => {
    const records = await canvas.findByRole('list', { name: 'Records' })
    const [first] = within(records).getAllByRole('listitem')
    // 'Awaiting review' once: the state's badge, not the status again.
    await expect(first?.textContent?.match(/Awaiting review/g)).toHaveLength(1)
    await userEvent.click(within(first!).getByRole('link', { name: /^Open / }))
    await recordReady(canvas)
    await expect(canvas.getAllByText('Awaiting review')).toHaveLength(1)
    const review = await canvas.findByRole('form', { name: /^Review attempt/ })
    await expect(review).toHaveTextContent(
      'Every case passed. Approve to certify the device, or reject with a reason.',
    )
    await userEvent.click(within(review).getByRole('button', { name: 'Reject' }))
    await expect(await within(review).findByText(REVIEW_REASON_REQUIRED_MESSAGE)).toBeVisible()
    const reason = within(review).getByRole('textbox', { name: /Reason or note/ })
    await waitFor(() => expect(reason).toHaveFocus())
    await userEvent.type(reason, 'The serial number on the label does not match the form.')
    await expect(within(review).queryByText(REVIEW_REASON_REQUIRED_MESSAGE)).toBeNull()
    await userEvent.click(within(review).getByRole('button', { name: 'Reject' }))
    await expectToast(RUN_REJECTED_MESSAGE, 'success')
    await expect(
      await canvas.findByText(
        /Rejected by Lena Lab on .*: The serial number on the label does not match the form\./,
      ),
    ).toBeVisible()
  },
})

export const ReviewApproved = meta.story({
  name: 'Review pending: approve',
  beforeEach: () => {
    reviewPending()
    return loggedInAsLab('Lab engineer')()
  },
  play: async ({ canvas, userEvent }) => {
    await goToReview(canvas, userEvent)
    const review = await canvas.findByRole('form', { name: /^Review attempt/ })
    await userEvent.click(within(review).getByRole('button', { name: 'Approve' }))
    await expectToast(RUN_APPROVED_MESSAGE, 'success')
  },
})

/** From the record's page of the story to the record awaiting review, through the queue. */
async function goToReview(canvas: Canvas, userEvent: { click: (element: Element) => Promise<void> }) {
  await userEvent.click(await canvas.findByRole('link', { name: 'Back to the queue' }))
  const states = await canvas.findByRole('navigation', { name: 'Queue states' })
  await userEvent.click(within(states).getByRole('button', { name: /^Awaiting review/ }))
  await waitFor(() => expect(canvas.getByText('Showing 1–1 of 1')).toBeVisible())
  const records = canvas.getByRole('list', { name: 'Records' })
  await userEvent.click(within(records).getAllByRole('link', { name: /^Open / })[0]!)
  await recordReady(canvas)
}

export const ReviewFailedRerun = meta.story({
  name: 'Review with failed cases: reject and re-run them',
  beforeEach: () => {
    reviewPending({ failed: true })
    return loggedInAsLab('Lab engineer')()
  },
  play: async ({ canvas, userEvent }) => {
    await goToReview(canvas, userEvent)
    const review = await canvas.findByRole('form', { name: /^Review attempt/ })
    await expect(review).toHaveTextContent(`1 case failed. ${REVIEW_APPROVE_FAILED_MESSAGE}`)
    await expect(within(review).getByRole('button', { name: 'Approve' })).toBeDisabled()
    await userEvent.type(
      within(review).getByRole('textbox', { name: /Reason or note/ }),
      'Throughput is below the plan’s floor.',
    )
    await userEvent.click(within(review).getByRole('button', { name: REJECT_AND_RERUN_LABEL }))
    await expectToast(RUN_REJECTED_MESSAGE, 'success')
    await expectToast(RERUN_STARTED_MESSAGE, 'success')
  },
})

export const Conversation = meta.story({
  name: 'Conversation with the vendor',
  beforeEach: () => {
    world.comments.push(
      {
        commentId: 'c-lab-1',
        portfolioManagerId: 'pm-0001',
        author: 'Priya Sharma',
        authorKind: 'vendor',
        authorRole: 'Owner',
        text: 'Our DFS fix is in 3.4.13. Can you run the radar cases again?',
        createdAt: new Date(FIXTURE_NOW.getTime() - 3_600_000).toISOString(),
      },
      {
        commentId: 'c-lab-2',
        portfolioManagerId: 'pm-0001',
        author: 'Eli Engineer',
        authorKind: 'lab',
        authorRole: 'Lab engineer',
        text: 'Yes: flash 3.4.13 and re-run the failed cases; we watch the bench.',
        createdAt: new Date(FIXTURE_NOW.getTime() - 1_800_000).toISOString(),
      },
    )
    return loggedInAsLab('Lab manager')()
  },
  play: async ({ canvas, userEvent }) => {
    await recordReady(canvas)
    // Newest first, as the vendor's comments dialog shows the thread (the shared CommentThread).
    const thread = await canvas.findByRole('list', { name: 'Conversation with the vendor' })
    const items = within(thread).getAllByRole('listitem')
    await expect(items[1]).toHaveTextContent(
      'Priya Sharma · Nokia Solutions and Networks · Owner · 20 Nov 2026, 08:00Our DFS fix is in 3.4.13. Can you run the radar cases again?',
    )
    await expect(items[0]).toHaveTextContent(
      'Eli Engineer · Certification lab · Lab engineer · 20 Nov 2026, 08:30Yes: flash 3.4.13 and re-run the failed cases; we watch the bench.',
    )
    const form = canvas.getByRole('form', { name: 'Answer the vendor' })
    await userEvent.click(within(form).getByRole('button', { name: 'Send answer' }))
    await waitFor(() => expect(within(form).getByText('Write your answer first.')).toBeVisible())
    const answer = within(form).getByRole('textbox', { name: /Answer the vendor/ })
    await waitFor(() => expect(answer).toHaveFocus())
    await userEvent.type(answer, 'The bench is free now.')
    await userEvent.click(within(form).getByRole('button', { name: 'Send answer' }))
    await expectToast(LAB_COMMENT_ADDED_MESSAGE, 'success')
    await waitFor(() =>
      expect(within(thread).getAllByRole('listitem')[0]).toHaveTextContent(
        /^Lena Lab · Certification lab · Lab manager · .*The bench is free now\.$/,
      ),
    )
    await expect(answer).toHaveValue('')
  },
})

export const VendorCommentLive = meta.story({
  name: 'A vendor’s comment arrives: Open shows the record',
  beforeEach: loggedInAsLab('Lab engineer'),
  parameters: { router: { app: true, url: '/lab' } },
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('heading', { level: 2, name: 'Queue' })
    await waitFor(() => expect(storyStream().sources.length).toBeGreaterThan(0))
    const comment = {
      commentId: 'c-live-1',
      portfolioManagerId: 'pm-0002',
      author: 'Priya Sharma',
      authorKind: 'vendor' as const,
      authorRole: 'Owner',
      text: 'Which label did you read: the box or the device?',
      createdAt: FIXTURE_NOW.toISOString(),
    }
    world.comments.push(comment)
    storyStream().emit(fixtureEvents.commentAdded(comment))
    const message = await expectToast(
      'Priya Sharma wrote: “Which label did you read: the box or the device?”',
      'info',
    )
    const toast = message.closest('[data-sonner-toast]') as HTMLElement
    await userEvent.click(within(toast).getByRole('button', { name: 'Open' }))
    await recordReady(canvas)
    await waitFor(() =>
      expect(canvas.getByText('Which label did you read: the box or the device?')).toBeVisible(),
    )
  },
})

/** The certified run the story gives the fixture's valid certificate (the world is the same each story). */
const certifiedRun = () => {
  const run = world.runs.find((item) => item.status === 'Completed' && item.isCertified === CERTIFIED_OK)
  if (!run) throw new Error('No certified fixture run.')
  return run
}

export const RevokeCertificate = meta.story({
  name: 'Revoke a certificate (Lab manager)',
  beforeEach: () => {
    certifiedRun().certificate = { number: FIXTURE_CERTIFICATE_NUMBERS.valid, state: 'valid' }
    return loggedInAsLab('Lab manager')()
  },
  parameters: { router: { app: true, url: recordUrl(certifiedRun().portfolioManagerId) } },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await recordReady(canvas)
    // The certificate line the vendor's run details show (the shared CertificateLine), with Revoke.
    const line = () => canvasElement.querySelector('[data-slot="run-certificate"]')
    await waitFor(() => expect(line()).toHaveTextContent('CertificateDCP-7KQ4-M9XZ-2F8H· Valid'))
    await expect(canvas.getByRole('link', { name: 'DCP-7KQ4-M9XZ-2F8H' })).toHaveAttribute(
      'href',
      '/verify/DCP-7KQ4-M9XZ-2F8H',
    )
    await userEvent.click(canvas.getByRole('button', { name: 'Revoke certificate' }))
    const form = canvas.getByRole('form', { name: 'Revoke certificate DCP-7KQ4-M9XZ-2F8H' })
    const reason = within(form).getByRole('textbox', { name: /Reason for revoking/ })
    await waitFor(() => expect(reason).toHaveFocus())
    await userEvent.click(within(form).getByRole('button', { name: 'Revoke' }))
    await waitFor(() => expect(within(form).getByText(REVOKE_REASON_REQUIRED_MESSAGE)).toBeVisible())
    await userEvent.type(reason, 'The device on the bench was not the one declared.')
    await userEvent.click(within(form).getByRole('button', { name: 'Revoke' }))
    await expectToast(certificateRevokedMessage('DCP-7KQ4-M9XZ-2F8H'), 'success')
    await waitFor(() => expect(line()).toHaveTextContent('CertificateDCP-7KQ4-M9XZ-2F8H· Revoked'))
    await expect(canvas.queryByRole('button', { name: 'Revoke certificate' })).toBeNull()
  },
})

/**
 * docs/decisions/0033: a recertification in the lab console. The Beacon 6's revision 2 runs on
 * firmware 3.5.0; each attempt names the revision it tested, and the cases carried from its
 * certificate say so.
 */
export const CarriedCases = meta.story({
  name: 'Carried cases of a recertification (Lab engineer)',
  beforeEach: () => {
    addRevisionFixtures(world)
    return loggedInAsLab('Lab engineer')()
  },
  parameters: { router: { app: true, url: recordUrl(REVISION_FIXTURE_IDS.recertifying) } },
  play: async ({ canvas }) => {
    const attempts = await canvas.findByRole('list', { name: 'Attempts' })
    const items = [...attempts.querySelectorAll<HTMLElement>(':scope > li')]
    const lines = items.map((item) => item.querySelector('p')?.textContent)
    await expect(lines[0]).toMatch(/^Attempt 3 · rev 2 · Full run · started .+ · In progress$/)
    await expect(lines[1]).toMatch(/^Attempt 2 · rev 1 · Re-run of failed cases · started .+ · Certified$/)
    await expect(lines[2]).toMatch(/^Attempt 1 · rev 1 · Full run · started .+ · Validation Failure$/)
    await expect(items[0]).toHaveTextContent('8 test cases: 1 passed, 5 carried, 1 running, 1 pending')
    const badges = items[0]!.querySelectorAll('[data-slot="carried-badge"]')
    await expect([...badges].map((badge) => badge.textContent)).toEqual(
      Array.from({ length: 5 }, () => `carried from ${FIXTURE_CERTIFICATE_NUMBERS.valid}`),
    )
  },
})

/** The recertifying Beacon 6's run, its cases done, waits for the lab's review. */
function recertificationAwaitingReview() {
  addRevisionFixtures(world)
  const id = REVISION_FIXTURE_IDS.recertifying
  const record = world.records.find((item) => item.portfolioManagerId === id)
  const run = world.runs
    .filter((item) => item.portfolioManagerId === id)
    .sort((a, b) => (b.attempt ?? 0) - (a.attempt ?? 0))[0]
  if (!record || !run) throw new Error('No recertifying fixture record.')
  record.status = 'AwaitingReview'
  record.isCertified = ''
  run.status = 'AwaitingReview'
  run.isCertified = ''
  run.review = { state: 'pending', reviewer: null, reviewedAt: null, reason: null }
  for (const test of run.testCases) if (test.state !== 'passed') test.state = 'passed'
  world.lab.reviewRequired = true
}

/**
 * docs/decisions/0033: rejecting a recertification, the lab engineer may require the whole plan for
 * the next run; the choice shows only for a run that carried cases.
 */
export const ReviewRequiresFullPlan = meta.story({
  name: 'Review of a recertification: reject, requiring the full plan',
  beforeEach: () => {
    recertificationAwaitingReview()
    return loggedInAsLab('Lab engineer')()
  },
  parameters: { router: { app: true, url: recordUrl(REVISION_FIXTURE_IDS.recertifying) } },
  play: async ({ canvas, userEvent }) => {
    const review = await canvas.findByRole('form', { name: /^Review attempt/ })
    const full = within(review).getByRole('checkbox', { name: REQUIRE_FULL_PLAN_LABEL })
    await expect(full).not.toBeChecked()
    await userEvent.click(full)
    await expect(full).toBeChecked()
    await userEvent.type(
      within(review).getByRole('textbox', { name: /Reason or note/ }),
      'The radio module changed: run every case.',
    )
    await userEvent.click(within(review).getByRole('button', { name: 'Reject' }))
    await expectToast(RUN_REJECTED_MESSAGE, 'success')
  },
})

/** The same at phone width: the badges wrap under the case names. */
export const CarriedCasesOnAPhone = meta.story({
  name: 'Carried cases on a phone (Lab engineer)',
  globals: { viewport: { value: 'phone', isRotated: false } },
  beforeEach: () => {
    addRevisionFixtures(world)
    return loggedInAsLab('Lab engineer')()
  },
  parameters: { router: { app: true, url: recordUrl(REVISION_FIXTURE_IDS.recertifying) } },
  play: async ({ canvas }) => {
    await canvas.findByRole('list', { name: 'Attempts' })
    await expect(canvas.getAllByText(/^carried from /)).toHaveLength(5)
  },
})

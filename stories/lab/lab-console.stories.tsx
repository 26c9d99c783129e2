import preview from '#.storybook/preview'
import { storyStream } from '#.storybook/event-stream'
import { expect, screen, waitFor, within } from 'storybook/test'
import {
  LAB_COMMENT_ADDED_MESSAGE,
  LAB_MANAGER_ONLY_MESSAGE,
  LAB_ONLY_MESSAGE,
  MAINTENANCE_END_BEFORE_START_MESSAGE,
  MAINTENANCE_ENDED_MESSAGE,
  MAINTENANCE_STARTED_MESSAGE,
  REVIEW_ON_MESSAGE,
  REQUIRE_FULL_PLAN_LABEL,
  REVIEW_REASON_REQUIRED_MESSAGE,
  RUN_APPROVED_MESSAGE,
  RUN_REJECTED_MESSAGE,
} from '@/contract/lab'
import { certificateRevokedMessage, REVOKE_REASON_REQUIRED_MESSAGE } from '@/contract/certificates'
import { CERTIFIED_OK } from '@/contract/records'
import { FIXTURE_CERTIFICATE_NUMBERS } from '@/mocks/fixtures/certificates'
import { fixtureEvents } from '@/mocks/fixtures/events'
import { FIXTURE_NOW, world } from '@/mocks/fixtures/world'
import { addRevisionFixtures, REVISION_FIXTURE_IDS } from '@/mocks/fixtures/revisions'
import { TestCaseRow } from '@/components/certification/test-case-row'
import { LabConsole } from '@/features/lab/components/lab-console'
import { LabQueue } from '@/features/lab/components/lab-queue'
import { LabRecordDialog } from '@/features/lab/components/lab-record-dialog'
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

const meta = preview.meta({
  title: 'Lab/Lab console',
  subcomponents: { LabConsole, LabQueue, LabRecordDialog, LabStateBar, MaintenanceDialog, TestCaseRow },
  parameters: { layout: 'fullscreen', router: { app: true, url: '/lab' } },
  render: () => <></>,
})

type Canvas = ReturnType<typeof within>

async function consoleReady(canvas: Canvas) {
  await canvas.findByRole('heading', { level: 1, name: 'Lab console' }, { timeout: 8000 })
  return canvas.findByRole('heading', { level: 2, name: 'Queue' }, { timeout: 8000 })
}

const tab = (canvas: Canvas, name: RegExp) =>
  within(canvas.getByRole('navigation', { name: 'Queue states' })).getByRole('button', { name })

const hoursAfterNow = (hours: number) => new Date(FIXTURE_NOW.getTime() + hours * 3_600_000).toISOString()

/** The first certified record waits for the lab's review, its run all passed. */
function reviewPending() {
  const record = world.records.find(
    (item) => item.status === 'Completed' && item.isCertified === CERTIFIED_OK,
  )
  if (!record) throw new Error('No certified fixture record.')
  record.status = 'AwaitingReview'
  record.isCertified = ''
  for (const run of world.runs) {
    if (run.portfolioManagerId !== record.portfolioManagerId) continue
    run.status = 'AwaitingReview'
    run.isCertified = ''
    run.review = { state: 'pending', reviewer: null, reviewedAt: null, reason: null }
  }
  world.lab.reviewRequired = true
  return record
}

export const Busy = meta.story({
  name: 'Queue, busy (Lab manager)',
  beforeEach: loggedInAsLab('Lab manager'),
  play: async ({ canvas, userEvent }) => {
    await consoleReady(canvas)
    const all = world.records.length
    await expect(tab(canvas, /^All/)).toHaveTextContent(`All${all}`)
    await expect(tab(canvas, /^All/)).toHaveAttribute('aria-pressed', 'true')
    await expect(canvas.getByText(`Showing 1–50 of ${all}`)).toBeVisible()
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

export const ReviewPending = meta.story({
  name: 'Review pending: reject with a reason',
  beforeEach: () => {
    reviewPending()
    return loggedInAsLab('Lab engineer')()
  },
  play: async ({ canvas, userEvent }) => {
    await consoleReady(canvas)
    await expect(
      canvas.getByRole('checkbox', { name: 'Review finished runs before their result stands' }),
    ).toBeChecked()
    await userEvent.click(tab(canvas, /^Awaiting review/))
    await waitFor(() => expect(canvas.getByText('Showing 1–1 of 1')).toBeVisible())
    const records = await canvas.findByRole('list', { name: 'Records' })
    const [first] = within(records).getAllByRole('listitem')
    await expect(first).toHaveTextContent('Awaiting review')
    await userEvent.click(within(first!).getByRole('button', { name: /^Open / }))
    const dialog = await screen.findByRole('dialog')
    const review = await within(dialog).findByRole('group', { name: /^Review attempt/ })
    await expect(review).toHaveTextContent(
      'Every case passed. Approve to certify the device, or reject with a reason.',
    )
    await userEvent.click(within(review).getByRole('button', { name: 'Reject' }))
    await expect(await within(review).findByText(REVIEW_REASON_REQUIRED_MESSAGE)).toBeVisible()
    const reason = within(review).getByRole('textbox', { name: /Reason or note/ })
    await waitFor(() => expect(reason).toHaveFocus())
    await userEvent.type(reason, 'The serial number on the label does not match the form.')
    await userEvent.click(within(review).getByRole('button', { name: 'Reject' }))
    await expectToast(RUN_REJECTED_MESSAGE, 'success')
    // The decision line comes with the record's next read, after the toast: on a busy machine
    // that read took more than Testing Library's 1 s.
    await expect(
      await within(dialog).findByText(
        /Rejected by Lena Lab on .*: The serial number on the label does not match the form\./,
        {},
        { timeout: 8000 },
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
  parameters: { router: { app: true, url: '/lab?state=review' } },
  play: async ({ canvas, userEvent }) => {
    await consoleReady(canvas)
    const records = await canvas.findByRole('list', { name: 'Records' })
    await userEvent.click(within(records).getAllByRole('button', { name: /^Open / })[0]!)
    const review = await screen.findByRole('group', { name: /^Review attempt/ })
    await userEvent.click(within(review).getByRole('button', { name: 'Approve' }))
    await expectToast(RUN_APPROVED_MESSAGE, 'success')
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
  parameters: { router: { app: true, url: '/lab?record=pm-0001' } },
  play: async ({ userEvent }) => {
    const dialog = await screen.findByRole('dialog', {}, { timeout: 8000 })
    const thread = await within(dialog).findByRole('list', { name: 'Conversation with the vendor' })
    const items = within(thread).getAllByRole('listitem')
    await expect(items.at(-2)).toHaveTextContent(
      'Priya Sharma · Nokia Solutions and Networks · Owner · 20 Nov 2026, 08:00Our DFS fix is in 3.4.13. Can you run the radar cases again?',
    )
    await expect(items.at(-1)).toHaveTextContent(
      'Eli Engineer · Certification lab · Lab engineer · 20 Nov 2026, 08:30Yes: flash 3.4.13 and re-run the failed cases; we watch the bench.',
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send answer' }))
    await waitFor(() => expect(within(dialog).getByText('Write your answer first.')).toBeVisible())
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Answer the vendor/ }),
      'The bench is free now.',
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send answer' }))
    await expectToast(LAB_COMMENT_ADDED_MESSAGE, 'success')
    await waitFor(() =>
      expect(within(thread).getAllByRole('listitem').at(-1)).toHaveTextContent(
        /^Lena Lab · Certification lab · Lab manager · .*The bench is free now\.$/,
      ),
    )
    // Escape closes the record and the address forgets it.
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  },
})

export const EngineerView = meta.story({
  name: 'Lab engineer’s view',
  beforeEach: loggedInAsLab('Lab engineer'),
  play: async ({ canvas, userEvent }) => {
    await consoleReady(canvas)
    await expect(canvas.getByText(LAB_MANAGER_ONLY_MESSAGE)).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Start maintenance' })).toBeNull()
    await expect(canvas.queryByRole('link', { name: /Lab staff/ })).toBeNull()
    await expect(
      canvas.getByRole('checkbox', { name: 'Review finished runs before their result stands' }),
    ).toBeDisabled()
    // Every staff member has notification settings of their own.
    await userEvent.click(canvas.getByRole('link', { name: 'Notifications' }))
    await expect(
      await canvas.findByRole('switch', { name: 'Comment from a vendor' }, { timeout: 8000 }),
    ).toBeChecked()
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
    await canvas.findByRole('heading', { level: 1, name: 'Lab console' }, { timeout: 8000 })
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
    await expect(canvas.getByRole('link', { name: 'Lab console (Lena Lab, Lab engineer)' })).toBeVisible()
  },
})

export const VendorCommentLive = meta.story({
  name: 'A vendor’s comment arrives',
  beforeEach: loggedInAsLab('Lab engineer'),
  play: async ({ canvas, userEvent }) => {
    await consoleReady(canvas)
    await waitFor(() => expect(storyStream().sources.length).toBeGreaterThan(0), { timeout: 10_000 })
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
    // The toast's Open shows the record with the question in its thread.
    const toast = message.closest('[data-sonner-toast]') as HTMLElement
    await userEvent.click(within(toast).getByRole('button', { name: 'Open' }))
    const dialog = await screen.findByRole('dialog')
    await waitFor(() =>
      expect(within(dialog).getByText('Which label did you read: the box or the device?')).toBeVisible(),
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
  parameters: { router: { app: true, url: `/lab?record=${certifiedRun().portfolioManagerId}` } },
  play: async ({ userEvent }) => {
    const dialog = await screen.findByRole('dialog', {}, { timeout: 8000 })
    await waitFor(() =>
      expect(within(dialog).getByText('Certificate DCP-7KQ4-M9XZ-2F8H · Valid')).toBeVisible(),
    )
    await expect(
      within(dialog).getByRole('link', { name: 'Verification page (opens in a new tab)' }),
    ).toHaveAttribute('href', '/verify/DCP-7KQ4-M9XZ-2F8H')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke certificate' }))
    const form = within(dialog).getByRole('form', { name: 'Revoke certificate DCP-7KQ4-M9XZ-2F8H' })
    const reason = within(form).getByRole('textbox', { name: /Reason for revoking/ })
    await waitFor(() => expect(reason).toHaveFocus())
    await userEvent.click(within(form).getByRole('button', { name: 'Revoke' }))
    await waitFor(() => expect(within(form).getByText(REVOKE_REASON_REQUIRED_MESSAGE)).toBeVisible())
    await userEvent.type(reason, 'The device on the bench was not the one declared.')
    await userEvent.click(within(form).getByRole('button', { name: 'Revoke' }))
    await expectToast(certificateRevokedMessage('DCP-7KQ4-M9XZ-2F8H'), 'success')
    await waitFor(() =>
      expect(within(dialog).getByText('Certificate DCP-7KQ4-M9XZ-2F8H · Revoked')).toBeVisible(),
    )
    await expect(within(dialog).queryByRole('button', { name: 'Revoke certificate' })).toBeNull()
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
  parameters: { router: { app: true, url: `/lab?record=${REVISION_FIXTURE_IDS.recertifying}` } },
  play: async () => {
    const dialog = await screen.findByRole('dialog', {}, { timeout: 8000 })
    const attempts = await within(dialog).findByRole('list', { name: 'Attempts' })
    // The attempts themselves (each holds its cases' list too).
    const items = [...attempts.querySelectorAll<HTMLElement>(':scope > li')]
    await expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Attempt 3 · rev 2 · full plan · In progress',
      'Attempt 2 · rev 1 · failed cases · Certified',
      'Attempt 1 · rev 1 · full plan · Validation Failure',
    ])
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
  parameters: { router: { app: true, url: `/lab?record=${REVISION_FIXTURE_IDS.recertifying}` } },
  play: async ({ userEvent }) => {
    const dialog = await screen.findByRole('dialog', {}, { timeout: 8000 })
    const review = await within(dialog).findByRole('group', { name: /^Review attempt/ })
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
  parameters: { router: { app: true, url: `/lab?record=${REVISION_FIXTURE_IDS.recertifying}` } },
  play: async () => {
    const dialog = await screen.findByRole('dialog', {}, { timeout: 8000 })
    await within(dialog).findByRole('list', { name: 'Attempts' })
    await expect(dialog.querySelectorAll('[data-slot="carried-badge"]')).toHaveLength(5)
  },
})

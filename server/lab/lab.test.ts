import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CertificationRun, Comment } from '@/contract/certification'
import { endpoints } from '@/contract/endpoints'
import {
  AWAITING_REVIEW_REFUSAL_MESSAGE,
  LAB_COMMENT_ADDED_MESSAGE,
  LAB_EVENTS_PATH,
  LAB_ONLY_MESSAGE,
  LAB_RUN_NOT_FOUND_MESSAGE,
  type LabQueueAnswer,
  type LabRecordAnswer,
  type LabState,
  MAINTENANCE_ALREADY_ON_MESSAGE,
  MAINTENANCE_END_BEFORE_START_MESSAGE,
  MAINTENANCE_ENDED_MESSAGE,
  MAINTENANCE_NOT_ON_MESSAGE,
  MAINTENANCE_STARTED_MESSAGE,
  REVIEW_APPROVE_FAILED_MESSAGE,
  REVIEW_OFF_MESSAGE,
  REVIEW_ON_MESSAGE,
  REVIEW_REASON_REQUIRED_MESSAGE,
  RUN_APPROVED_MESSAGE,
  RUN_NOT_AWAITING_REVIEW_MESSAGE,
  RUN_REJECTED_MESSAGE,
} from '@/contract/lab'
import { CERTIFIED_OK, VALIDATION_FAILURE } from '@/contract/records'
import {
  NOT_SIGNED_IN_MESSAGE,
  RECORD_NOT_FOUND_MESSAGE,
  RUN_CANCELLED_MESSAGE,
} from '@/contract/server-messages'
import type { ActivityAnswer } from '@/contract/team'
import {
  type Browser,
  createStaffMember,
  createVendor,
  eventually,
  gatedHarness,
  startTestPortal,
  submitRecord,
  type TestPortal,
  type TestStaff,
  type TestVendor,
  json,
} from '../test/portal.ts'
import { SseClient } from '../test/sse.ts'

/*
 * docs/decisions/0024: the lab console's calls over real HTTP, with a gated lab harness
 * so that a run can be looked at while it waits — the queue, a record's details and thread, the
 * lab's answers reaching the vendor, runs on a vendor's behalf, maintenance from the console
 * (runs wait in Maintenance with the reason, and resume in the order they started), the review
 * gate, and the lab's stream of every organization's events.
 */

let test: TestPortal
let gate: ReturnType<typeof gatedHarness>
let vendor: TestVendor
let other: TestVendor
let manager: TestStaff
let engineer: TestStaff

beforeAll(async () => {
  gate = gatedHarness()
  test = await startTestPortal({ harness: gate.harness, maintenancePollMs: 50 })
  vendor = await createVendor(test, 'vic.vendor@example.com', 'Vic')
  other = await createVendor(test, 'olly.other@example.com', 'Olly')
  manager = await createStaffMember(test, 'mia.manager@lab.example', 'Mia Manager', 'Lab manager')
  engineer = await createStaffMember(test, 'ed.engineer@lab.example', 'Ed Engineer', 'Lab engineer')
}, 60_000)

afterAll(async () => {
  gate?.openAll()
  await test?.close()
})

const db = () => test.database.db

const get = (browser: Browser, path: string, query: Record<string, string> = {}) =>
  browser.call(`${path}?${new URLSearchParams(query).toString()}`, { method: 'GET' })

/** Submits a device for the vendor; its record id. */
const submit = (owner: TestVendor, serials: string[], values: Record<string, unknown> = {}) =>
  submitRecord(test, owner, serials, values)

const recordStatus = async (id: string) =>
  db()
    .selectFrom('device_records')
    .select(['status', 'is_certified'])
    .where('portfolio_manager_id', '=', id)
    .executeTakeFirstOrThrow()

async function vendorRuns(owner: TestVendor, id: string): Promise<CertificationRun[]> {
  const response = await owner.browser.cert(
    `${endpoints.listRuns.path}?vendor_user_id=${owner.id}&portfolio_manager_id=${id}`,
    { method: 'GET' },
  )
  return (await json<{ runs: CertificationRun[] }>(response, 200)).runs
}

const startAsVendor = (owner: TestVendor, id: string) =>
  owner.browser.cert(endpoints.runTests.path, {
    body: { vendor_user_id: owner.id, portfolio_manager_id: id },
    headers: { Origin: test.portal.mainUrl },
  })

describe('the queue and a record’s details', () => {
  it('lists every organization’s records by state, with counts, filters, search and paging', async () => {
    const mine = await submit(vendor, ['QUEUE50A', 'QUEUEB7'])
    const theirs = await submit(other, ['OTHER0001', 'OTHER0002'])
    const all = await json<LabQueueAnswer>(await get(engineer.browser, endpoints.labQueue.path), 200)
    expect(all.items.map((item) => item.portfolioManagerId)).toEqual(expect.arrayContaining([mine, theirs]))
    expect(all.counts.waiting).toBe(all.total)
    expect(all.organizations.map((organization) => organization.organizationName)).toEqual([
      'Olly Networks',
      'Vic Networks',
    ])
    const item = all.items.find((candidate) => candidate.portfolioManagerId === mine)
    expect(item).toMatchObject({
      organizationName: 'Vic Networks',
      queueState: 'waiting',
      latestRun: null,
      commentCount: 0,
      awaitingAnswer: false,
    })

    const byOrganization = await json<LabQueueAnswer>(
      await get(engineer.browser, endpoints.labQueue.path, { organizationId: other.organizationId }),
      200,
    )
    expect(byOrganization.items.map((candidate) => candidate.portfolioManagerId)).toEqual([theirs])
    // A serial number, case-insensitive; % and _ are taken literally (as wildcards they would match).
    const serial = await json<LabQueueAnswer>(
      await get(engineer.browser, endpoints.labQueue.path, { search: 'queue50a' }),
      200,
    )
    expect(serial.items.map((candidate) => candidate.portfolioManagerId)).toEqual([mine])
    for (const search of ['QUEUE%', 'UE50_']) {
      const none = await json<LabQueueAnswer>(
        await get(engineer.browser, endpoints.labQueue.path, { search }),
        200,
      )
      expect([search, none.items, none.total]).toEqual([search, [], 0])
    }
    const byOrgName = await json<LabQueueAnswer>(
      await get(engineer.browser, endpoints.labQueue.path, { search: 'olly net' }),
      200,
    )
    expect(byOrgName.items.map((candidate) => candidate.portfolioManagerId)).toEqual([theirs])
    const pastTheEnd = await json<LabQueueAnswer>(
      await get(engineer.browser, endpoints.labQueue.path, { page: '9' }),
      200,
    )
    expect(pastTheEnd).toMatchObject({ items: [], total: all.total, page: 9 })
  })

  it('refuses bad filters on their field and answers an unknown record 404', async () => {
    for (const [query, field] of [
      [{ state: 'bogus' }, 'state'],
      [{ page: '0' }, 'page'],
      [{ search: 'x'.repeat(101) }, 'search'],
    ] as const) {
      const answer = await json<{ field: string }>(
        await get(engineer.browser, endpoints.labQueue.path, query),
        400,
      )
      expect(answer.field).toBe(field)
    }
    expect(
      await json(
        await get(engineer.browser, endpoints.labRecord.path, { portfolioManagerId: 'no-such-record' }),
        404,
      ),
    ).toEqual({ message: RECORD_NOT_FOUND_MESSAGE, field: 'portfolioManagerId' })
  })

  it('keeps one thread per record: the lab’s answer reaches the vendor’s list and open tabs at once', async () => {
    const id = await submit(vendor, ['THREAD0001', 'THREAD0002'])
    const stream = await SseClient.of(vendor.browser, test.portal.mainUrl)
    await stream.until((s) => s.named('hello').length === 1)
    await json(
      await vendor.browser.post(endpoints.addComment.path, {
        vendorUserId: vendor.id,
        portfolioManagerId: id,
        text: 'Which firmware should we send?',
      }),
      200,
    )
    const queued = await json<LabQueueAnswer>(
      await get(engineer.browser, endpoints.labQueue.path, { search: 'THREAD0001' }),
      200,
    )
    expect(queued.items[0]).toMatchObject({ commentCount: 1, awaitingAnswer: true })

    const answered = await json<{ message: string; comment: Comment }>(
      await engineer.browser.post(endpoints.labAddComment.path, {
        portfolioManagerId: id,
        text: 'Send 4.2.1, please.',
      }),
      200,
    )
    expect(answered.message).toBe(LAB_COMMENT_ADDED_MESSAGE)
    expect(answered.comment).toMatchObject({
      author: 'Ed Engineer',
      authorKind: 'lab',
      authorRole: 'Lab engineer',
    })
    await stream.until((s) =>
      s.events.some((event) => event.type === 'comment.added' && event.comment.authorKind === 'lab'),
    )
    stream.close()

    const list = await json<{ comments: Comment[] }>(
      await vendor.browser.post(endpoints.listComments.path, {
        vendorUserId: vendor.id,
        portfolioManagerId: id,
      }),
      200,
    )
    expect(
      list.comments.map(({ author, authorKind, authorRole, text }) => ({
        author,
        authorKind,
        authorRole,
        text,
      })),
    ).toEqual([
      { author: 'Ed Engineer', authorKind: 'lab', authorRole: 'Lab engineer', text: 'Send 4.2.1, please.' },
      {
        author: 'Vic Tester',
        authorKind: 'vendor',
        authorRole: 'Owner',
        text: 'Which firmware should we send?',
      },
    ])
    const details = await json<LabRecordAnswer>(
      await get(engineer.browser, endpoints.labRecord.path, { portfolioManagerId: id }),
      200,
    )
    expect(details).toMatchObject({ organizationName: 'Vic Networks', queueState: 'waiting', runs: [] })
    expect(details.comments.map((comment) => comment.text)).toEqual([
      'Which firmware should we send?',
      'Send 4.2.1, please.',
    ])
    const after = await json<LabQueueAnswer>(
      await get(engineer.browser, endpoints.labQueue.path, { search: 'THREAD0001' }),
      200,
    )
    expect(after.items[0]).toMatchObject({ commentCount: 2, awaitingAnswer: false })
    // Bad input changes nothing.
    const empty = await json<{ field: string }>(
      await engineer.browser.post(endpoints.labAddComment.path, { portfolioManagerId: id, text: '   ' }),
      400,
    )
    expect(empty.field).toBe('text')
  })
})

describe('runs on a vendor’s behalf', () => {
  it('starts and cancels a run as the lab, in the vendor’s activity log', async () => {
    const id = await submit(vendor, ['BEHALF0001', 'BEHALF0002'])
    const started = await json<{ message: string; status: string }>(
      await engineer.browser.post(endpoints.labStartRun.path, { portfolioManagerId: id }),
      200,
    )
    expect(started.status).toBe('InProgress')
    const [run] = await vendorRuns(vendor, id)
    expect(run?.startedBy).toBe('Ed Engineer (lab)')
    const again = await json<{ message: string; field: string }>(
      await engineer.browser.post(endpoints.labStartRun.path, { portfolioManagerId: id }),
      409,
    )
    expect(again.field).toBe('portfolioManagerId')
    expect(
      await json(await engineer.browser.post(endpoints.labCancelRun.path, { portfolioManagerId: id }), 200),
    ).toEqual({ message: RUN_CANCELLED_MESSAGE })
    const log = await json<ActivityAnswer>(
      await vendor.browser.call(`${endpoints.activityLog.path}?vendorUserId=${vendor.id}`, { method: 'GET' }),
      200,
    )
    const mine = log.entries.filter(
      (entry) => entry.subject.includes('BEHALF') || entry.actorName === 'Ed Engineer (lab)',
    )
    expect(mine.slice(0, 2).map((entry) => [entry.actorName, entry.action])).toEqual([
      ['Ed Engineer (lab)', 'run.cancelled'],
      ['Ed Engineer (lab)', 'run.started'],
    ])
    expect(
      await json(
        await engineer.browser.post(endpoints.labRerunFailed.path, { portfolioManagerId: 'nope' }),
        404,
      ),
    ).toEqual({ message: RECORD_NOT_FOUND_MESSAGE, field: 'portfolioManagerId' })
  })
})

describe('maintenance from the console', () => {
  it('refuses an end that is not later than now, and changes nothing', async () => {
    for (const expectedEnd of [
      new Date(Date.now() - 60_000).toISOString(),
      new Date(Date.now() - 1).toISOString(),
    ]) {
      expect(
        await json(
          await manager.browser.post(endpoints.labStartMaintenance.path, {
            reason: 'Calibration.',
            expectedEnd,
          }),
          400,
        ),
      ).toEqual({ message: MAINTENANCE_END_BEFORE_START_MESSAGE, field: 'expectedEnd' })
    }
    const malformed = await json<{ field: string }>(
      await manager.browser.post(endpoints.labStartMaintenance.path, {
        reason: 'Calibration.',
        expectedEnd: 'tomorrow',
      }),
      400,
    )
    expect(malformed.field).toBe('expectedEnd')
    expect(await json<LabState>(await get(manager.browser, endpoints.labState.path), 200)).toMatchObject({
      maintenance: null,
    })
    expect(await json(await manager.browser.post(endpoints.labEndMaintenance.path), 409)).toEqual({
      message: MAINTENANCE_NOT_ON_MESSAGE,
    })
  })

  it('holds new runs in Maintenance with the reason, and resumes them in the order they started', async () => {
    gate.openAll()
    const expectedEnd = new Date(Date.now() + 3_600_000).toISOString()
    const started = await json<LabState & { message: string }>(
      await manager.browser.post(endpoints.labStartMaintenance.path, {
        reason: 'Replacing the RF shield.',
        expectedEnd,
      }),
      200,
    )
    expect(started).toMatchObject({
      message: MAINTENANCE_STARTED_MESSAGE,
      maintenance: { reason: 'Replacing the RF shield.', expectedEnd, startedBy: 'Mia Manager' },
    })
    expect(
      await json(
        await manager.browser.post(endpoints.labStartMaintenance.path, { reason: 'Again.', expectedEnd }),
        409,
      ),
    ).toEqual({ message: MAINTENANCE_ALREADY_ON_MESSAGE })

    const first = await submit(vendor, ['ORDER0001', 'ORDER0002'])
    const second = await submit(other, ['ORDER0003', 'ORDER0004'])
    expect((await startAsVendor(vendor, first)).status).toBe(200)
    expect((await startAsVendor(other, second)).status).toBe(200)
    expect(await recordStatus(first)).toEqual({ status: 'Maintenance', is_certified: '' })
    const [waiting] = await vendorRuns(vendor, first)
    expect(waiting?.maintenance).toEqual({
      reason: 'Replacing the RF shield.',
      startedAt: started.maintenance?.startedAt,
      expectedEnd,
      startedBy: 'Mia Manager',
    })
    const queue = await json<LabQueueAnswer>(
      await get(engineer.browser, endpoints.labQueue.path, { state: 'maintenance' }),
      200,
    )
    expect(queue.items.map((item) => item.portfolioManagerId).sort()).toEqual([first, second].sort())

    const lab = await SseClient.of(manager.browser, test.portal.mainUrl, { path: LAB_EVENTS_PATH })
    await lab.until((s) => s.named('hello').length === 1)
    const ended = await json<LabState & { message: string }>(
      await manager.browser.post(endpoints.labEndMaintenance.path),
      200,
    )
    expect(ended).toMatchObject({ message: MAINTENANCE_ENDED_MESSAGE, maintenance: null })
    await lab.until(
      (s) =>
        s.events.filter((event) => event.type === 'run.status' && event.status === 'InProgress').length >= 2,
      10_000,
      'both runs resuming',
    )
    const resumed = lab.events.filter((event) => event.type === 'run.status' && event.status === 'InProgress')
    expect(resumed.map((event) => event.portfolioManagerId).slice(0, 2)).toEqual([first, second])
    // The lab's stream names each event's organization.
    expect(resumed.map((event) => (event as { organizationId?: string }).organizationId).slice(0, 2)).toEqual(
      [vendor.organizationId, other.organizationId],
    )
    lab.close()
    await eventually(async () => (await recordStatus(second)).status === 'Completed')
  })
})

describe('the review gate', () => {
  it('leaves the spec’s flow unchanged while off, and holds a finished run for a decision while on', async () => {
    gate.openAll()
    const plain = await submit(vendor, ['PLAIN0001', 'PLAIN0002'])
    expect((await startAsVendor(vendor, plain)).status).toBe(200)
    await eventually(async () => (await recordStatus(plain)).status === 'Completed')
    expect(await recordStatus(plain)).toEqual({ status: 'Completed', is_certified: CERTIFIED_OK })
    expect((await vendorRuns(vendor, plain))[0]).not.toHaveProperty('review')

    expect(
      await json<{ message: string }>(
        await manager.browser.post(endpoints.labReviewSetting.path, { reviewRequired: true }),
        200,
      ),
    ).toMatchObject({ message: REVIEW_ON_MESSAGE, reviewRequired: true })
    const reviewed = await submit(vendor, ['REVIEW0001', 'REVIEW0002'])
    expect((await startAsVendor(vendor, reviewed)).status).toBe(200)
    await eventually(async () => (await recordStatus(reviewed)).status === 'AwaitingReview')
    expect(await recordStatus(reviewed)).toEqual({ status: 'AwaitingReview', is_certified: '' })
    const [waiting] = await vendorRuns(vendor, reviewed)
    expect(waiting?.review).toEqual({ state: 'pending', reviewer: null, reviewedAt: null, reason: null })
    expect(await json(await startAsVendor(vendor, reviewed), 409)).toEqual({
      message: AWAITING_REVIEW_REFUSAL_MESSAGE,
    })
    const queue = await json<LabQueueAnswer>(
      await get(engineer.browser, endpoints.labQueue.path, { state: 'review' }),
      200,
    )
    expect(queue.items.map((item) => item.portfolioManagerId)).toEqual([reviewed])

    const runId = waiting?.runId ?? ''
    expect(
      await json(await engineer.browser.post(endpoints.labReview.path, { runId, decision: 'reject' }), 400),
    ).toEqual({
      message: REVIEW_REASON_REQUIRED_MESSAGE,
      field: 'reason',
    })
    expect(
      await json(
        await engineer.browser.post(endpoints.labReview.path, { runId, decision: 'reject', reason: '  ' }),
        400,
      ),
    ).toEqual({ message: REVIEW_REASON_REQUIRED_MESSAGE, field: 'reason' })
    expect(
      await json(
        await engineer.browser.post(endpoints.labReview.path, { runId: 'no-such-run', decision: 'approve' }),
        404,
      ),
    ).toEqual({ message: LAB_RUN_NOT_FOUND_MESSAGE, field: 'runId' })
    expect(await recordStatus(reviewed)).toEqual({ status: 'AwaitingReview', is_certified: '' })

    // Two decisions at once: exactly one stands.
    const [reject, approve] = await Promise.all([
      engineer.browser.post(endpoints.labReview.path, {
        runId,
        decision: 'reject',
        reason: 'The RF log is incomplete.',
      }),
      manager.browser.post(endpoints.labReview.path, { runId, decision: 'approve' }),
    ])
    const answers = [
      { status: reject.status, body: await reject.json() },
      { status: approve.status, body: await approve.json() },
    ]
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1)
    expect(answers.filter((answer) => answer.status === 409)).toEqual([
      { status: 409, body: { message: RUN_NOT_AWAITING_REVIEW_MESSAGE, field: 'runId' } },
    ])
    const decided = await recordStatus(reviewed)
    const [after] = await vendorRuns(vendor, reviewed)
    if (reject.status === 200) {
      expect(answers[0]?.body).toEqual({ message: RUN_REJECTED_MESSAGE })
      expect(decided).toEqual({ status: 'Completed', is_certified: VALIDATION_FAILURE })
      expect(after?.review).toMatchObject({
        state: 'rejected',
        reviewer: 'Ed Engineer',
        reason: 'The RF log is incomplete.',
      })
    } else {
      expect(answers[1]?.body).toEqual({ message: RUN_APPROVED_MESSAGE })
      expect(decided).toEqual({ status: 'Completed', is_certified: CERTIFIED_OK })
      expect(after?.review).toMatchObject({ state: 'approved', reviewer: 'Mia Manager', reason: null })
    }
    // An approval issues the run's certificate with the decision; a rejection none.
    const issued = await db()
      .selectFrom('certificates')
      .select('run_id')
      .where('run_id', '=', runId)
      .execute()
    expect(issued).toHaveLength(approve.status === 200 ? 1 : 0)
    // A decided run is not decided again.
    expect(
      await json(await engineer.browser.post(endpoints.labReview.path, { runId, decision: 'approve' }), 409),
    ).toEqual({
      message: RUN_NOT_AWAITING_REVIEW_MESSAGE,
      field: 'runId',
    })
  })

  it('refuses to approve a run with failed cases, and to review an unfinished one', async () => {
    const id = await submit(vendor, ['FAILED0001', 'FAILED0002'])
    const unfinished = await submit(other, ['UNFIN0001', 'UNFIN0002'])
    // An unfinished run: held in maintenance.
    const expectedEnd = new Date(Date.now() + 600_000).toISOString()
    await json(
      await manager.browser.post(endpoints.labStartMaintenance.path, { reason: 'Hold.', expectedEnd }),
      200,
    )
    expect((await startAsVendor(other, unfinished)).status).toBe(200)
    const [running] = await vendorRuns(other, unfinished)
    expect(running?.status).toBe('Maintenance')
    expect(
      await json(
        await engineer.browser.post(endpoints.labReview.path, { runId: running?.runId, decision: 'approve' }),
        409,
      ),
    ).toEqual({ message: RUN_NOT_AWAITING_REVIEW_MESSAGE, field: 'runId' })
    await json(await manager.browser.post(endpoints.labEndMaintenance.path), 200)

    expect((await startAsVendor(vendor, id)).status).toBe(200)
    await eventually(async () => (await recordStatus(id)).status === 'AwaitingReview')
    const [waiting] = await vendorRuns(vendor, id)
    await db()
      .updateTable('run_test_cases')
      .set({ state: 'failed' })
      .where('run_id', '=', waiting?.runId ?? '')
      .where('position', '=', 0)
      .execute()
    expect(
      await json(
        await engineer.browser.post(endpoints.labReview.path, { runId: waiting?.runId, decision: 'approve' }),
        409,
      ),
    ).toEqual({ message: REVIEW_APPROVE_FAILED_MESSAGE, field: 'decision' })
    expect(await recordStatus(id)).toEqual({ status: 'AwaitingReview', is_certified: '' })
    expect(
      await json<{ message: string }>(
        await manager.browser.post(endpoints.labReviewSetting.path, { reviewRequired: false }),
        200,
      ),
    ).toMatchObject({ message: REVIEW_OFF_MESSAGE, reviewRequired: false })
  })
})

describe('the lab’s stream', () => {
  it('refuses a vendor’s session and no session', async () => {
    const vendorStream = await SseClient.of(vendor.browser, test.portal.mainUrl, { path: LAB_EVENTS_PATH })
    expect(vendorStream.response.status).toBe(403)
    expect(await vendorStream.response.json()).toEqual({ message: LAB_ONLY_MESSAGE })
    const anonymous = await SseClient.open(test.portal.mainUrl, { path: LAB_EVENTS_PATH })
    expect(anonymous.response.status).toBe(401)
    expect(await anonymous.response.json()).toEqual({ message: NOT_SIGNED_IN_MESSAGE })
  })
})

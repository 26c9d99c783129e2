import { startRefusal } from '@/contract/run-start'
import { HttpResponse } from 'msw'
import type { CertificationRun, Comment } from '@/contract/certification'
import {
  AWAITING_REVIEW_REFUSAL_MESSAGE,
  LAB_COMMENT_ADDED_MESSAGE,
  LAB_PASSWORD_SET_MESSAGE,
  LAB_QUEUE_PAGE_SIZE,
  LAB_QUEUE_STATES,
  LAB_RUN_NOT_FOUND_MESSAGE,
  LAB_SET_PASSWORD_LINK_INVALID_MESSAGE,
  LAB_STAFF_EMAIL_TAKEN_MESSAGE,
  LAB_STAFF_NOT_FOUND_MESSAGE,
  LAST_LAB_MANAGER_MESSAGE,
  type LabQueueAnswer,
  type LabQueueItem,
  type LabQueueState,
  type LabState,
  labStaffAddedMessage,
  labStaffRemovedMessage,
  labStaffRoleChangedMessage,
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
import { CERTIFIED_OK, type DeviceRecord, VALIDATION_FAILURE } from '@/contract/records'
import * as said from '@/contract/server-messages'
import { firstMessage } from '@/contract/validation/fields'
import { loginEmailSchema } from '@/contract/validation/login'
import { newPasswordSchema } from '@/contract/validation/password'
import { PASSWORDS_DO_NOT_MATCH_MESSAGE } from '@/contract/messages'
import { FIXTURE_NOW, FIXTURE_PLAN, world } from '@/mocks/fixtures/world'
import { labAssignmentHandlers } from '@/mocks/lab-assignment-handlers'
import { answer, badRequest, mockEndpoint } from '@/mocks/mock-endpoint'
import { AWAITING_REVIEW_STATUS } from '@/contract/run-status'

/*
 * The lab console's calls in the fixture world, with the server's rules and messages
 * (server/lab/*routes.ts). The caller is the fixture Lab manager (world.lab.staff[0]); the
 * queue, a record's details and the thread read the world's records, runs and comments, so a lab
 * answer shows in the vendor's Add Comments dialog too. Every refusal changes nothing.
 */

const STATE_OF_STATUS: Record<string, LabQueueState> = {
  Submitted: 'waiting',
  InProgress: 'running',
  Maintenance: 'maintenance',
  [AWAITING_REVIEW_STATUS]: 'review',
}
const queueStateOf = (status: string): LabQueueState => STATE_OF_STATUS[status] ?? 'finished'
const RANK: Record<LabQueueState, number> = { running: 0, maintenance: 1, review: 2, waiting: 3, finished: 4 }

const caller = () => world.lab.staff[0]!
const runsOf = (id: string) => world.runs.filter((run) => run.portfolioManagerId === id)
const commentsOf = (id: string) => world.comments.filter((comment) => comment.portfolioManagerId === id)
const recordById = (id: string) => world.records.find((record) => record.portfolioManagerId === id)
const recordNotFound = () =>
  badRequest({ message: said.RECORD_NOT_FOUND_MESSAGE, field: 'portfolioManagerId' }, {}, 404)

function labState(): LabState {
  return {
    maintenance: world.lab.maintenance,
    reviewRequired: world.lab.reviewRequired,
    maintenanceFromEnvironment: false,
  }
}

function queueItem(record: DeviceRecord): LabQueueItem {
  const [latest] = runsOf(record.portfolioManagerId)
  const comments = commentsOf(record.portfolioManagerId)
  const newest = [...comments].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0]
  return {
    portfolioManagerId: record.portfolioManagerId,
    organizationId: world.team.organizationId,
    organizationName: world.team.organizationName,
    vendor: record.vendor,
    deviceName: record.deviceName,
    deviceType: record.deviceType,
    productClass: record.productClass,
    baseFirmwareVersion: record.baseFirmwareVersion,
    status: record.status,
    isCertified: record.isCertified ?? '',
    queueState: queueStateOf(record.status),
    submittedAt: record.creationTime,
    createdBy: record.createdBy,
    latestRun: latest
      ? {
          runId: latest.runId,
          attempt: latest.attempt ?? 1,
          kind: latest.kind ?? 'full',
          status: latest.status,
          isCertified: latest.isCertified ?? '',
          startedAt: latest.startedAt,
          finishedAt: latest.finishedAt ?? null,
          startedBy: latest.startedBy ?? '',
          casesTotal: latest.testCases.length,
          casesDone: latest.testCases.filter((test) => ['passed', 'failed', 'skipped'].includes(test.state))
            .length,
          casesFailed: latest.testCases.filter((test) => test.state === 'failed').length,
          currentCase: latest.testCases.find((test) => test.state === 'running')?.name ?? null,
        }
      : null,
    commentCount: comments.length,
    awaitingAnswer: newest !== undefined && (newest.authorKind ?? 'vendor') === 'vendor',
    assignee: world.lab.assignments.get(record.portfolioManagerId) ?? null,
    stateSince: stateSince(record.status, latest) ?? record.creationTime,
  }
}

/** As the server's queue: the run's end (review, finished), its start (running), else the submission. */
function stateSince(status: string, latest: CertificationRun | undefined): string | undefined {
  if (!latest) return undefined
  const state = queueStateOf(status)
  if (state === 'review' || state === 'finished') return latest.finishedAt ?? latest.startedAt
  if (state === 'running' || state === 'maintenance') return latest.startedAt
  return undefined
}

function startRun(record: DeviceRecord, kind: 'full' | 'rerun') {
  const refusal = kind === 'full' ? startRefusal(record) : null
  if (refusal) return badRequest({ message: refusal, field: 'portfolioManagerId' }, {}, 409)
  if (record.status === 'InProgress' || record.status === 'Maintenance')
    return badRequest({ message: said.RUN_ALREADY_ACTIVE_MESSAGE, field: 'portfolioManagerId' }, {}, 409)
  if (record.status === AWAITING_REVIEW_STATUS)
    return badRequest({ message: AWAITING_REVIEW_REFUSAL_MESSAGE, field: 'portfolioManagerId' }, {}, 409)
  const [latest] = runsOf(record.portfolioManagerId)
  const failed = latest?.testCases.filter((test) => test.state !== 'passed') ?? []
  if (kind === 'rerun' && (record.isCertified !== VALIDATION_FAILURE || failed.length === 0))
    return badRequest({ message: said.NO_FAILED_CASES_MESSAGE, field: 'portfolioManagerId' }, {}, 409)
  const status = world.lab.maintenance ? 'Maintenance' : 'InProgress'
  world.nextId += 1
  const run: CertificationRun = {
    runId: `run-${world.nextId}`,
    portfolioManagerId: record.portfolioManagerId,
    attempt: runsOf(record.portfolioManagerId).length + 1,
    kind,
    startedBy: `${caller().name} (lab)`,
    testPlan: FIXTURE_PLAN,
    failureReason: null,
    status,
    isCertified: '',
    startedAt: FIXTURE_NOW.toISOString(),
    finishedAt: null,
    testCases: (kind === 'rerun' ? failed : [{ name: 'Boot and provisioning' }]).map((test) => ({
      name: test.name,
      state: 'pending',
      log: [],
    })),
  }
  world.runs.unshift(run)
  record.status = status
  record.isCertified = ''
  const message = kind === 'rerun' ? said.RERUN_STARTED_MESSAGE : said.RUN_STARTED_MESSAGE
  return HttpResponse.json({ message, runId: run.runId, status, attempt: run.attempt })
}

function staffChange(message: string) {
  return HttpResponse.json({ message, staff: world.lab.staff.map((member) => ({ ...member })) })
}
const activeManagers = () =>
  world.lab.staff.filter((member) => member.role === 'Lab manager' && member.state !== 'disabled')

export const labHandlers = [
  ...labAssignmentHandlers,
  mockEndpoint('labState', () => HttpResponse.json(labState())),

  mockEndpoint('labQueue', ({ body }) => {
    const search = body.search?.trim().toLowerCase() ?? ''
    const matching = world.records
      .filter((record) => !body.state || queueStateOf(record.status) === body.state)
      .filter(() => !body.organizationId || body.organizationId === world.team.organizationId)
      .filter((record) => !body.deviceType || record.deviceType === body.deviceType)
      .filter(
        (record) =>
          body.assigned !== 'me' ||
          world.lab.assignments.get(record.portfolioManagerId)?.staffId === caller().staffId,
      )
      .filter(
        (record) =>
          search === '' ||
          [
            record.vendor,
            record.deviceName,
            world.team.organizationName,
            record.baseFirmwareVersion,
            record.portfolioManagerId,
          ]
            .concat(world.recordExtras.get(record.portfolioManagerId)?.deviceNumberList ?? [])
            .some((value) => value.toLowerCase().includes(search)),
      )
      .sort(
        (a, b) =>
          RANK[queueStateOf(a.status)] - RANK[queueStateOf(b.status)] ||
          (queueStateOf(a.status) === 'finished' ? -1 : 1) * a.creationTime.localeCompare(b.creationTime),
      )
    const page = body.page ?? 1
    const counts = Object.fromEntries(LAB_QUEUE_STATES.map((state) => [state, 0])) as LabQueueAnswer['counts']
    for (const record of world.records) counts[queueStateOf(record.status)] += 1
    const queue: LabQueueAnswer = {
      items: matching.slice((page - 1) * LAB_QUEUE_PAGE_SIZE, page * LAB_QUEUE_PAGE_SIZE).map(queueItem),
      total: matching.length,
      page,
      pageSize: LAB_QUEUE_PAGE_SIZE,
      counts,
      organizations: [
        { organizationId: world.team.organizationId, organizationName: world.team.organizationName },
      ],
      deviceTypes: [...new Set(world.records.map((record) => record.deviceType))].sort(),
    }
    return HttpResponse.json(queue)
  }),

  mockEndpoint('labRecord', ({ body }) => {
    const record = recordById(body.portfolioManagerId)
    if (!record) return recordNotFound()
    return HttpResponse.json({
      record: { ...record },
      organizationId: world.team.organizationId,
      organizationName: world.team.organizationName,
      queueState: queueStateOf(record.status),
      runs: runsOf(record.portfolioManagerId).map((run) =>
        run.status === 'Maintenance' ? { ...run, maintenance: world.lab.maintenance } : run,
      ),
      comments: [...commentsOf(record.portfolioManagerId)].sort((a, b) =>
        a.createdAt.localeCompare(b.createdAt),
      ),
      assignee: world.lab.assignments.get(record.portfolioManagerId) ?? null,
    })
  }),

  mockEndpoint('labAddComment', ({ body }) => {
    const record = recordById(body.portfolioManagerId)
    if (!record) return recordNotFound()
    world.nextId += 1
    const comment: Comment = {
      commentId: `comment-${world.nextId}`,
      portfolioManagerId: record.portfolioManagerId,
      author: caller().name,
      text: body.text,
      createdAt: FIXTURE_NOW.toISOString(),
      authorKind: 'lab',
      authorRole: caller().role,
    }
    world.comments.unshift(comment)
    return HttpResponse.json({ message: LAB_COMMENT_ADDED_MESSAGE, comment })
  }),

  mockEndpoint('labStartRun', ({ body }) => {
    const record = recordById(body.portfolioManagerId)
    return record ? startRun(record, 'full') : recordNotFound()
  }),
  mockEndpoint('labRerunFailed', ({ body }) => {
    const record = recordById(body.portfolioManagerId)
    return record ? startRun(record, 'rerun') : recordNotFound()
  }),
  mockEndpoint('labCancelRun', ({ body }) => {
    const record = recordById(body.portfolioManagerId)
    if (!record) return recordNotFound()
    const run = runsOf(record.portfolioManagerId).find(
      (item) => item.status === 'InProgress' || item.status === 'Maintenance',
    )
    if (!run) return badRequest({ message: said.NO_ACTIVE_RUN_MESSAGE, field: 'portfolioManagerId' }, {}, 409)
    run.status = 'Cancelled'
    run.finishedAt = FIXTURE_NOW.toISOString()
    record.status = 'Cancelled'
    record.isCertified = ''
    return answer(said.RUN_CANCELLED_MESSAGE)
  }),

  mockEndpoint('labReview', ({ body }) => {
    const reason = body.reason?.trim() ?? ''
    if (body.decision === 'reject' && reason === '')
      return badRequest({ message: REVIEW_REASON_REQUIRED_MESSAGE, field: 'reason' })
    const run = world.runs.find((item) => item.runId === body.runId)
    if (!run) return badRequest({ message: LAB_RUN_NOT_FOUND_MESSAGE, field: 'runId' }, {}, 404)
    if (run.status !== AWAITING_REVIEW_STATUS)
      return badRequest({ message: RUN_NOT_AWAITING_REVIEW_MESSAGE, field: 'runId' }, {}, 409)
    const passed = run.testCases.every((test) => test.state === 'passed')
    if (body.decision === 'approve' && !passed)
      return badRequest({ message: REVIEW_APPROVE_FAILED_MESSAGE, field: 'decision' }, {}, 409)
    const isCertified = body.decision === 'approve' ? CERTIFIED_OK : VALIDATION_FAILURE
    run.status = 'Completed'
    run.isCertified = isCertified
    run.review = {
      state: body.decision === 'approve' ? 'approved' : 'rejected',
      reviewer: caller().name,
      reviewedAt: FIXTURE_NOW.toISOString(),
      reason: reason === '' ? null : reason,
    }
    const record = recordById(run.portfolioManagerId)
    if (record) {
      record.status = 'Completed'
      record.isCertified = isCertified
    }
    return answer(body.decision === 'approve' ? RUN_APPROVED_MESSAGE : RUN_REJECTED_MESSAGE)
  }),

  mockEndpoint('labStartMaintenance', ({ body }) => {
    if (!(new Date(body.expectedEnd).getTime() > FIXTURE_NOW.getTime()))
      return badRequest({ message: MAINTENANCE_END_BEFORE_START_MESSAGE, field: 'expectedEnd' })
    if (world.lab.maintenance) return answer(MAINTENANCE_ALREADY_ON_MESSAGE, 409)
    world.lab.maintenance = {
      reason: body.reason,
      startedAt: FIXTURE_NOW.toISOString(),
      expectedEnd: new Date(body.expectedEnd).toISOString(),
      startedBy: caller().name,
    }
    return HttpResponse.json({ ...labState(), message: MAINTENANCE_STARTED_MESSAGE })
  }),
  mockEndpoint('labEndMaintenance', () => {
    if (!world.lab.maintenance) return answer(MAINTENANCE_NOT_ON_MESSAGE, 409)
    world.lab.maintenance = null
    return HttpResponse.json({ ...labState(), message: MAINTENANCE_ENDED_MESSAGE })
  }),
  mockEndpoint('labReviewSetting', ({ body }) => {
    world.lab.reviewRequired = body.reviewRequired
    return HttpResponse.json({
      ...labState(),
      message: body.reviewRequired ? REVIEW_ON_MESSAGE : REVIEW_OFF_MESSAGE,
    })
  }),

  mockEndpoint('labStaff', () =>
    HttpResponse.json({ staff: world.lab.staff.map((member) => ({ ...member })) }),
  ),
  mockEndpoint('labAddStaff', ({ body }) => {
    const email = body.email.trim()
    const rule = firstMessage(loginEmailSchema, email)
    if (rule !== undefined) return badRequest({ message: rule, field: 'email' })
    const taken =
      world.lab.staff.some((member) => member.email.toLowerCase() === email.toLowerCase()) ||
      world.vendors.some((vendor) => vendor.authData.emailId.toLowerCase() === email.toLowerCase())
    if (taken) return badRequest({ message: LAB_STAFF_EMAIL_TAKEN_MESSAGE, field: 'email' }, {}, 409)
    world.nextId += 1
    world.lab.staff.push({
      staffId: `lab-${world.nextId}`,
      name: body.name,
      email,
      role: body.role,
      state: 'invited',
      createdAt: FIXTURE_NOW.toISOString(),
      lastActiveAt: null,
    })
    return staffChange(labStaffAddedMessage(email))
  }),
  mockEndpoint('labChangeStaffRole', ({ body }) => {
    const member = world.lab.staff.find((item) => item.staffId === body.staffId && item.state !== 'disabled')
    if (!member) return badRequest({ message: LAB_STAFF_NOT_FOUND_MESSAGE, field: 'staffId' }, {}, 404)
    if (member.role === 'Lab manager' && body.role !== 'Lab manager' && activeManagers().length <= 1)
      return badRequest({ message: LAST_LAB_MANAGER_MESSAGE, field: 'role' }, {}, 409)
    member.role = body.role
    return staffChange(labStaffRoleChangedMessage(member.name, body.role))
  }),
  mockEndpoint('labRemoveStaff', ({ body }) => {
    const member = world.lab.staff.find((item) => item.staffId === body.staffId && item.state !== 'disabled')
    if (!member) return badRequest({ message: LAB_STAFF_NOT_FOUND_MESSAGE, field: 'staffId' }, {}, 404)
    if (member.role === 'Lab manager' && activeManagers().length <= 1)
      return badRequest({ message: LAST_LAB_MANAGER_MESSAGE, field: 'staffId' }, {}, 409)
    member.state = 'disabled'
    return staffChange(labStaffRemovedMessage(member.name))
  }),

  mockEndpoint('labSetPasswordInfo', ({ body }) => {
    const member = world.lab.staff.find((item) => item.staffId === world.lab.setPasswordStaffId)
    if (body.token !== world.lab.setPasswordToken || !member || member.state !== 'invited')
      return badRequest({ message: LAB_SET_PASSWORD_LINK_INVALID_MESSAGE, field: 'token' })
    return HttpResponse.json({ name: member.name, email: member.email })
  }),
  mockEndpoint('labSetPassword', ({ body }) => {
    const rule = firstMessage(newPasswordSchema, body.password)
    if (rule !== undefined) return badRequest({ message: rule, field: 'password' })
    if (body.confirmPassword !== body.password)
      return badRequest({ message: PASSWORDS_DO_NOT_MATCH_MESSAGE, field: 'confirmPassword' })
    const member = world.lab.staff.find((item) => item.staffId === world.lab.setPasswordStaffId)
    if (body.token !== world.lab.setPasswordToken || !member || member.state !== 'invited')
      return badRequest({ message: LAB_SET_PASSWORD_LINK_INVALID_MESSAGE, field: 'token' })
    member.state = 'active'
    return answer(LAB_PASSWORD_SET_MESSAGE)
  }),
]

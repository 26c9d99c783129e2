import { HttpResponse } from 'msw'
import { LAB_MANAGER_ONLY_MESSAGE } from '@/contract/lab'
import {
  normalisePlanCases,
  type PlanCase,
  planDraftProblem,
  TEST_PLAN_DRAFT_DISCARDED_MESSAGE,
  TEST_PLAN_DRAFT_SAVED_MESSAGE,
  TEST_PLAN_DRAFT_UNCHANGED_MESSAGE,
  TEST_PLAN_NO_DRAFT_MESSAGE,
  TEST_PLAN_NO_DRAFT_TO_DISCARD_MESSAGE,
  TEST_PLAN_NOT_FOUND_MESSAGE,
  testPlanPublishedMessage,
} from '@/contract/test-plans'
import type { PlanWorld } from '@/mocks/fixtures/test-plans'
import { FIXTURE_NOW, world } from '@/mocks/fixtures/world'
import { answer, badRequest, mockEndpoint } from '@/mocks/mock-endpoint'

/*
 * The lab's test plan calls in the fixture world, with the server's rules and messages: reads for
 * any lab staff member; save, discard and publish for a Lab manager only (the caller is the
 * fixture lab's first member, world.lab.staff[0], in the role the story gives her). Saving a
 * draft makes or replaces the plan's one draft; publishing it makes it the next version.
 */

const caller = () => world.lab.staff[0]!
const planById = (planId: string) => world.testPlans.find((item) => item.plan.planId === planId)
const notFound = () => badRequest({ message: TEST_PLAN_NOT_FOUND_MESSAGE, field: 'planId' }, {}, 404)
const managerOnly = () => (caller().role === 'Lab manager' ? null : answer(LAB_MANAGER_ONLY_MESSAGE, 403))

const draftOf = (plan: PlanWorld) => plan.versions.find((version) => version.state === 'draft')
const sameCases = (a: ReadonlyArray<PlanCase>, b: ReadonlyArray<PlanCase>) =>
  JSON.stringify(a) === JSON.stringify(b)

/** Keeps the summary in step with the versions (the Draft badge, the current version). */
function settle(plan: PlanWorld) {
  const current = plan.versions.find((version) => version.state === 'published')
  if (current) {
    plan.plan.currentVersion = current.version
    plan.plan.caseCount = current.cases.length
    plan.plan.publishedAt = current.publishedAt ?? plan.plan.publishedAt
  }
  plan.plan.hasDraft = draftOf(plan) !== undefined
}

const changed = (message: string, plan: PlanWorld) => {
  settle(plan)
  return HttpResponse.json({ message, plan: structuredClone(plan) })
}

export const testPlanHandlers = [
  mockEndpoint('labTestPlans', () => HttpResponse.json({ plans: world.testPlans.map((item) => item.plan) })),

  mockEndpoint('labTestPlan', ({ body }) => {
    const plan = planById(body.planId)
    return plan ? HttpResponse.json(plan) : notFound()
  }),

  mockEndpoint('labSaveTestPlanDraft', ({ body }) => {
    const refused = managerOnly()
    if (refused) return refused
    const plan = planById(body.planId)
    if (!plan) return notFound()
    const problem = planDraftProblem(body.cases, plan.plan.productClasses)
    if (problem) return badRequest({ message: problem, field: 'cases' })
    const cases = normalisePlanCases(body.cases, plan.plan.productClasses)
    const draft = draftOf(plan)
    if (draft) Object.assign(draft, { cases, createdBy: caller().name, createdAt: FIXTURE_NOW.toISOString() })
    else
      plan.versions.unshift({
        version: plan.plan.currentVersion + 1,
        state: 'draft',
        cases,
        createdAt: FIXTURE_NOW.toISOString(),
        createdBy: caller().name,
        publishedAt: null,
        publishedBy: null,
        runCount: 0,
      })
    return changed(TEST_PLAN_DRAFT_SAVED_MESSAGE, plan)
  }),

  mockEndpoint('labDiscardTestPlanDraft', ({ body }) => {
    const refused = managerOnly()
    if (refused) return refused
    const plan = planById(body.planId)
    if (!plan) return notFound()
    if (!draftOf(plan))
      return badRequest({ message: TEST_PLAN_NO_DRAFT_TO_DISCARD_MESSAGE, field: 'planId' }, {}, 409)
    plan.versions = plan.versions.filter((version) => version.state !== 'draft')
    return changed(TEST_PLAN_DRAFT_DISCARDED_MESSAGE, plan)
  }),

  mockEndpoint('labPublishTestPlan', ({ body }) => {
    const refused = managerOnly()
    if (refused) return refused
    const plan = planById(body.planId)
    if (!plan) return notFound()
    const draft = draftOf(plan)
    if (!draft) return badRequest({ message: TEST_PLAN_NO_DRAFT_MESSAGE, field: 'planId' }, {}, 409)
    const current = plan.versions.find((version) => version.state === 'published')
    if (current && sameCases(current.cases, draft.cases))
      return badRequest({ message: TEST_PLAN_DRAFT_UNCHANGED_MESSAGE, field: 'planId' }, {}, 409)
    draft.state = 'published'
    draft.publishedAt = FIXTURE_NOW.toISOString()
    draft.publishedBy = caller().name
    return changed(testPlanPublishedMessage(plan.plan.name, draft.version), plan)
  }),
]

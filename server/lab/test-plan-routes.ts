import { Hono } from 'hono'
import {
  TEST_PLAN_DRAFT_DISCARDED_MESSAGE,
  TEST_PLAN_DRAFT_SAVED_MESSAGE,
  TEST_PLAN_DRAFT_UNCHANGED_MESSAGE,
  TEST_PLAN_NO_DRAFT_MESSAGE,
  TEST_PLAN_NO_DRAFT_TO_DISCARD_MESSAGE,
  TEST_PLAN_NOT_FOUND_MESSAGE,
  testPlanPublishedMessage,
} from '@/contract/test-plans'
import type { MainEnv } from '../http/context.ts'
import { labRoute } from '../http/route.ts'
import {
  discardDraft,
  type DraftRefusal,
  planPage,
  planSummaries,
  publishDraft,
  saveDraft,
} from '../programme/index.ts'
import { staffName } from './staff-store.ts'

/*
 * The lab console's test plan calls (docs/decisions/0032): every staff member reads the plans;
 * a Lab manager drafts, discards and publishes a plan's next version. Each change answers the
 * plan page as it now is, with a message.
 */

export const testPlanRoutes = new Hono<MainEnv>()

const notFound = { message: TEST_PLAN_NOT_FOUND_MESSAGE, field: 'planId' }

/** The answer of a refused change: 404 for no such plan, 400 for bad cases, 409 for the plan's state. */
function refusal(refused: DraftRefusal) {
  switch (refused.refused) {
    case 'not-found':
      return { body: notFound, status: 404 as const }
    case 'invalid':
      return { body: { message: refused.message ?? '', field: 'cases' }, status: 400 as const }
    case 'no-draft':
      return { body: { message: TEST_PLAN_NO_DRAFT_MESSAGE, field: 'planId' }, status: 409 as const }
    case 'nothing-to-discard':
      return {
        body: { message: TEST_PLAN_NO_DRAFT_TO_DISCARD_MESSAGE, field: 'planId' },
        status: 409 as const,
      }
    case 'unchanged':
      return { body: { message: TEST_PLAN_DRAFT_UNCHANGED_MESSAGE, field: 'cases' }, status: 409 as const }
  }
}

labRoute(testPlanRoutes, 'labTestPlans', async (c) =>
  c.json({ plans: await planSummaries(c.var.services.db) }),
)

labRoute(testPlanRoutes, 'labTestPlan', async (c) => {
  const page = await planPage(c.var.services.db, c.var.body.planId)
  return page ? c.json(page) : c.json(notFound, 404)
})

labRoute(testPlanRoutes, 'labSaveTestPlanDraft', async (c) => {
  const { db } = c.var.services
  const { planId, cases } = c.var.body
  const result = await saveDraft(db, { planId, cases, by: await staffName(db, c.var.labStaffId) })
  if ('refused' in result) {
    const { body, status } = refusal(result)
    return c.json(body, status)
  }
  return c.json({ message: TEST_PLAN_DRAFT_SAVED_MESSAGE, plan: await planPage(db, planId) })
})

labRoute(testPlanRoutes, 'labDiscardTestPlanDraft', async (c) => {
  const { db } = c.var.services
  const result = await discardDraft(db, c.var.body.planId)
  if ('refused' in result) {
    const { body, status } = refusal(result)
    return c.json(body, status)
  }
  return c.json({ message: TEST_PLAN_DRAFT_DISCARDED_MESSAGE, plan: await planPage(db, c.var.body.planId) })
})

labRoute(testPlanRoutes, 'labPublishTestPlan', async (c) => {
  const { db } = c.var.services
  const result = await publishDraft(db, {
    planId: c.var.body.planId,
    by: await staffName(db, c.var.labStaffId),
  })
  if ('refused' in result) {
    const { body, status } = refusal(result)
    return c.json(body, status)
  }
  return c.json({
    message: testPlanPublishedMessage(result.name, result.published),
    plan: await planPage(db, c.var.body.planId),
  })
})

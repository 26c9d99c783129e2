import { describe, expect, it } from 'vitest'
import { LAB_MANAGER_ONLY_MESSAGE } from '@/contract/lab'
import {
  type LabTestPlanAnswer,
  type LabTestPlansAnswer,
  PLAN_NO_CASES_MESSAGE,
  TEST_PLAN_DRAFT_DISCARDED_MESSAGE,
  TEST_PLAN_DRAFT_SAVED_MESSAGE,
  TEST_PLAN_DRAFT_UNCHANGED_MESSAGE,
  TEST_PLAN_NO_DRAFT_TO_DISCARD_MESSAGE,
  TEST_PLAN_NOT_FOUND_MESSAGE,
  testPlanPublishedMessage,
} from '@/contract/test-plans'
import { world } from '@/mocks/fixtures/world'
import { startFixtureServer } from '@/test/fixture-server'

/* The test plan calls in the fixture world keep the server's rules and messages, and their state. */

startFixtureServer()

type Change = { message: string; plan: LabTestPlanAnswer }

async function call<T = { message: string; field?: string }>(path: string, body?: unknown) {
  const response = await fetch(`http://localhost${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return { status: response.status, json: (await response.json()) as T }
}

const ontCases = () => world.testPlans.find((plan) => plan.plan.planId === 'plan-ont')!.versions[0]!.cases

describe('the test plan handlers', () => {
  it('list the plans, the mesh plan at v2 with a draft and the generic plan for every other type', async () => {
    const { json } = await call<LabTestPlansAnswer>('/api/lab/test-plans')
    expect(
      json.plans.map((plan) => [plan.name, plan.deviceType, plan.currentVersion, plan.hasDraft]),
    ).toEqual([
      ['Wi-Fi Mesh Device', 'Wi-Fi Mesh Device', 2, true],
      ['ONT', 'ONT', 1, false],
      ['Wi-Fi Router', 'Wi-Fi Router', 1, false],
      ['Generic device', null, 1, false],
    ])
    const mesh = await call<LabTestPlanAnswer>('/api/lab/test-plan?planId=plan-wifi-mesh')
    expect(
      mesh.json.versions.map((version) => [version.version, version.state, version.cases.length]),
    ).toEqual([
      [3, 'draft', 18],
      [2, 'published', 17],
      [1, 'published', 15],
    ])
    expect(mesh.json.versions[2]!.cases.slice(0, 3).map((item) => item.name)).toEqual([
      'Boot and provisioning',
      'Firmware upgrade and rollback',
      'Security baseline (open ports, default credentials, TLS)',
    ])
    expect(await call('/api/lab/test-plan?planId=plan-none')).toEqual({
      status: 404,
      json: { message: TEST_PLAN_NOT_FOUND_MESSAGE, field: 'planId' },
    })
  })

  it('save a draft, refuse to publish it unchanged, then publish it changed as v2', async () => {
    const cases = ontCases()
    const saved = await call<Change>('/api/lab/test-plans/draft', { planId: 'plan-ont', cases })
    expect(saved.json.message).toBe(TEST_PLAN_DRAFT_SAVED_MESSAGE)
    expect(saved.json.plan.plan.hasDraft).toBe(true)
    expect(await call('/api/lab/test-plans/publish', { planId: 'plan-ont' })).toMatchObject({
      status: 409,
      json: { message: TEST_PLAN_DRAFT_UNCHANGED_MESSAGE },
    })
    await call('/api/lab/test-plans/draft', { planId: 'plan-ont', cases: cases.slice(1) })
    const published = await call<Change>('/api/lab/test-plans/publish', { planId: 'plan-ont' })
    expect(published.json.message).toBe(testPlanPublishedMessage('ONT', 2))
    expect(published.json.plan.plan).toMatchObject({
      currentVersion: 2,
      caseCount: cases.length - 1,
      hasDraft: false,
    })
  })

  it('refuse an empty draft, discard a draft, and refuse to discard none', async () => {
    expect(await call('/api/lab/test-plans/draft', { planId: 'plan-ont', cases: [] })).toEqual({
      status: 400,
      json: { message: PLAN_NO_CASES_MESSAGE, field: 'cases' },
    })
    const discarded = await call<Change>('/api/lab/test-plans/discard', { planId: 'plan-wifi-mesh' })
    expect(discarded.json.message).toBe(TEST_PLAN_DRAFT_DISCARDED_MESSAGE)
    expect(discarded.json.plan.versions.map((version) => version.state)).toEqual(['published', 'published'])
    expect((await call('/api/lab/test-plans/discard', { planId: 'plan-wifi-mesh' })).json.message).toBe(
      TEST_PLAN_NO_DRAFT_TO_DISCARD_MESSAGE,
    )
  })

  it('refuse a Lab engineer’s changes', async () => {
    world.lab.staff[0]!.role = 'Lab engineer'
    expect(await call('/api/lab/test-plans/publish', { planId: 'plan-wifi-mesh' })).toEqual({
      status: 403,
      json: { message: LAB_MANAGER_ONLY_MESSAGE },
    })
  })
})

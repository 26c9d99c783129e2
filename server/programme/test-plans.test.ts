import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '@/contract/endpoints'
import { LAB_MANAGER_ONLY_MESSAGE, LAB_ONLY_MESSAGE } from '@/contract/lab'
import { NOT_SIGNED_IN_MESSAGE } from '@/contract/server-messages'
import {
  type LabTestPlanAnswer,
  type LabTestPlansAnswer,
  type PlanCase,
  PLAN_NO_CASES_MESSAGE,
  TEST_PLAN_DRAFT_DISCARDED_MESSAGE,
  TEST_PLAN_DRAFT_SAVED_MESSAGE,
  TEST_PLAN_DRAFT_UNCHANGED_MESSAGE,
  TEST_PLAN_NO_DRAFT_MESSAGE,
  TEST_PLAN_NO_DRAFT_TO_DISCARD_MESSAGE,
  TEST_PLAN_NOT_FOUND_MESSAGE,
} from '@/contract/test-plans'
import {
  type Browser,
  createStaffMember,
  createVendor,
  eventually,
  startTestPortal,
  submitRecord,
  type TestPortal,
  type TestStaff,
  type TestVendor,
  json,
} from '../test/portal.ts'
import { MESH_WIFI6_V1_CASES } from '../test/plans.ts'
import { currentPlanFor } from './plans.ts'

/*
 * Test plans as the programme's data (docs/decisions/0032): version 1 is the plans the code held;
 * every staff member reads them, a Lab manager drafts, discards and publishes; a run records the
 * version it used and keeps it, and so does its certificate.
 */

let test: TestPortal
let vendor: TestVendor
let manager: TestStaff
let engineer: TestStaff

beforeAll(async () => {
  test = await startTestPortal()
  vendor = await createVendor(test, 'tess.plans@example.com', 'Tess')
  manager = await createStaffMember(test, 'max.plans@lab.example', 'Max Manager', 'Lab manager')
  engineer = await createStaffMember(test, 'eli.plans@lab.example', 'Eli Engineer', 'Lab engineer')
}, 60_000)

afterAll(async () => {
  await test?.close()
})

const db = () => test.database.db

const get = (browser: Browser, path: string, query: Record<string, string> = {}) =>
  browser.call(`${path}?${new URLSearchParams(query).toString()}`, { method: 'GET' })

const plan = (planId: string) => get(manager.browser, endpoints.labTestPlan.path, { planId })

const MESH_6 = MESH_WIFI6_V1_CASES

describe('version 1: the plans the code held', () => {
  it('gives a Wi-Fi 6 Mesh its type’s cases and its class’s, in order', async () => {
    const mesh = await currentPlanFor(db(), 'Wi-Fi Mesh Device', 'Wi-Fi 6 Mesh')
    expect(mesh).toMatchObject({
      planId: 'wi-fi-mesh-device',
      name: 'Wi-Fi Mesh Device / Wi-Fi 6 Mesh',
      version: 1,
    })
    expect(mesh.cases.map((item) => item.name)).toEqual(MESH_6)
    // A Wi-Fi 6E Mesh: 15 cases, the 6 GHz ones instead of OFDMA.
    const mesh6e = await currentPlanFor(db(), 'Wi-Fi Mesh Device', 'Wi-Fi 6E Mesh')
    expect(mesh6e.cases).toHaveLength(15)
    expect(mesh6e.cases.slice(-2).map((item) => item.name)).toEqual([
      'Wi-Fi throughput 6 GHz',
      '6 GHz dedicated backhaul',
    ])
  })

  it('adds product-class cases: Wi-Fi 6E tests 6 GHz, Wi-Fi 6 does not', async () => {
    const names = async (productClass: string) =>
      (await currentPlanFor(db(), 'Wi-Fi Router', productClass)).cases.map((item) => item.name)
    expect(await names('Wi-Fi 6E')).toContain('Wi-Fi throughput 6 GHz')
    expect(await names('Wi-Fi 6')).not.toContain('Wi-Fi throughput 6 GHz')
    expect(await names('Wi-Fi 7')).toEqual(expect.arrayContaining(['Multi-link operation (802.11be)']))
  })

  it('matches type and class regardless of case and spaces', async () => {
    expect(await currentPlanFor(db(), ' wi-fi router ', 'WI-FI 6E')).toEqual(
      await currentPlanFor(db(), 'Wi-Fi Router', 'Wi-Fi 6E'),
    )
  })

  it('gives a known type with a new product class its type’s cases, and an unknown type the generic plan', async () => {
    const onu = await currentPlanFor(db(), 'ONU', 'My New Class')
    expect(onu.name).toBe('ONU')
    expect(onu.cases.map((item) => item.name)).toContain('OMCI provisioning')
    expect(onu.cases.map((item) => item.name)).not.toContain('Multi-port Ethernet and PoE')
    const generic = await currentPlanFor(db(), 'Smart Plug', 'Zigbee')
    expect(generic).toMatchObject({ planId: 'generic', name: 'Generic device', version: 1 })
    expect(generic.cases.map((item) => item.name)).toEqual([
      'Boot and provisioning',
      'Firmware upgrade and rollback',
      'Security baseline (open ports, default credentials, TLS)',
      'Ethernet connectivity',
      'IPv6 dual stack',
      'Remote management (TR-069 or TR-369)',
      'Power cycle and configuration persistence',
    ])
  })

  it('says what each case checks and whether a firmware change runs it again', async () => {
    const ont = await currentPlanFor(db(), 'ONT', 'GPON')
    const optical = ont.cases.find((item) => item.name === 'Optical power levels (Rx sensitivity, Tx power)')
    expect(optical).toEqual({
      name: 'Optical power levels (Rx sensitivity, Tx power)',
      description: 'Receive sensitivity and transmit power measured against the PON class’s limits.',
      firmwareSensitive: false,
      productClasses: [],
    })
    expect(ont.cases.find((item) => item.name === 'OMCI provisioning')?.firmwareSensitive).toBe(true)
  })
})

describe('the lab console’s plan calls', () => {
  it('lists eight plans to every staff member, the generic one last', async () => {
    const answer = await json<LabTestPlansAnswer>(
      await engineer.browser.call(endpoints.labTestPlans.path, { method: 'GET' }),
      200,
    )
    expect(answer.plans.map((item) => item.name)).toEqual([
      'OLT',
      'ONT',
      'ONU',
      'Set-top Box',
      'Wi-Fi Extender',
      'Wi-Fi Mesh Device',
      'Wi-Fi Router',
      'Generic device',
    ])
    expect(answer.plans.find((item) => item.planId === 'wi-fi-mesh-device')).toMatchObject({
      deviceType: 'Wi-Fi Mesh Device',
      productClasses: ['Wi-Fi 6 Mesh', 'Wi-Fi 6E Mesh', 'Wi-Fi 7 Mesh'],
      currentVersion: 1,
      caseCount: 17,
      hasDraft: false,
    })
    expect(answer.plans.at(-1)).toMatchObject({ planId: 'generic', deviceType: null, caseCount: 7 })
  })

  it('refuses a visitor, a vendor, and an Engineer’s changes', async () => {
    const anonymous = await fetch(`${test.portal.mainUrl}${endpoints.labTestPlans.path}`)
    expect(anonymous.status).toBe(401)
    expect(await anonymous.json()).toMatchObject({ message: NOT_SIGNED_IN_MESSAGE })
    expect(
      await json(await vendor.browser.call(endpoints.labTestPlans.path, { method: 'GET' }), 403),
    ).toMatchObject({
      message: LAB_ONLY_MESSAGE,
    })
    for (const name of ['labSaveTestPlanDraft', 'labDiscardTestPlanDraft', 'labPublishTestPlan'] as const) {
      const body = { planId: 'ont', cases: [] }
      expect(await json(await engineer.browser.post(endpoints[name].path, body), 403)).toMatchObject({
        message: LAB_MANAGER_ONLY_MESSAGE,
      })
      expect(await json(await vendor.browser.post(endpoints[name].path, body), 403)).toMatchObject({
        message: LAB_ONLY_MESSAGE,
      })
    }
    // Nothing was drafted.
    expect(
      await db().selectFrom('test_plan_versions').select('plan_id').where('state', '=', 'draft').execute(),
    ).toEqual([])
  })

  it('answers 404 naming planId for a plan that does not exist', async () => {
    expect(await json(await plan('smart-plug'), 404)).toEqual({
      message: TEST_PLAN_NOT_FOUND_MESSAGE,
      field: 'planId',
    })
    expect(
      await json(
        await manager.browser.post(endpoints.labPublishTestPlan.path, { planId: 'smart-plug' }),
        404,
      ),
    ).toEqual({ message: TEST_PLAN_NOT_FOUND_MESSAGE, field: 'planId' })
  })

  it('refuses a draft with bad cases, naming the case, and changes nothing', async () => {
    const save = (cases: unknown) =>
      manager.browser.post(endpoints.labSaveTestPlanDraft.path, { planId: 'ont', cases })
    const item = (name: string, productClasses: string[] = []) => ({
      name,
      description: '',
      firmwareSensitive: true,
      productClasses,
    })
    expect(await json(await save([]), 400)).toEqual({ message: PLAN_NO_CASES_MESSAGE, field: 'cases' })
    expect(await json(await save([item('Dying gasp'), item(' dying gasp ')]), 400)).toEqual({
      message: 'Case 2: “dying gasp” is already a case of this plan.',
      field: 'cases',
    })
    expect(await json(await save([item('  ')]), 400)).toEqual({
      message: 'Case 1: the name is required.',
      field: 'cases',
    })
    expect(await json(await save([item('x'.repeat(121))]), 400)).toEqual({
      message: 'Case 1: the name must be at most 120 characters.',
      field: 'cases',
    })
    expect(await json(await save([item('Dying gasp', ['GPON OLT'])]), 400)).toEqual({
      message: 'Case 1: “GPON OLT” is not a product class of this plan.',
      field: 'cases',
    })
    expect(await json(await save('none'), 400)).toMatchObject({ field: 'cases' })
    const page = await json<LabTestPlanAnswer>(await plan('ont'), 200)
    expect(page.versions.map((version) => version.state)).toEqual(['published'])
  })

  it('drafts, discards, drafts again and publishes version 2; a run started before keeps version 1', async () => {
    // A run on version 1, certified.
    const id = await submit()
    await json(await manager.browser.post(endpoints.labStartRun.path, { portfolioManagerId: id }), 200)
    await eventually(async () => (await recordStatus(id)).is_certified === 'CERTIFIED-OK')
    const v1 = await json<LabTestPlanAnswer>(await plan('wi-fi-mesh-device'), 200)
    const cases: PlanCase[] = v1.versions[0]!.cases

    // A draft: one case dropped, one added with a class, one moved.
    const edited = [
      ...cases.filter((item) => item.name !== 'Band steering'),
      {
        name: 'Wi-Fi 7 multi-link roaming',
        description: 'A Wi-Fi 7 client roams between nodes on both links.',
        firmwareSensitive: true,
        productClasses: ['wi-fi 7 mesh'],
      },
    ]
    const saved = await json<{ message: string; plan: LabTestPlanAnswer }>(
      await manager.browser.post(endpoints.labSaveTestPlanDraft.path, {
        planId: 'wi-fi-mesh-device',
        cases: edited,
      }),
      200,
    )
    expect(saved.message).toBe(TEST_PLAN_DRAFT_SAVED_MESSAGE)
    expect(saved.plan.plan).toMatchObject({ currentVersion: 1, hasDraft: true })
    expect(saved.plan.versions[0]).toMatchObject({
      version: 2,
      state: 'draft',
      createdBy: 'Max Manager',
      runCount: 0,
    })
    // The class is kept as the plan spells it.
    expect(saved.plan.versions[0]!.cases.at(-1)!.productClasses).toEqual(['Wi-Fi 7 Mesh'])
    expect(saved.plan.versions[1]).toMatchObject({ version: 1, state: 'published', runCount: 1 })
    expect(saved.plan.appliesTo).toMatchObject({ records: 1, organizations: 1 })
    expect(saved.plan.appliesTo.devices[0]).toMatchObject({ portfolioManagerId: id, deviceName: 'Beacon 6' })

    // The draft does not change what a run gets.
    expect((await currentPlanFor(db(), 'Wi-Fi Mesh Device', 'Wi-Fi 6 Mesh')).version).toBe(1)

    const discarded = await json<{ message: string; plan: LabTestPlanAnswer }>(
      await manager.browser.post(endpoints.labDiscardTestPlanDraft.path, { planId: 'wi-fi-mesh-device' }),
      200,
    )
    expect(discarded.message).toBe(TEST_PLAN_DRAFT_DISCARDED_MESSAGE)
    expect(discarded.plan.plan.hasDraft).toBe(false)
    expect(
      await json(
        await manager.browser.post(endpoints.labPublishTestPlan.path, { planId: 'wi-fi-mesh-device' }),
        409,
      ),
    ).toEqual({ message: TEST_PLAN_NO_DRAFT_MESSAGE, field: 'planId' })
    expect(
      await json(
        await manager.browser.post(endpoints.labDiscardTestPlanDraft.path, { planId: 'wi-fi-mesh-device' }),
        409,
      ),
    ).toEqual({ message: TEST_PLAN_NO_DRAFT_TO_DISCARD_MESSAGE, field: 'planId' })

    // A draft the same as version 1 is not published.
    await json(
      await manager.browser.post(endpoints.labSaveTestPlanDraft.path, { planId: 'wi-fi-mesh-device', cases }),
      200,
    )
    expect(
      await json(
        await manager.browser.post(endpoints.labPublishTestPlan.path, { planId: 'wi-fi-mesh-device' }),
        409,
      ),
    ).toEqual({ message: TEST_PLAN_DRAFT_UNCHANGED_MESSAGE, field: 'cases' })

    await json(
      await manager.browser.post(endpoints.labSaveTestPlanDraft.path, {
        planId: 'wi-fi-mesh-device',
        cases: edited,
      }),
      200,
    )
    const published = await json<{ message: string; plan: LabTestPlanAnswer }>(
      await manager.browser.post(endpoints.labPublishTestPlan.path, { planId: 'wi-fi-mesh-device' }),
      200,
    )
    expect(published.message).toBe(
      'Wi-Fi Mesh Device version 2 is published. Runs started from now on use it.',
    )
    expect(published.plan.plan).toMatchObject({ currentVersion: 2, hasDraft: false, caseCount: 17 })
    expect(published.plan.versions[0]).toMatchObject({
      version: 2,
      state: 'published',
      publishedBy: 'Max Manager',
    })

    // A new run uses version 2 (no Band steering; the Wi-Fi 7 case is not a Wi-Fi 6 Mesh's)…
    const second = await submit()
    await json(await manager.browser.post(endpoints.labStartRun.path, { portfolioManagerId: second }), 200)
    await eventually(async () => (await recordStatus(second)).is_certified === 'CERTIFIED-OK')
    const runs = await db()
      .selectFrom('certification_runs')
      .select(['portfolio_manager_id', 'plan_id', 'plan_version', 'plan_name', 'run_id'])
      .where('portfolio_manager_id', 'in', [id, second])
      .execute()
    const runOf = (record: string) => runs.find((run) => run.portfolio_manager_id === record)!
    expect(runOf(second)).toMatchObject({
      plan_id: 'wi-fi-mesh-device',
      plan_version: 2,
      plan_name: 'Wi-Fi Mesh Device / Wi-Fi 6 Mesh',
    })
    const secondCases = await db()
      .selectFrom('run_test_cases')
      .select('name')
      .where('run_id', '=', runOf(second).run_id)
      .orderBy('position')
      .execute()
    expect(secondCases.map((row) => row.name)).toEqual(MESH_6.filter((name) => name !== 'Band steering'))
    // …and the first run and its certificate still name version 1.
    expect(runOf(id)).toMatchObject({ plan_version: 1 })
    const certificates = await db()
      .selectFrom('certificates')
      .select(['portfolio_manager_id', 'payload'])
      .execute()
    const testPlanOf = (record: string) =>
      (
        JSON.parse(certificates.find((row) => row.portfolio_manager_id === record)!.payload) as {
          testPlan: unknown
        }
      ).testPlan
    expect(testPlanOf(id)).toEqual({
      planId: 'wi-fi-mesh-device',
      name: 'Wi-Fi Mesh Device / Wi-Fi 6 Mesh',
      version: '1',
      cases: MESH_6,
    })
    expect(testPlanOf(second)).toMatchObject({
      version: '2',
      cases: MESH_6.filter((name) => name !== 'Band steering'),
    })
  })
})

/** A Beacon 6 of the vendor's, with serial numbers of its own; its record id. */
let submitted = 0
const submit = () => {
  submitted += 1
  return submitRecord(test, vendor, [`SNP${submitted}01`, `SNP${submitted}02`])
}

const recordStatus = (id: string) =>
  db()
    .selectFrom('device_records')
    .select(['status', 'is_certified'])
    .where('portfolio_manager_id', '=', id)
    .executeTakeFirstOrThrow()

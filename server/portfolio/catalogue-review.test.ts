import { sql } from 'kysely'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catalogueAnswerSchema } from '@/contract/catalogue'
import {
  CATALOGUE_ENTRY_NOT_FOUND_MESSAGE,
  CATALOGUE_ENTRY_NOT_REVIEWED_MESSAGE,
  CATALOGUE_ORGANIZATION_NOT_FOUND_MESSAGE,
  type CatalogueAdditionsAnswer,
  type CatalogueEntry,
  type LabCatalogueAnswer,
} from '@/contract/catalogue-review'
import { endpoints } from '@/contract/endpoints'
import { LAB_MANAGER_ONLY_MESSAGE, LAB_ONLY_MESSAGE } from '@/contract/lab'
import { NOT_SIGNED_IN_MESSAGE } from '@/contract/server-messages'
import {
  type Browser,
  createStaffMember,
  createVendor,
  newBrowser,
  startTestPortal,
  submitPayloadFor,
  submitRecord,
  type TestPortal,
  type TestStaff,
  type TestVendor,
  json,
} from '../test/portal.ts'

/*
 * The programme's catalogue, kept by the lab (docs/decisions/0034): a vendor's 'Add New …' names
 * wait in the review queue, private to its organization; a Lab manager approves one into every
 * organization's cascades, maps one onto an entry the catalogue has, or declines one with a reason
 * its organization reads; an organization approved as a manufacturer is offered to its own members.
 */

let test: TestPortal
let mesh: TestVendor
let other: TestVendor
let manager: TestStaff
let engineer: TestStaff

beforeAll(async () => {
  test = await startTestPortal()
  mesh = await createVendor(test, 'mia.catalogue@example.com', 'MeshWave')
  other = await createVendor(test, 'olli.catalogue@example.com', 'Olli')
  manager = await createStaffMember(test, 'max.catalogue@lab.example', 'Max Manager', 'Lab manager')
  engineer = await createStaffMember(test, 'eli.catalogue@lab.example', 'Eli Engineer', 'Lab engineer')
}, 60_000)

afterAll(async () => {
  await test?.close()
})

const get = (browser: Browser, path: string) => browser.call(path, { method: 'GET' })

async function catalogueOf(browser: Browser) {
  return v.parse(catalogueAnswerSchema, await json(await get(browser, endpoints.catalogue.path), 200))
}

const labCatalogue = async (browser: Browser = manager.browser) =>
  json<LabCatalogueAnswer>(await get(browser, endpoints.labCatalogue.path), 200)

async function entry(kind: CatalogueEntry['kind'], value: string, addedBy?: string) {
  const found = (await labCatalogue()).entries.find(
    (item) =>
      item.kind === kind &&
      item.value === value &&
      (addedBy === undefined || item.addedBy?.organizationId === addedBy),
  )
  if (!found) throw new Error(`No ${kind} ${value} in the catalogue.`)
  return found
}

const decide = (
  name: 'labApproveCatalogueEntry' | 'labMapCatalogueEntry' | 'labDeclineCatalogueEntry',
  body: object,
  as = manager.browser,
) => as.post(endpoints[name].path, body)

const additions = async (vendor: TestVendor) =>
  (await json<CatalogueAdditionsAnswer>(await get(vendor.browser, endpoints.catalogueAdditions.path), 200))
    .additions

const NEW_MESH = {
  vendor: 'TP-Link',
  deviceName: 'Deco X60',
  deviceType: 'Wi-Fi Mesh Device',
  productClass: 'Wi-Fi 6 Mesh',
}

describe('the lab’s catalogue', () => {
  it('lists every entry with who added it and when, and today’s additions await review, private as before', async () => {
    await submitRecord(test, mesh, ['SN1A', 'SN1B'], NEW_MESH)
    const answer = await labCatalogue(engineer.browser)
    const seeded = answer.entries.find((item) => item.kind === 'device-name' && item.value === 'Deco X50')
    expect(seeded).toMatchObject({ parent: 'TP-Link', addedBy: null, review: null })
    expect(answer.entries.find((item) => item.kind === 'vendor' && item.value === 'Nokia')).toMatchObject({
      parent: '',
      addedBy: null,
      review: null,
    })
    const added = await entry('device-name', 'Deco X60')
    expect(added).toMatchObject({
      parent: 'TP-Link',
      addedBy: { organizationId: mesh.organizationId, name: 'MeshWave Networks' },
      review: { state: 'pending', decidedBy: null, decidedAt: null, reason: null, mappedTo: null },
    })
    expect(new Date(added.addedAt).toISOString()).toBe(added.addedAt)
    // A new name with a type of the catalogue: the pairing follows the name, with no review of its own.
    expect(await entry('device-type', 'Wi-Fi Mesh Device', mesh.organizationId)).toMatchObject({
      parent: 'Deco X60',
      review: null,
    })
    expect(answer.organizations).toContainEqual({
      organizationId: mesh.organizationId,
      name: 'MeshWave Networks',
      manufacturer: false,
    })
    expect((await catalogueOf(mesh.browser)).deviceNameList).toContainEqual({
      vendor: 'TP-Link',
      deviceName: 'Deco X60',
    })
    expect((await catalogueOf(other.browser)).deviceNameList).not.toContainEqual({
      vendor: 'TP-Link',
      deviceName: 'Deco X60',
    })
    expect(await additions(mesh)).toEqual([
      expect.objectContaining({
        kind: 'device-name',
        value: 'Deco X60',
        parent: 'TP-Link',
        state: 'pending',
        reason: null,
      }),
    ])
    expect(await additions(other)).toEqual([])
  })

  it('refuses a visitor, a vendor, and an Engineer’s decisions, and changes nothing', async () => {
    const target = await entry('device-name', 'Deco X60')
    const anonymous = await newBrowser(test.portal)
    expect(await json(await get(anonymous, endpoints.labCatalogue.path), 401)).toEqual({
      message: NOT_SIGNED_IN_MESSAGE,
    })
    expect(await json(await get(mesh.browser, endpoints.labCatalogue.path), 403)).toEqual({
      message: LAB_ONLY_MESSAGE,
    })
    for (const name of [
      'labApproveCatalogueEntry',
      'labMapCatalogueEntry',
      'labDeclineCatalogueEntry',
      'labApproveManufacturer',
    ] as const) {
      const body = {
        entryId: target.entryId,
        mapTo: 'Deco X50',
        reason: 'No.',
        organizationId: mesh.organizationId,
      }
      expect(await json(await engineer.browser.post(endpoints[name].path, body), 403)).toEqual({
        message: LAB_MANAGER_ONLY_MESSAGE,
      })
      expect(await json(await mesh.browser.post(endpoints[name].path, body), 403)).toEqual({
        message: LAB_ONLY_MESSAGE,
      })
    }
    expect(await json(await get(anonymous, endpoints.catalogueAdditions.path), 401)).toEqual({
      message: NOT_SIGNED_IN_MESSAGE,
    })
    expect((await entry('device-name', 'Deco X60')).review?.state).toBe('pending')
  })

  it('refuses bad input naming the field, an unknown entry with 404 and a programme entry with 409', async () => {
    const target = await entry('device-name', 'Deco X60')
    expect(
      await json(await decide('labDeclineCatalogueEntry', { entryId: target.entryId, reason: '   ' }), 400),
    ).toEqual({
      message: 'Reason is required.',
      field: 'reason',
    })
    expect(
      await json(
        await decide('labDeclineCatalogueEntry', { entryId: target.entryId, reason: 'x'.repeat(301) }),
        400,
      ),
    ).toEqual({ message: 'Reason must be at most 300 characters.', field: 'reason' })
    expect(
      await json(
        await decide('labDeclineCatalogueEntry', { entryId: target.entryId, reason: 'Bad\u202Ename' }),
        400,
      ),
    ).toEqual({
      message: 'Reason must not contain control characters or invisible formatting characters.',
      field: 'reason',
    })
    expect(await json(await decide('labMapCatalogueEntry', { entryId: target.entryId }), 400)).toEqual({
      message: 'Existing entry is required.',
      field: 'mapTo',
    })
    expect(await json(await decide('labApproveCatalogueEntry', {}), 400)).toEqual({
      message: 'Entry id is required.',
      field: 'entryId',
    })
    expect(
      await json(
        await decide('labMapCatalogueEntry', { entryId: target.entryId, mapTo: 'Archer AX73 Pro' }),
        400,
      ),
    ).toEqual({
      message: 'Existing entry: choose a device name of the shared catalogue under “TP-Link”.',
      field: 'mapTo',
    })
    expect(await json(await decide('labApproveCatalogueEntry', { entryId: 'no-such-entry' }), 404)).toEqual({
      message: CATALOGUE_ENTRY_NOT_FOUND_MESSAGE,
      field: 'entryId',
    })
    const seeded = await entry('device-name', 'Deco X50')
    expect(await json(await decide('labApproveCatalogueEntry', { entryId: seeded.entryId }), 409)).toEqual({
      message: CATALOGUE_ENTRY_NOT_REVIEWED_MESSAGE,
      field: 'entryId',
    })
    expect((await entry('device-name', 'Deco X60')).review?.state).toBe('pending')
  })

  it('approves a name into every organization’s cascade with its type, once: a second decision is 409', async () => {
    const target = await entry('device-name', 'Deco X60')
    expect(await json(await decide('labApproveCatalogueEntry', { entryId: target.entryId }), 200)).toEqual({
      message: '“Deco X60” is in the shared catalogue: every organization’s form offers it now.',
    })
    const theirs = await catalogueOf(other.browser)
    expect(theirs.deviceNameList).toContainEqual({ vendor: 'TP-Link', deviceName: 'Deco X60' })
    expect(theirs.deviceTypeList).toContainEqual({ deviceName: 'Deco X60', deviceType: 'Wi-Fi Mesh Device' })
    const visitor = await catalogueOf(await newBrowser(test.portal))
    expect(visitor.deviceNameList).toContainEqual({ vendor: 'TP-Link', deviceName: 'Deco X60' })
    // The other organization submits it as a name of the catalogue: no 'Add New', nothing new added.
    await submitRecord(test, other, ['SN2A', 'SN2B'], NEW_MESH)
    expect((await labCatalogue()).entries.filter((item) => item.value === 'Deco X60')).toHaveLength(1)
    const decided = await entry('device-name', 'Deco X60')
    expect(decided.review).toMatchObject({ state: 'approved', decidedBy: 'Max Manager', reason: null })
    // The organization's additions list the name, not its pairing with the programme's type.
    expect(await additions(mesh)).toEqual([
      expect.objectContaining({ kind: 'device-name', value: 'Deco X60', state: 'approved' }),
    ])
    for (const name of ['labApproveCatalogueEntry', 'labDeclineCatalogueEntry'] as const) {
      expect(await json(await decide(name, { entryId: target.entryId, reason: 'Again.' }), 409)).toEqual({
        message: 'This addition was already approved by Max Manager: a decision stands once made.',
        field: 'entryId',
      })
    }
    const log = await test.database.db
      .selectFrom('activity_log')
      .select(['action', 'subject', 'actor_name', 'actor_kind'])
      .where('organization_id', '=', mesh.organizationId)
      .where(sql<string>`action`, 'like', 'catalogue.%')
      .execute()
    expect(log).toEqual([
      {
        action: 'catalogue.approved',
        subject: 'Deco X60 (Device name)',
        actor_name: 'Max Manager',
        actor_kind: 'lab',
      },
    ])
  })

  it('maps a spelling onto the catalogue’s entry: the form offers that one, the record keeps what it was submitted with', async () => {
    const id = await submitRecord(test, mesh, ['SN3A', 'SN3B'], { ...NEW_MESH, deviceName: 'Deco-X50' })
    const target = await entry('device-name', 'Deco-X50')
    expect(
      await json(await decide('labMapCatalogueEntry', { entryId: target.entryId, mapTo: 'deco x50' }), 200),
    ).toEqual({
      message: '“Deco-X50” now maps onto “Deco X50”: its organization’s form offers “Deco X50” instead.',
    })
    const names = (await catalogueOf(mesh.browser)).deviceNameList.filter((item) => item.vendor === 'TP-Link')
    expect(names.map((item) => item.deviceName)).toContain('Deco X50')
    expect(names.map((item) => item.deviceName)).not.toContain('Deco-X50')
    const record = await test.database.db
      .selectFrom('device_records')
      .select('device_name')
      .where('portfolio_manager_id', '=', id)
      .executeTakeFirstOrThrow()
    expect(record.device_name).toBe('Deco-X50')
    expect(await additions(mesh)).toContainEqual(
      expect.objectContaining({ value: 'Deco-X50', state: 'mapped', mappedTo: 'Deco X50' }),
    )
    expect(
      await json(await decide('labDeclineCatalogueEntry', { entryId: target.entryId, reason: 'No.' }), 409),
    ).toEqual({
      message: 'This addition was already mapped by Max Manager: a decision stands once made.',
      field: 'entryId',
    })
  })

  it('declines with a reason the vendor reads; the name is no longer offered and typing it again reopens nothing', async () => {
    await submitRecord(test, mesh, ['SN4A', 'SN4B'], { ...NEW_MESH, deviceName: 'Mesh Test 1' })
    const target = await entry('device-name', 'Mesh Test 1')
    const reason = '  Use the model name printed on the label.  '
    expect(
      await json(await decide('labDeclineCatalogueEntry', { entryId: target.entryId, reason }), 200),
    ).toEqual({
      message: '“Mesh Test 1” is declined. Its organization reads your reason.',
    })
    expect(await additions(mesh)).toContainEqual(
      expect.objectContaining({ value: 'Mesh Test 1', state: 'declined', reason: reason.trim() }),
    )
    expect((await catalogueOf(mesh.browser)).deviceNameList).not.toContainEqual({
      vendor: 'TP-Link',
      deviceName: 'Mesh Test 1',
    })
    // The records keep it; a new submit with the name typed again is the spec's submit and leaves the decision.
    await submitRecord(test, mesh, ['SN5A', 'SN5B'], { ...NEW_MESH, deviceName: 'Mesh Test 1' })
    expect((await entry('device-name', 'Mesh Test 1')).review).toMatchObject({
      state: 'declined',
      reason: reason.trim(),
    })
  })

  it('approves a new type, refuses to approve a spelling the catalogue shares, and maps a class', async () => {
    await submitRecord(test, mesh, ['SN6A', 'SN6B'], {
      vendor: 'Nokia',
      deviceName: 'Beacon 6',
      deviceType: 'Mesh Node',
      productClass: 'Mesh Class A',
    })
    const type = await entry('device-type', 'Mesh Node')
    expect(type).toMatchObject({ parent: 'Beacon 6', review: { state: 'pending' } })
    await json(await decide('labApproveCatalogueEntry', { entryId: type.entryId }), 200)
    expect((await catalogueOf(other.browser)).deviceTypeList).toContainEqual({
      deviceName: 'Beacon 6',
      deviceType: 'Mesh Node',
    })
    // The other organization adds the same type in another case: the shared one is offered, once.
    await submitRecord(test, other, ['SN7A', 'SN7B'], {
      vendor: 'Nokia',
      deviceName: 'Beacon 6',
      deviceType: 'Mesh Node',
      productClass: 'Mesh Class A',
    })
    const cls = await entry('product-class', 'Mesh Class A', other.organizationId)
    expect(
      await json(await decide('labMapCatalogueEntry', { entryId: cls.entryId, mapTo: 'Wi-Fi 6 Mesh' }), 400),
    ).toEqual({
      message: 'Existing entry: choose a product class of the shared catalogue under “Mesh Node”.',
      field: 'mapTo',
    })
    const mine = await entry('product-class', 'Mesh Class A', mesh.organizationId)
    await json(await decide('labApproveCatalogueEntry', { entryId: mine.entryId }), 200)
    expect(await json(await decide('labApproveCatalogueEntry', { entryId: cls.entryId }), 409)).toEqual({
      message:
        '“Mesh Class A” is already in the shared catalogue as “Mesh Class A”: map it onto that entry instead.',
      field: 'entryId',
    })
    expect(
      await json(await decide('labMapCatalogueEntry', { entryId: cls.entryId, mapTo: 'mesh class a' }), 200),
    ).toEqual({
      message:
        '“Mesh Class A” now maps onto “Mesh Class A”: its organization’s form offers “Mesh Class A” instead.',
    })
    const classes = (await catalogueOf(other.browser)).productClassList.filter(
      (item) => item.deviceType === 'Mesh Node',
    )
    expect(classes).toEqual([{ deviceType: 'Mesh Node', productClass: 'Mesh Class A' }])
  })
})

describe('an organization approved as a manufacturer', () => {
  it('is offered to its own members only, and newInCatalogue accepts it for them and nobody else', async () => {
    const own = {
      vendor: 'MeshWave Networks',
      deviceName: 'Wave One',
      deviceType: 'Wi-Fi Mesh Device',
      productClass: 'Wi-Fi 6 Mesh',
    }
    const refusedVendor = {
      message: 'Device manufacturer: Please choose a manufacturer from the list.',
      field: 'vendor',
    }
    const submit = (vendor: TestVendor) =>
      vendor.browser.post(
        endpoints.submitPortfolio.path,
        submitPayloadFor(vendor.id, { ...own, deviceNumberList: ['SN9A', 'SN9B'] }),
      )
    expect(await json(await submit(mesh), 400)).toEqual(refusedVendor)
    expect(
      await json(
        await manager.browser.post(endpoints.labApproveManufacturer.path, {
          organizationId: mesh.organizationId,
        }),
        200,
      ),
    ).toEqual({
      message: 'MeshWave Networks is a manufacturer now: its members can choose it in the portfolio form.',
    })
    expect(
      await json(
        await manager.browser.post(endpoints.labApproveManufacturer.path, {
          organizationId: mesh.organizationId,
        }),
        409,
      ),
    ).toEqual({
      message: 'MeshWave Networks is already a manufacturer of the catalogue.',
      field: 'organizationId',
    })
    expect(
      await json(
        await manager.browser.post(endpoints.labApproveManufacturer.path, { organizationId: 'no-such-org' }),
        404,
      ),
    ).toEqual({ message: CATALOGUE_ORGANIZATION_NOT_FOUND_MESSAGE, field: 'organizationId' })
    expect((await catalogueOf(mesh.browser)).vendorList).toContain('MeshWave Networks')
    expect((await catalogueOf(other.browser)).vendorList).not.toContain('MeshWave Networks')
    expect((await catalogueOf(await newBrowser(test.portal))).vendorList).not.toContain('MeshWave Networks')
    await submitRecord(test, mesh, ['SN8A', 'SN8B'], own)
    expect(await json(await submit(other), 400)).toEqual(refusedVendor)
    expect(await entry('vendor', 'MeshWave Networks')).toMatchObject({
      addedBy: { organizationId: mesh.organizationId, name: 'MeshWave Networks' },
      review: null,
    })
    expect((await labCatalogue()).organizations).toContainEqual({
      organizationId: mesh.organizationId,
      name: 'MeshWave Networks',
      manufacturer: true,
    })
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '@/contract/endpoints'
import { LAB_EVENTS_PATH, type LabQueueAnswer, type LabRecordAnswer } from '@/contract/lab'
import {
  ASSIGNED_TO_YOU_MESSAGE,
  assignedToMessage,
  LAB_ASSIGNEE_NOT_FOUND_MESSAGE,
  UNASSIGNED_MESSAGE,
} from '@/contract/lab-assignment'
import { RECORD_NOT_FOUND_MESSAGE } from '@/contract/server-messages'
import {
  type Browser,
  createStaffMember,
  createVendor,
  json,
  startTestPortal,
  submitRecord,
  type TestPortal,
  type TestStaff,
  type TestVendor,
} from '../test/portal.ts'
import { SseClient } from '../test/sse.ts'

/*
 * docs/decisions/0045: assigning records over real HTTP — to oneself and to another member,
 * unassigning, the queue's "Mine" filter and its order (the oldest submission first), refusals
 * on their field that change nothing, and the assignment told on the lab's stream only.
 */

let test: TestPortal
let vendor: TestVendor
let manager: TestStaff
let engineer: TestStaff

beforeAll(async () => {
  test = await startTestPortal()
  vendor = await createVendor(test, 'asa.assign@example.com', 'Asa')
  manager = await createStaffMember(test, 'max.manager@lab.example', 'Max Manager', 'Lab manager')
  engineer = await createStaffMember(test, 'eve.engineer@lab.example', 'Eve Engineer', 'Lab engineer')
}, 60_000)

afterAll(async () => {
  await test?.close()
})

const get = (browser: Browser, path: string, query: Record<string, string> = {}) =>
  browser.call(`${path}?${new URLSearchParams(query).toString()}`, { method: 'GET' })
const assign = (browser: Browser, portfolioManagerId: string, staffId: string | null) =>
  browser.post(endpoints.labAssign.path, { portfolioManagerId, staffId })
/** The stream's events as plain objects (record.assigned is no PortalEvent: the lab's only). */
const eventsOf = (stream: SseClient) => stream.events as unknown as Array<Record<string, unknown>>
const queue = async (browser: Browser, query: Record<string, string> = {}) =>
  json<LabQueueAnswer>(await get(browser, endpoints.labQueue.path, query), 200)

describe('assigning a record', () => {
  it('assigns to oneself, lists it under Mine, shows it on the record, and unassigns', async () => {
    const first = await submitRecord(test, vendor, ['ASSIGN0001', 'ASSIGN0101'])
    const second = await submitRecord(test, vendor, ['ASSIGN0002', 'ASSIGN0102'])
    expect(await json(await assign(engineer.browser, first, engineer.staffId), 200)).toEqual({
      message: ASSIGNED_TO_YOU_MESSAGE,
      assignee: { staffId: engineer.staffId, name: 'Eve Engineer' },
    })
    const mine = await queue(engineer.browser, { assigned: 'me' })
    expect(mine.items.map((item) => item.portfolioManagerId)).toEqual([first])
    expect(mine.items[0]?.assignee).toEqual({ staffId: engineer.staffId, name: 'Eve Engineer' })
    // Another member's Mine is theirs.
    expect((await queue(manager.browser, { assigned: 'me' })).items).toEqual([])
    const all = await queue(manager.browser)
    const ids = all.items.map((item) => item.portfolioManagerId)
    // Waiting records: the oldest submission first.
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second))
    expect(all.items.find((item) => item.portfolioManagerId === second)?.assignee).toBeNull()
    const record = await json<LabRecordAnswer>(
      await get(manager.browser, endpoints.labRecord.path, { portfolioManagerId: first }),
      200,
    )
    expect(record.assignee).toEqual({ staffId: engineer.staffId, name: 'Eve Engineer' })

    expect(await json(await assign(engineer.browser, first, null), 200)).toEqual({
      message: UNASSIGNED_MESSAGE,
      assignee: null,
    })
    expect((await queue(engineer.browser, { assigned: 'me' })).items).toEqual([])
  })

  it('assigns to another member, told by name', async () => {
    const id = await submitRecord(test, vendor, ['ASSIGN0003', 'ASSIGN0103'])
    expect(await json(await assign(manager.browser, id, engineer.staffId), 200)).toEqual({
      message: assignedToMessage('Eve Engineer'),
      assignee: { staffId: engineer.staffId, name: 'Eve Engineer' },
    })
    const mine = await queue(engineer.browser, { assigned: 'me' })
    expect(mine.items.map((item) => item.portfolioManagerId)).toContain(id)
  })

  it('refuses an unknown record or member on its field, changing nothing', async () => {
    const id = await submitRecord(test, vendor, ['ASSIGN0004', 'ASSIGN0104'])
    expect(await json(await assign(engineer.browser, 'no-such-record', engineer.staffId), 404)).toEqual({
      message: RECORD_NOT_FOUND_MESSAGE,
      field: 'portfolioManagerId',
    })
    expect(await json(await assign(engineer.browser, id, 'no-such-member'), 404)).toEqual({
      message: LAB_ASSIGNEE_NOT_FOUND_MESSAGE,
      field: 'staffId',
    })
    const all = await queue(engineer.browser)
    expect(all.items.find((item) => item.portfolioManagerId === id)?.assignee).toBeNull()
    const malformed = await json<{ field: string }>(
      await engineer.browser.post(endpoints.labAssign.path, { portfolioManagerId: id }),
      400,
    )
    expect(malformed.field).toBe('staffId')
  })

  it('tells the lab’s stream, never the vendor’s', async () => {
    const id = await submitRecord(test, vendor, ['ASSIGN0005', 'ASSIGN0105'])
    const lab = await SseClient.of(manager.browser, test.portal.mainUrl, { path: LAB_EVENTS_PATH })
    const vendorStream = await SseClient.of(vendor.browser, test.portal.mainUrl)
    try {
      await lab.until((s) => s.named('hello').length === 1)
      await vendorStream.until((s) => s.named('hello').length === 1)
      await json(await assign(engineer.browser, id, engineer.staffId), 200)
      // A comment after it: once the vendor has that, the assignment would have come before.
      await json(
        await vendor.browser.post(endpoints.addComment.path, {
          vendorUserId: vendor.id,
          portfolioManagerId: id,
          text: 'Any news?',
        }),
        200,
      )
      await lab.until((s) => eventsOf(s).some((event) => event.type === 'record.assigned'))
      expect(eventsOf(lab).find((event) => event.type === 'record.assigned')).toMatchObject({
        portfolioManagerId: id,
        assignee: { staffId: engineer.staffId, name: 'Eve Engineer' },
        assignedBy: 'Eve Engineer',
      })
      await vendorStream.until((s) => s.events.some((event) => event.type === 'comment.added'))
      expect(eventsOf(vendorStream).map((event) => event.type)).not.toContain('record.assigned')
    } finally {
      lab.close()
      vendorStream.close()
    }
  })
})

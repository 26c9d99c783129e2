import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '@/contract/endpoints'
import type { LabNotificationSettingsAnswer } from '@/contract/notifications'
import { readDevMailbox, type DevMailboxMail } from '../apps/dev-mailbox.ts'
import {
  createStaffMember,
  createVendor,
  eventually,
  json,
  startTestPortal,
  submitRecord,
  type TestPortal,
  type TestStaff,
  type TestVendor,
} from '../test/portal.ts'

/*
 * docs/decisions/0045: the lab's work-queue mails — a run that awaits review goes to every staff
 * member whose switch is on; a record assigned by another member goes to that member only, never
 * for assigning oneself.
 */

let test: TestPortal
let vendor: TestVendor
let manager: TestStaff
let engineer: TestStaff

beforeAll(async () => {
  test = await startTestPortal()
  vendor = await createVendor(test, 'wanda.work@example.com', 'Wanda')
  manager = await createStaffMember(test, 'wim.manager@lab.example', 'Wim Manager', 'Lab manager')
  engineer = await createStaffMember(test, 'wes.engineer@lab.example', 'Wes Engineer', 'Lab engineer')
}, 60_000)

afterAll(async () => {
  await test?.close()
})

const db = () => test.database.db

/** Every event planned and every job sent, then the development mailbox. */
async function mails(): Promise<DevMailboxMail[]> {
  await eventually(async () => {
    await test.portal.notifier.flush()
    const { newest } = await db()
      .selectFrom('events')
      .select((eb) => eb.fn.max('seq').as('newest'))
      .executeTakeFirstOrThrow()
    const cursor = await db()
      .selectFrom('event_cursors')
      .select('last_seq')
      .where('consumer', '=', 'notifications')
      .executeTakeFirstOrThrow()
    const unsent = await db()
      .selectFrom('notification_jobs')
      .select('id')
      .where('sent_at', 'is', null)
      .execute()
    return cursor.last_seq >= Number(newest ?? 0) && unsent.length === 0
  })
  return readDevMailbox(db(), 1000)
}

const mailsTo = async (to: string, subject: RegExp) =>
  (await mails()).filter((mail) => mail.to === to && subject.test(mail.subject))

describe('the lab’s work-queue mails', () => {
  it('lists the two kinds among a staff member’s switches, on by default', async () => {
    const answer = await json<LabNotificationSettingsAnswer>(
      await engineer.browser.call(endpoints.labNotificationSettings.path, { method: 'GET' }),
      200,
    )
    expect(answer.settings).toEqual([
      { kind: 'vendorComment', enabled: true },
      { kind: 'recordRevised', enabled: true },
      { kind: 'runAwaitingReview', enabled: true },
      { kind: 'recordAssigned', enabled: true },
    ])
  })

  it('mails the member another assigned a record to, and nobody for assigning oneself', async () => {
    const id = await submitRecord(test, vendor, ['WORK0001A', 'WORK0001B'])
    await json(
      await manager.browser.post(endpoints.labAssign.path, {
        portfolioManagerId: id,
        staffId: engineer.staffId,
      }),
      200,
    )
    const sent = await mailsTo(engineer.email, /^Wim Manager assigned Beacon 6 to you$/)
    expect(sent).toHaveLength(1)
    expect(sent[0]!.text).toContain(
      'Wim Manager assigned Beacon 6 (Wanda Networks) to you in the lab console.',
    )
    expect(sent[0]!.text).toContain(`Open the record:\n    ${test.portal.mainUrl}/lab/records/${id}`)
    await json(
      await manager.browser.post(endpoints.labAssign.path, {
        portfolioManagerId: id,
        staffId: manager.staffId,
      }),
      200,
    )
    expect(await mailsTo(manager.email, /assigned .* to you$/)).toEqual([])
  })

  it('mails the lab’s staff when a finished run awaits review, with how many cases failed', async () => {
    await db().updateTable('lab_state').set({ review_required: true }).execute()
    const id = await submitRecord(test, vendor, ['WORK0002A', 'WORK0002B'])
    const response = await vendor.browser.cert(endpoints.runTests.path, {
      body: { vendor_user_id: vendor.id, portfolio_manager_id: id },
      headers: { Origin: test.portal.mainUrl },
    })
    expect(response.status).toBe(200)
    await eventually(async () => {
      const row = await db()
        .selectFrom('device_records')
        .select('status')
        .where('portfolio_manager_id', '=', id)
        .executeTakeFirstOrThrow()
      return row.status === 'AwaitingReview'
    })
    for (const member of [manager, engineer]) {
      const sent = await mailsTo(member.email, /^Beacon 6 of Wanda Networks awaits review$/)
      expect(sent).toHaveLength(1)
      expect(sent[0]!.text).toMatch(
        /Attempt 1 of Beacon 6 \(Wanda Networks\) ended: (every case of \d+ passed|\d+ of \d+ cases? failed)\./,
      )
      expect(sent[0]!.text).toContain(
        `Review it in the lab console:\n    ${test.portal.mainUrl}/lab/records/${id}`,
      )
    }
  })
})

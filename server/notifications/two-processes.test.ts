import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '@/contract/endpoints'
import { openSecondProcessDatabase, testsUsePostgres } from '../platform/db/test-database.ts'
import { readDevMailbox } from '../apps/dev-mailbox.ts'
import {
  Browser,
  createStaffMember,
  createVendor,
  eventually,
  startTestPortal,
  submitPayloadFor,
  type TestPortal,
  type TestStaff,
  type TestVendor,
} from '../test/portal.ts'

/*
 * docs/decisions/0028 point 6: two portal processes on one PostgreSQL, both running
 * their notification loops and flushing at once: every notified event is mailed exactly once to
 * each member whose switch is on. Only under npm run test:pg (PGlite belongs to one process).
 */

let a: TestPortal
let b: TestPortal
let owner: TestVendor
let lab: TestStaff

describe.skipIf(!testsUsePostgres())('notifications with two processes on one PostgreSQL', () => {
  beforeAll(async () => {
    a = await startTestPortal({ seeds: { addresses: false, demoAccount: false } })
    const database = await openSecondProcessDatabase(a.database, {
      catalogue: false,
      addresses: false,
      demoAccount: false,
    })
    b = await startTestPortal({ database })
    owner = await createVendor(a, 'two.owner@example.com', 'Two')
    lab = await createStaffMember(a, 'two.lab@lab.example', 'Tara Lab', 'Lab engineer')
  }, 60_000)

  afterAll(async () => {
    await b?.close()
    await a?.close()
  })

  const via = (portal: TestPortal, from: Browser) => {
    const browser = new Browser(portal.portal)
    browser.cookie = from.cookie
    browser.token = from.token
    browser.vendorUserId = from.vendorUserId
    return browser
  }

  it('mails each run, certificate and comment once, though both processes plan and send at once', async () => {
    const ids: string[] = []
    for (const [index, portal] of [a, b, a, b].entries()) {
      const browser = via(portal, owner.browser)
      const response = await browser.post(
        endpoints.submitPortfolio.path,
        submitPayloadFor(owner.id, {
          deviceNumberList: [`TWO${index}A`, `TWO${index}B`],
          ...(index % 2 === 0 ? { baseFirmwareVersion: '0.9.4' } : {}),
        }),
      )
      expect(response.status).toBe(200)
    }
    const rows = await a.database.db.selectFrom('device_records').select('portfolio_manager_id').execute()
    ids.push(...rows.map((row) => row.portfolio_manager_id))
    expect(ids).toHaveLength(4)
    for (const [index, id] of ids.entries()) {
      const portal = index % 2 === 0 ? a : b
      const response = await via(portal, owner.browser).cert(endpoints.runTests.path, {
        body: { vendor_user_id: owner.id, portfolio_manager_id: id },
        headers: { Origin: portal.portal.mainUrl },
      })
      expect(response.status).toBe(200)
      for (const text of ['First note.', 'Second note.'])
        expect(
          (
            await via(index % 2 === 0 ? b : a, lab.browser).post(endpoints.labAddComment.path, {
              portfolioManagerId: id,
              text: `${text} ${index}`,
            })
          ).status,
        ).toBe(200)
    }
    await eventually(async () => {
      const statuses = await a.database.db.selectFrom('device_records').select('status').execute()
      return statuses.every((row) => row.status === 'Completed')
    }, 20_000)
    // Both processes plan and send at the same time, several times over.
    await Promise.all([
      a.portal.notifier.flush(),
      b.portal.notifier.flush(),
      a.portal.notifier.flush(),
      b.portal.notifier.flush(),
    ])
    // Settled: every event planned (the cursor at the newest) and every job sent, by either process.
    await eventually(async () => {
      const { newest } = await a.database.db
        .selectFrom('events')
        .select((eb) => eb.fn.max('seq').as('newest'))
        .executeTakeFirstOrThrow()
      const cursor = await a.database.db
        .selectFrom('event_cursors')
        .select('last_seq')
        .where('consumer', '=', 'notifications')
        .executeTakeFirstOrThrow()
      const pending = await a.database.db
        .selectFrom('notification_jobs')
        .select('id')
        .where('sent_at', 'is', null)
        .execute()
      return cursor.last_seq >= Number(newest ?? 0) && pending.length === 0
    })
    const mails = (await readDevMailbox(a.database.db, 1000)).filter((mail) => mail.to === owner.email)
    const subjects = mails.map(
      (mail) =>
        `${mail.subject}|${/Record (\S+):/.exec(mail.text)?.[1] ?? ''}|${/> (.*)/.exec(mail.text)?.[1] ?? ''}`,
    )
    // 4 runs (2 failing, 2 certified), 2 certificates, 8 lab comments: each once.
    expect(mails.filter((mail) => mail.subject.startsWith('Validation Failure'))).toHaveLength(2)
    expect(mails.filter((mail) => mail.subject.startsWith('Certified'))).toHaveLength(2)
    expect(mails.filter((mail) => mail.subject.startsWith('Certificate DCP-'))).toHaveLength(2)
    expect(mails.filter((mail) => mail.subject.startsWith('The lab commented'))).toHaveLength(8)
    expect(new Set(subjects).size).toBe(subjects.length)
    expect(mails).toHaveLength(14)
  }, 60_000)
})

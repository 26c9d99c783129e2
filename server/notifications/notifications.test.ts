import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '@/contract/endpoints'
import { LAB_ONLY_MESSAGE, VENDOR_ONLY_MESSAGE } from '@/contract/lab'
import {
  LAB_NOTIFICATION_KIND_REFUSAL_MESSAGE,
  type LabNotificationSettingsAnswer,
  NOTIFICATION_ENABLED_REFUSAL_MESSAGE,
  NOTIFICATION_KIND_REFUSAL_MESSAGE,
  NOTIFICATION_KINDS,
  type NotificationSettingsAnswer,
  ONE_CLICK_BODY_MESSAGE,
  ONE_CLICK_DONE_MESSAGE,
  ONE_CLICK_UNSUBSCRIBE_PATH,
  UNSUBSCRIBE_TOKEN_INVALID_MESSAGE,
  UNSUBSCRIBE_TOKEN_REQUIRED_MESSAGE,
  UNSUBSCRIBE_TOKEN_TOO_LONG_MESSAGE,
  type UnsubscribeAnswer,
  type UnsubscribeInfo,
  unsubscribeAlreadyOffMessage,
  unsubscribedMessage,
} from '@/contract/notifications'
import { PORTFOLIO_SUBMITTED_MESSAGE } from '@/contract/server-messages'
import { invitationSentMessage } from '@/contract/team'
import { readDevMailbox, type DevMailboxMail } from '../apps/dev-mailbox.ts'
import {
  type Browser,
  createStaffMember,
  createVendor,
  eventually,
  newBrowser,
  startTestPortal,
  submitPayloadFor,
  type TestPortal,
  type TestStaff,
  type TestVendor,
  json,
} from '../test/portal.ts'
import { signUnsubscribeToken } from './unsubscribe-token.ts'

/*
 * docs/decisions/0028: notifications over real HTTP and the development mailbox — the
 * settings calls, each kind mailed once on its event to the members whose switch is on, the
 * invitation rule, and the signed unsubscribe link (read, POST, one-click; tampered, other secret).
 */

const SECRET = 'server-test-secret-of-at-least-32-characters'

let test: TestPortal
let owner: TestVendor
/** An Engineer of the owner's organization (runFinished turned off in a test). */
let engineer: TestVendor
let stranger: TestVendor
let labManager: TestStaff

const db = () => test.database.db

beforeAll(async () => {
  test = await startTestPortal({ maintenancePollMs: 50 })
  owner = await createVendor(test, 'nora.owner@example.com', 'Nora')
  engineer = await createVendor(test, 'eli.engineer@example.com', 'Eli')
  await db()
    .insertInto('memberships')
    .values({ organization_id: owner.organizationId, account_id: engineer.id, role: 'Engineer' })
    .execute()
  // The engineer's session acts for Nora Networks, whose notifications its settings then choose.
  expect(
    (await engineer.browser.post(endpoints.switchOrganization.path, { organizationId: owner.organizationId }))
      .status,
  ).toBe(200)
  stranger = await createVendor(test, 'sam.stranger@example.com', 'Sam')
  labManager = await createStaffMember(test, 'lara.lab@lab.example', 'Lara Lab', 'Lab manager')
}, 60_000)

afterAll(async () => {
  await test?.close()
})

const getSettings = (browser: Browser) => browser.call(endpoints.notificationSettings.path, { method: 'GET' })
/** A member's switch changed by its own session, answered 200. */
const setMember = async (browser: Browser, kind: string, enabled: boolean) =>
  json(await browser.post(endpoints.updateNotificationSetting.path, { kind, enabled }), 200)

/**
 * Every notification planned and sent, then the development mailbox (newest first). The portal's own loop may
 * hold the cursor or a job's lease at the moment (PostgreSQL): wait until every event is planned
 * and every job sent.
 */
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
      .where('failed_at', 'is', null)
      .execute()
    return cursor.last_seq >= Number(newest ?? 0) && unsent.length === 0
  })
  return readDevMailbox(db(), 1000)
}

const mailsTo = async (to: string, subject: RegExp, about = '') =>
  (await mails()).filter((mail) => mail.to === to && subject.test(mail.subject) && mail.text.includes(about))

async function submit(vendor: TestVendor, values: Record<string, unknown>) {
  const before = new Set(
    (await db().selectFrom('device_records').select('portfolio_manager_id').execute()).map(
      (row) => row.portfolio_manager_id,
    ),
  )
  expect(
    await json(
      await vendor.browser.post(endpoints.submitPortfolio.path, submitPayloadFor(vendor.id, values)),
      200,
    ),
  ).toEqual({ message: PORTFOLIO_SUBMITTED_MESSAGE })
  const after = await db().selectFrom('device_records').select('portfolio_manager_id').execute()
  const id = after.map((row) => row.portfolio_manager_id).find((candidate) => !before.has(candidate))
  if (!id) throw new Error('No record was made.')
  return id
}

async function certify(vendor: TestVendor, id: string) {
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
    return row.status === 'Completed'
  })
}

const unsubscribeLinkOf = (text: string) => {
  const link = /To stop “[^”]+” mails, open: (\S+)/.exec(text)?.[1]
  if (!link) throw new Error(`No unsubscribe link in: ${text}`)
  return new URL(link)
}

describe('settings', () => {
  it('starts with every kind on, changes one switch for the member alone, and reads it back', async () => {
    const initial = await json<NotificationSettingsAnswer>(await getSettings(owner.browser), 200)
    expect(initial).toEqual({
      organizationId: owner.organizationId,
      organizationName: 'Nora Networks',
      emailId: 'nora.owner@example.com',
      settings: NOTIFICATION_KINDS.map((kind) => ({ kind, enabled: true })),
    })
    const changed = await json<NotificationSettingsAnswer>(
      await engineer.browser.post(endpoints.updateNotificationSetting.path, {
        kind: 'commentReceived',
        enabled: false,
      }),
      200,
    )
    expect(changed.settings.find((s) => s.kind === 'commentReceived')).toEqual({
      kind: 'commentReceived',
      enabled: false,
    })
    const again = await json<NotificationSettingsAnswer>(
      await engineer.browser.post(endpoints.updateNotificationSetting.path, {
        kind: 'commentReceived',
        enabled: true,
      }),
      200,
    )
    expect(again.settings.every((s) => s.enabled)).toBe(true)
    // The owner's own are untouched by the engineer's.
    expect((await json<NotificationSettingsAnswer>(await getSettings(owner.browser), 200)).settings).toEqual(
      initial.settings,
    )
  })

  it('refuses bad input naming the field, a visitor and a lab session, and changes nothing', async () => {
    expect(
      await json(
        await owner.browser.post(endpoints.updateNotificationSetting.path, {
          kind: 'runFinished',
          enabled: 'no',
        }),
        400,
      ),
    ).toEqual({ message: NOTIFICATION_ENABLED_REFUSAL_MESSAGE, field: 'enabled' })
    const badKind = await json<{ message: string; field: string }>(
      await owner.browser.post(endpoints.updateNotificationSetting.path, {
        kind: 'everything',
        enabled: false,
      }),
      400,
    )
    expect(badKind.field).toBe('kind')
    expect(badKind.message).toBe(NOTIFICATION_KIND_REFUSAL_MESSAGE)
    expect(NOTIFICATION_KIND_REFUSAL_MESSAGE).toBe(
      "kind must be 'runFinished', 'certificateIssued', 'commentReceived', 'maintenance' or 'invitation'.",
    )
    const visitor = await newBrowser(test.portal)
    expect((await getSettings(visitor)).status).toBe(401)
    expect(await json(await getSettings(labManager.browser), 403)).toEqual({ message: VENDOR_ONLY_MESSAGE })
    const settings = await json<NotificationSettingsAnswer>(await getSettings(owner.browser), 200)
    expect(settings.settings.every((s) => s.enabled)).toBe(true)
  })
})

describe('each kind, once, to the members whose switch is on', () => {
  it('mails a Validation Failure with the failed case, the attempt and a link, not to a member who turned it off', async () => {
    await setMember(engineer.browser, 'runFinished', false)
    const id = await submit(owner, {
      baseFirmwareVersion: '0.9.4',
      deviceNumberList: ['FAIL0001A', 'FAIL0001B'],
    })
    await certify(owner, id)
    const sent = await mailsTo(owner.email, /^Validation Failure: Beacon 6 \(attempt 1\)$/, id)
    expect(sent).toHaveLength(1)
    const mail = sent[0]!
    expect(mail.text).toContain(
      'Attempt 1 of the certification of Beacon 6 (Nora Networks) has ended: Validation Failure.',
    )
    expect(mail.text).toContain('1 case failed:\n  - Firmware upgrade and rollback')
    expect(mail.text).toContain(`Record ${id}: ${test.portal.mainUrl}/dashboard?search=Beacon%206`)
    expect(mail.text).toContain('You get this mail because you are a member of Nora Networks')
    expect(mail.headers).toEqual({
      'List-Unsubscribe': expect.stringMatching(
        new RegExp(`^<${test.portal.mainUrl}${ONE_CLICK_UNSUBSCRIBE_PATH}\\?token=n1\\.`),
      ),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    })
    expect((await mailsTo(engineer.email, /Beacon 6/, id)).map((m) => m.subject + m.text)).toEqual([])
    // Planned and sent once: flushing again adds nothing.
    expect(await mailsTo(owner.email, /Beacon 6/, id)).toHaveLength(1)
    await setMember(engineer.browser, 'runFinished', true)
  })

  it('mails Certified and the certificate (number, validity, /verify/<number>) to every member, once each', async () => {
    const id = await submit(owner, { deviceNumberList: ['PASS0001A', 'PASS0001B'] })
    await certify(owner, id)
    const certificate = await db()
      .selectFrom('certificates')
      .selectAll()
      .where('portfolio_manager_id', '=', id)
      .executeTakeFirstOrThrow()
    for (const member of [owner, engineer]) {
      const runs = await mailsTo(member.email, /^Certified: Beacon 6 \(attempt 1\)$/, id)
      expect(runs).toHaveLength(1)
      const certificates = await mailsTo(member.email, /^Certificate DCP-/)
      expect(certificates.map((mail) => mail.subject)).toContain(
        `Certificate ${certificate.number} issued for Beacon 6`,
      )
      const mail = certificates.find((m) => m.subject.includes(certificate.number))!
      expect(mail.text).toContain(`Number: ${certificate.number}`)
      expect(mail.text).toContain(
        `Valid from ${certificate.issued_at.toISOString().slice(0, 10)} until ${certificate.expires_at.toISOString().slice(0, 10)}.`,
      )
      expect(mail.text).toContain(`    ${test.portal.mainUrl}/verify/${certificate.number}`)
    }
    expect(await mailsTo(stranger.email, /Beacon 6/)).toEqual([])
  })

  it('mails nothing while a result awaits review, then the rejection with the lab’s reason', async () => {
    expect(
      (await labManager.browser.post(endpoints.labReviewSetting.path, { reviewRequired: true })).status,
    ).toBe(200)
    try {
      const id = await submit(owner, { deviceNumberList: ['REVIEW01A', 'REVIEW01B'] })
      const response = await owner.browser.cert(endpoints.runTests.path, {
        body: { vendor_user_id: owner.id, portfolio_manager_id: id },
        headers: { Origin: test.portal.mainUrl },
      })
      expect(response.status).toBe(200)
      let runId = ''
      await eventually(async () => {
        const run = await db()
          .selectFrom('certification_runs')
          .select(['run_id', 'status'])
          .where('portfolio_manager_id', '=', id)
          .executeTakeFirst()
        runId = run?.run_id ?? ''
        return run?.status === 'AwaitingReview'
      })
      expect(await mailsTo(owner.email, /Beacon 6/, id)).toEqual([])
      expect(
        (
          await labManager.browser.post(endpoints.labReview.path, {
            runId,
            decision: 'reject',
            reason: 'The RF report is missing.',
          })
        ).status,
      ).toBe(200)
      const sent = await mailsTo(owner.email, /^Validation Failure: Beacon 6 \(attempt 1\)$/, id)
      expect(sent).toHaveLength(1)
      expect(sent[0]!.text).toContain(
        'Reason: The lab rejected the result in review: The RF report is missing.',
      )
      expect(sent[0]!.text).not.toContain('failed:')
    } finally {
      await labManager.browser.post(endpoints.labReviewSetting.path, { reviewRequired: false })
    }
  })

  it('mails the lab’s comment to the members, and a member’s own comment to the lab’s staff only', async () => {
    const id = await submit(owner, { deviceNumberList: ['TALK0001A', 'TALK0001B'] })
    expect(
      (
        await owner.browser.post(endpoints.addComment.path, {
          portfolioManagerId: id,
          text: 'Ready when you are.',
        })
      ).status,
    ).toBe(200)
    expect(
      (
        await labManager.browser.post(endpoints.labAddComment.path, {
          portfolioManagerId: id,
          text: 'Please send <b>two</b> units.\nThanks',
        })
      ).status,
    ).toBe(200)
    const sent = await mailsTo(owner.email, /^The lab commented on Beacon 6$/, id)
    expect(sent).toHaveLength(1)
    expect(sent[0]!.text).toContain(
      'Lara Lab (Lab manager) wrote on Beacon 6 (Nora Networks):\n\n> Please send <b>two</b> units.\n> Thanks',
    )
    expect(await mailsTo(engineer.email, /^The lab commented on Beacon 6$/, id)).toHaveLength(1)
    expect(
      (await mails()).filter((mail) => mail.text.includes('Ready when you are.')).map((mail) => mail.to),
    ).toEqual([labManager.email])
  })

  it('mails maintenance started and ended once per organization whose runs it held', async () => {
    const expectedEnd = new Date(Date.now() + 3_600_000).toISOString()
    expect(
      (
        await labManager.browser.post(endpoints.labStartMaintenance.path, {
          reason: 'Swapping the RF chamber.',
          expectedEnd,
        })
      ).status,
    ).toBe(200)
    const first = await submit(owner, { deviceNumberList: ['HELD0001A', 'HELD0001B'] })
    const second = await submit(owner, { deviceNumberList: ['HELD0002A', 'HELD0002B'] })
    for (const id of [first, second]) {
      const response = await owner.browser.cert(endpoints.runTests.path, {
        body: { vendor_user_id: owner.id, portfolio_manager_id: id },
        headers: { Origin: test.portal.mainUrl },
      })
      expect(response.status).toBe(200)
    }
    await eventually(async () => (await mailsTo(owner.email, /^The lab is in maintenance/)).length === 1)
    const started = (await mailsTo(owner.email, /^The lab is in maintenance/))[0]!
    expect(started.subject).toBe('The lab is in maintenance: your runs are held')
    expect(started.text).toContain('Reason: Swapping the RF chamber.')
    expect(started.text).toContain(`Expected end: ${expectedEnd.slice(0, 16).replace('T', ' ')} UTC.`)
    expect(await mailsTo(stranger.email, /maintenance/i)).toEqual([])

    expect((await labManager.browser.post(endpoints.labEndMaintenance.path)).status).toBe(200)
    await eventually(async () => (await mailsTo(owner.email, /^Lab maintenance is over/)).length === 1)
    for (const id of [first, second]) {
      await eventually(async () => {
        const row = await db()
          .selectFrom('device_records')
          .select('status')
          .where('portfolio_manager_id', '=', id)
          .executeTakeFirstOrThrow()
        return row.status === 'Completed'
      })
    }
    expect(await mailsTo(owner.email, /^The lab is in maintenance/)).toHaveLength(1)
    const ended = await mailsTo(owner.email, /^Lab maintenance is over/)
    expect(ended).toHaveLength(1)
    expect(ended[0]!.text).toContain('Reason: Swapping the RF chamber.')
  }, 30_000)
})

describe('the lab’s staff (point 9)', () => {
  const getLabSettings = (browser: Browser) =>
    browser.call(endpoints.labNotificationSettings.path, { method: 'GET' })
  const setLab = (browser: Browser, enabled: boolean) =>
    browser.post(endpoints.labUpdateNotificationSetting.path, { kind: 'vendorComment', enabled })

  it('reads and changes a staff member’s own switch; refuses bad input, a visitor and a vendor, and changes nothing', async () => {
    const engineerStaff = await createStaffMember(test, 'ed.bench@lab.example', 'Ed Bench')
    expect(await json(await getLabSettings(engineerStaff.browser), 200)).toEqual({
      emailId: 'ed.bench@lab.example',
      settings: [
        { kind: 'vendorComment', enabled: true },
        { kind: 'recordRevised', enabled: true },
        { kind: 'runAwaitingReview', enabled: true },
        { kind: 'recordAssigned', enabled: true },
      ],
    })
    expect(await json(await setLab(engineerStaff.browser, false), 200)).toEqual({
      emailId: 'ed.bench@lab.example',
      settings: [
        { kind: 'vendorComment', enabled: false },
        { kind: 'recordRevised', enabled: true },
        { kind: 'runAwaitingReview', enabled: true },
        { kind: 'recordAssigned', enabled: true },
      ],
    })
    // Each staff member's own: the manager's is still on.
    expect(
      (await json<LabNotificationSettingsAnswer>(await getLabSettings(labManager.browser), 200)).settings,
    ).toEqual([
      { kind: 'vendorComment', enabled: true },
      { kind: 'recordRevised', enabled: true },
      { kind: 'runAwaitingReview', enabled: true },
      { kind: 'recordAssigned', enabled: true },
    ])

    expect(
      await json(
        await labManager.browser.post(endpoints.labUpdateNotificationSetting.path, {
          kind: 'runFinished',
          enabled: false,
        }),
        400,
      ),
    ).toEqual({ message: LAB_NOTIFICATION_KIND_REFUSAL_MESSAGE, field: 'kind' })
    expect(LAB_NOTIFICATION_KIND_REFUSAL_MESSAGE).toBe(
      "kind must be 'vendorComment', 'recordRevised', 'runAwaitingReview' or 'recordAssigned'.",
    )
    expect(
      await json(
        await labManager.browser.post(endpoints.labUpdateNotificationSetting.path, {
          kind: 'vendorComment',
          enabled: 'off',
        }),
        400,
      ),
    ).toEqual({ message: NOTIFICATION_ENABLED_REFUSAL_MESSAGE, field: 'enabled' })
    const visitor = await newBrowser(test.portal)
    expect((await getLabSettings(visitor)).status).toBe(401)
    expect(await json(await getLabSettings(owner.browser), 403)).toEqual({ message: LAB_ONLY_MESSAGE })
    expect(await json(await setLab(owner.browser, false), 403)).toEqual({ message: LAB_ONLY_MESSAGE })
    expect(
      (await json<LabNotificationSettingsAnswer>(await getLabSettings(labManager.browser), 200)).settings,
    ).toEqual([
      { kind: 'vendorComment', enabled: true },
      { kind: 'recordRevised', enabled: true },
      { kind: 'runAwaitingReview', enabled: true },
      { kind: 'recordAssigned', enabled: true },
    ])
    await json(await setLab(engineerStaff.browser, true), 200)
  })

  it('mails a member’s comment to every staff member whose switch is on, none to one who turned it off, was removed or set no password yet', async () => {
    const quiet = await createStaffMember(test, 'quinn.quiet@lab.example', 'Quinn Quiet')
    const removed = await createStaffMember(test, 'rory.gone@lab.example', 'Rory Gone')
    // Added, the set-password link not used yet: cannot log in to answer.
    await db()
      .insertInto('lab_staff')
      .values({ email: 'ivy.invited@lab.example', name: 'Ivy Invited', role: 'Lab engineer' })
      .execute()
    await json(await setLab(quiet.browser, false), 200)
    expect(
      (await labManager.browser.post(endpoints.labRemoveStaff.path, { staffId: removed.staffId })).status,
    ).toBe(200)
    const id = await submit(owner, { deviceNumberList: ['ASK00001A', 'ASK00001B'] })
    expect(
      (
        await engineer.browser.post(endpoints.addComment.path, {
          portfolioManagerId: id,
          text: 'Can we bring the <unit> on Monday?\nTwo boxes.',
        })
      ).status,
    ).toBe(200)
    const sent = await mailsTo(labManager.email, /^Nora Networks commented on Beacon 6$/, id)
    expect(sent).toHaveLength(1)
    const mail = sent[0]!
    expect(mail.text).toContain(
      'Eli Tester (Engineer, Nora Networks) wrote on Beacon 6:\n\n> Can we bring the <unit> on Monday?\n> Two boxes.',
    )
    expect(mail.text).toContain(
      `Answer in the lab console, record ${id}:\n    ${test.portal.mainUrl}/lab/records/${id}`,
    )
    // The job names the staff member (no account), and its HTML part escapes the comment.
    const job = await db()
      .selectFrom('notification_jobs')
      .select(['account_id', 'lab_staff_id', 'kind', 'html_body'])
      .where('to_address', '=', labManager.email)
      .where('subject', '=', 'Nora Networks commented on Beacon 6')
      .where('text_body', 'like', `%${id}%`)
      .executeTakeFirstOrThrow()
    expect(job).toMatchObject({ account_id: null, lab_staff_id: labManager.staffId, kind: 'vendorComment' })
    expect(job.html_body).toContain('Can we bring the &#60;unit&#62; on Monday?')
    expect(mail.text).toContain(
      'You get this mail because you are on the certification lab’s staff on the Device Certification Portal.',
    )
    expect(mail.text).toContain(`Choose which mails you get: ${test.portal.mainUrl}/lab/notifications`)
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    for (const other of [quiet.email, removed.email, 'ivy.invited@lab.example', owner.email, engineer.email])
      expect(await mailsTo(other, /commented on Beacon 6/, id)).toEqual([])

    // Its link turns the staff member's switch off without a login, and names no organization.
    const link = unsubscribeLinkOf(mail.text)
    const token = link.searchParams.get('token') ?? ''
    const visitor = await newBrowser(test.portal)
    const info = await json<UnsubscribeInfo>(
      await visitor.call(`${endpoints.unsubscribeInfo.path}?token=${token}`, { method: 'GET' }),
      200,
    )
    expect(info).toEqual({
      scope: 'vendorComment',
      label: 'Comment from a vendor',
      emailId: labManager.email,
      organizationName: null,
      alreadyOff: false,
    })
    const done = await json<UnsubscribeAnswer>(await visitor.post(endpoints.unsubscribe.path, { token }), 200)
    expect(done.message).toBe('Done: “Comment from a vendor” mails to lara.lab@lab.example are off.')
    expect(
      (await json<LabNotificationSettingsAnswer>(await getLabSettings(labManager.browser), 200)).settings,
    ).toEqual([
      { kind: 'vendorComment', enabled: false },
      { kind: 'recordRevised', enabled: true },
      { kind: 'runAwaitingReview', enabled: true },
      { kind: 'recordAssigned', enabled: true },
    ])
    await json(await setLab(labManager.browser, true), 200)
  })

  it('mails a new revision of a device to the lab’s staff, with both firmware and the console’s link', async () => {
    const id = await submit(owner, {
      deviceNumberList: ['REV00001A', 'REV00001B'],
      baseFirmwareVersion: '0.9.4',
    })
    await certify(owner, id)
    const revised = await owner.browser.post(endpoints.reviseRecord.path, {
      portfolioManagerId: id,
      devicesToBeCertified: '2',
      deviceNumberList: ['REV00001A', 'REV00001B'],
      baseFirmwareVersion: '1.0.0',
      yearOfManufacturing: '2023',
      isEngBuildAvailable: 'Yes',
      vendorUserId: owner.id,
    })
    expect(revised.status).toBe(200)
    const sent = await mailsTo(labManager.email, /^Nora Networks made revision 2 of Beacon 6$/, id)
    expect(sent).toHaveLength(1)
    expect(sent[0]!.text).toContain(
      'Nora Tester (Nora Networks) made revision 2 of Beacon 6: firmware 0.9.4 → 1.0.0.',
    )
    expect(sent[0]!.text).toContain(
      `It waits for its run. See the record in the lab console:\n    ${test.portal.mainUrl}/lab/records/${id}`,
    )
    // The members are not told of their own revision.
    expect(await mailsTo(owner.email, /made revision/, id)).toEqual([])
  })

  it('never lets a staff link reach a member’s switches, nor a member’s link a staff member’s', async () => {
    const staffClaim = signUnsubscribeToken(SECRET, {
      subject: { type: 'staff', staffId: labManager.staffId },
      scope: 'runFinished',
    })
    const memberClaim = signUnsubscribeToken(SECRET, {
      subject: { type: 'account', accountId: owner.id, organizationId: owner.organizationId },
      scope: 'vendorComment',
    })
    const visitor = await newBrowser(test.portal)
    for (const token of [staffClaim, memberClaim])
      expect(await json(await visitor.post(endpoints.unsubscribe.path, { token }), 400)).toEqual({
        message: UNSUBSCRIBE_TOKEN_INVALID_MESSAGE,
        field: 'token',
      })
  })
})

describe('invitations', () => {
  it('mails a new address with a link that stops invitations to it, and none after it is used', async () => {
    const invite = (emailId: string) =>
      owner.browser.post(endpoints.inviteMember.path, { vendorUserId: owner.id, emailId, role: 'Viewer' })
    expect((await json<{ message: string }>(await invite('new.person@example.com'), 200)).message).toBe(
      invitationSentMessage('new.person@example.com'),
    )
    const [mail] = await mailsTo('new.person@example.com', /^Invitation to join/)
    expect(mail?.text).toContain(
      'You get this mail because an Owner of an organization on the Device Certification Portal invited this address.',
    )
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    const token = unsubscribeLinkOf(mail!.text).searchParams.get('token')!
    const visitor = await newBrowser(test.portal)
    expect(
      await json<UnsubscribeAnswer>(await visitor.post(endpoints.unsubscribe.path, { token }), 200),
    ).toEqual({
      message: unsubscribedMessage({
        label: 'Invitations to organizations',
        emailId: 'new.person@example.com',
      }),
      info: {
        scope: 'invitation',
        label: 'Invitations to organizations',
        emailId: 'new.person@example.com',
        organizationName: null,
        alreadyOff: true,
      },
    })
    const other = await createVendor(test, 'olive.other@example.com', 'Olive')
    expect(
      (
        await other.browser.post(endpoints.inviteMember.path, {
          vendorUserId: other.id,
          emailId: 'New.Person@example.com',
          role: 'Engineer',
        })
      ).status,
    ).toBe(200)
    expect(await mailsTo('New.Person@example.com', /Invitation/)).toEqual([])
    expect(await mailsTo('new.person@example.com', /Invitation/)).toHaveLength(1)
    // Once an account is made for the address, its own switch (on) decides.
    await createVendor(test, 'new.person@example.com', 'Newt')
    const third = await createVendor(test, 'tina.third@example.com', 'Tina')
    expect(
      (
        await third.browser.post(endpoints.inviteMember.path, {
          vendorUserId: third.id,
          emailId: 'new.person@example.com',
          role: 'Viewer',
        })
      ).status,
    ).toBe(200)
    expect(await mailsTo('new.person@example.com', /^Invitation to join Tina Networks$/)).toHaveLength(1)
  })

  it('sends none to an account that turned invitations off; the invitation itself stands', async () => {
    await setMember(stranger.browser, 'invitation', false)
    const response = await owner.browser.post(endpoints.inviteMember.path, {
      vendorUserId: owner.id,
      emailId: stranger.email,
      role: 'Viewer',
    })
    expect(response.status).toBe(200)
    expect(await mailsTo(stranger.email, /Invitation/)).toEqual([])
    const invitation = await db()
      .selectFrom('invitations')
      .select(['revoked_at'])
      .where('email_key', '=', stranger.email)
      .executeTakeFirstOrThrow()
    expect(invitation.revoked_at).toBeNull()
  })
})

describe('the signed unsubscribe link', () => {
  const claim = () => ({
    subject: { type: 'account' as const, accountId: owner.id, organizationId: owner.organizationId },
    scope: 'certificateIssued' as const,
  })
  const settingOf = async (browser: Browser, kind: string) =>
    (await json<NotificationSettingsAnswer>(await getSettings(browser), 200)).settings.find(
      (s) => s.kind === kind,
    )?.enabled

  it('reads what it turns off with a GET that changes nothing, then turns it off once by POST, without a login', async () => {
    const token = signUnsubscribeToken(SECRET, claim())
    const visitor = await newBrowser(test.portal)
    const info = await json<UnsubscribeInfo>(
      await visitor.call(`${endpoints.unsubscribeInfo.path}?token=${token}`, { method: 'GET' }),
      200,
    )
    expect(info).toEqual({
      scope: 'certificateIssued',
      label: 'Certificate issued',
      emailId: owner.email,
      organizationName: 'Nora Networks',
      alreadyOff: false,
    })
    expect(await settingOf(owner.browser, 'certificateIssued')).toBe(true)
    const done = await json<UnsubscribeAnswer>(await visitor.post(endpoints.unsubscribe.path, { token }), 200)
    expect(done.message).toBe(unsubscribedMessage(info))
    expect(await settingOf(owner.browser, 'certificateIssued')).toBe(false)
    expect(await settingOf(owner.browser, 'runFinished')).toBe(true)
    const again = await json<UnsubscribeAnswer>(
      await visitor.post(endpoints.unsubscribe.path, { token }),
      200,
    )
    expect(again.message).toBe(unsubscribeAlreadyOffMessage(info))
    await setMember(owner.browser, 'certificateIssued', true)
  })

  it('refuses a tampered token, one signed with another secret and a missing one, and changes nothing', async () => {
    const token = signUnsubscribeToken(SECRET, claim())
    const [version, payload, signature] = token.split('.') as [string, string, string]
    const otherUser = Buffer.from(`a:${stranger.id}|${owner.organizationId}|certificateIssued`).toString(
      'base64url',
    )
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'AB' : 'AA'}`
    const visitor = await newBrowser(test.portal)
    for (const bad of [
      `${version}.${otherUser}.${signature}`,
      `${version}.${payload}.${flipped}`,
      signUnsubscribeToken('another-secret-of-at-least-32-characters', claim()),
      'n1.garbage',
      `${token}x`,
    ]) {
      expect(await json(await visitor.post(endpoints.unsubscribe.path, { token: bad }), 400)).toEqual({
        message: UNSUBSCRIBE_TOKEN_INVALID_MESSAGE,
        field: 'token',
      })
      expect(
        await json(
          await visitor.call(`${endpoints.unsubscribeInfo.path}?token=${encodeURIComponent(bad)}`, {
            method: 'GET',
          }),
          400,
        ),
      ).toEqual({ message: UNSUBSCRIBE_TOKEN_INVALID_MESSAGE, field: 'token' })
    }
    expect(await json(await visitor.post(endpoints.unsubscribe.path, {}), 400)).toEqual({
      message: UNSUBSCRIBE_TOKEN_REQUIRED_MESSAGE,
      field: 'token',
    })
    // 600 characters are read (and found not valid); 601 are refused unread.
    expect(
      await json(await visitor.post(endpoints.unsubscribe.path, { token: 'n'.repeat(600) }), 400),
    ).toEqual({
      message: UNSUBSCRIBE_TOKEN_INVALID_MESSAGE,
      field: 'token',
    })
    expect(
      await json(await visitor.post(endpoints.unsubscribe.path, { token: 'n'.repeat(601) }), 400),
    ).toEqual({
      message: 'token must be at most 600 characters.',
      field: 'token',
    })
    expect(UNSUBSCRIBE_TOKEN_TOO_LONG_MESSAGE).toBe('token must be at most 600 characters.')
    expect(await settingOf(owner.browser, 'certificateIssued')).toBe(true)
    expect(await settingOf(stranger.browser, 'certificateIssued')).toBe(true)
  })

  it('takes RFC 8058’s one-click POST with no session or Token, and refuses other bodies', async () => {
    const mail = (await mailsTo(owner.email, /^Certified: Beacon 6/))[0]!
    const oneClick = mail.headers!['List-Unsubscribe']!.slice(1, -1)
    const wrong = await fetch(oneClick, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'something=else',
    })
    expect([wrong.status, await wrong.text()]).toEqual([400, ONE_CLICK_BODY_MESSAGE])
    expect(await settingOf(owner.browser, 'runFinished')).toBe(true)
    const done = await fetch(oneClick, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect([done.status, await done.text()]).toEqual([200, ONE_CLICK_DONE_MESSAGE])
    expect(await settingOf(owner.browser, 'runFinished')).toBe(false)
    const tampered = await fetch(
      oneClick.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      },
    )
    expect([tampered.status, await tampered.text()]).toEqual([400, UNSUBSCRIBE_TOKEN_INVALID_MESSAGE])
    await setMember(owner.browser, 'runFinished', true)
  })

  it('puts no session, Token or code in any notification mail, and every mail’s link verifies', async () => {
    const all = (await mails()).filter((mail) => mail.headers?.['List-Unsubscribe'])
    expect(all.length).toBeGreaterThanOrEqual(10)
    const secrets = [owner, engineer, stranger].flatMap(({ browser }) => [
      browser.cookie.split('=')[1] ?? '',
      browser.token,
    ])
    for (const mail of all) {
      for (const secret of secrets.filter((s) => s.length > 8)) expect(mail.text).not.toContain(secret)
      const token = unsubscribeLinkOf(mail.text).searchParams.get('token')!
      const visitor = await newBrowser(test.portal)
      const info = await visitor.call(`${endpoints.unsubscribeInfo.path}?token=${token}`, { method: 'GET' })
      expect(info.status).toBe(200)
    }
  })
})

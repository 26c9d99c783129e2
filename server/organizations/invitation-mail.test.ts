import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { invitationSentMessage, type TeamAnswer } from '@/contract/team'
import { readDevMailbox, writeToDevMailbox } from '../apps/dev-mailbox.ts'
import { openTestDatabase, type TestDatabase } from '../platform/db/test-database.ts'
import { listDeadJobs } from '../platform/jobs/queue.ts'
import { createMailer, type Mailer } from '../platform/mailer.ts'
import {
  callEndpoint,
  createVendor,
  eventually,
  startTestPortal,
  type TestPortal,
  type TestVendor,
} from '../test/portal.ts'

/*
 * A mail transport failure never changes what the user did: the invitation is made and answered
 * as always, stays open, and its mail is tried again by the job runner; the Owner reads its state.
 */

let database: TestDatabase
let test: TestPortal
let owner: TestVendor
let failing = true

beforeAll(async () => {
  database = await openTestDatabase({ seeds: { addresses: false, demoAccount: false } })
  const mailbox = createMailer({ mailbox: writeToDevMailbox(database.db), log: () => {} })
  const mailer: Mailer = {
    mode: 'mailbox',
    async send(mail) {
      if (failing) throw new Error('SMTP 451: try again later')
      await mailbox.send(mail)
    },
  }
  test = await startTestPortal({ database, mailer })
  owner = await createVendor(test, 'otto.owner@example.com', 'Otto')
}, 60_000)

afterAll(async () => {
  await test?.close()
})

const invitationsOf = async () =>
  (await callEndpoint<TeamAnswer>(owner.browser, 'team', {})).invitations.map((item) => ({
    emailId: item.emailId,
    state: item.state,
    mailState: item.mailState,
  }))

/** Makes the invitation mails' retries due now (the runner's backoff would wait 30 s). */
const retryNow = async () => {
  await database.db
    .updateTable('jobs')
    .set({ run_at: new Date(0) })
    .where('status', '=', 'pending')
    .execute()
  test.portal.jobs.wake()
}

describe('an invitation whose mail cannot go', () => {
  it('is made and answered as always, stays open with its mail queued, and is mailed once mail works', async () => {
    const answer = await callEndpoint<{ message: string }>(owner.browser, 'inviteMember', {
      vendorUserId: owner.id,
      emailId: 'ivy.invited@example.com',
      role: 'Engineer',
    })
    expect(answer.message).toBe(invitationSentMessage('ivy.invited@example.com'))
    expect(await invitationsOf()).toEqual([
      { emailId: 'ivy.invited@example.com', state: 'pending', mailState: 'queued' },
    ])
    const row = await database.db
      .selectFrom('invitations')
      .select('revoked_at')
      .where('email', '=', 'ivy.invited@example.com')
      .executeTakeFirstOrThrow()
    expect(row.revoked_at).toBeNull()

    failing = false
    await retryNow()
    await eventually(async () => (await invitationsOf())[0]?.mailState === 'sent')
    const mails = (await readDevMailbox(database.db)).filter((mail) => mail.to === 'ivy.invited@example.com')
    expect(mails).toHaveLength(1)
    expect(mails[0]!.text).toContain('/invitation?token=')
  })

  it('shows failed once every attempt has failed, and keeps the mail as a dead letter', async () => {
    failing = true
    await callEndpoint(owner.browser, 'inviteMember', {
      vendorUserId: owner.id,
      emailId: 'fay.failed@example.com',
      role: 'Viewer',
    })
    for (let attempt = 2; attempt <= 8; attempt += 1) {
      await retryNow()
      await eventually(async () => {
        const job = await database.db
          .selectFrom('jobs')
          .select(['attempts', 'status'])
          .where('topic', 'like', 'invitation:%')
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow()
        return job.attempts >= attempt && job.status !== 'running'
      })
    }
    expect((await invitationsOf()).find((item) => item.emailId === 'fay.failed@example.com')).toEqual({
      emailId: 'fay.failed@example.com',
      state: 'pending',
      mailState: 'failed',
    })
    const [dead] = await listDeadJobs(database.db, { kind: 'mail' })
    expect(dead).toMatchObject({ attempts: 8, lastError: 'SMTP 451: try again later' })
    expect((dead!.payload as { to: string }).to).toBe('fay.failed@example.com')
  })
})

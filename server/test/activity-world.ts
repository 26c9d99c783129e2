import { expect } from 'vitest'
import type { ActivityAction } from '@/contract/team'
import { endpoints } from '@/contract/endpoints'
import { simulatedLab, type CertificationHarness } from '../certification/harness.ts'
import { readDevMailbox } from '../apps/dev-mailbox.ts'
import {
  createStaffMember,
  createVendor,
  certificateIssued,
  newBrowser,
  startTestPortal,
  submitRecord,
  type Browser,
  type TestPortal,
  type TestStaff,
  type TestVendor,
} from './portal.ts'

/*
 * The portal the activity-line test (server/organizations/activity-coverage.test.ts) drives every
 * mutating endpoint in: an organization's Owner, a Lab manager, and a simulated lab whose cases can
 * be held (a run to cancel) or let through at once.
 */

export type World = {
  test: TestPortal
  owner: TestVendor
  manager: TestStaff
  /** Holds every case until `release` (a run stays in progress, to be cancelled). */
  hold(): void
  release(): void
  submit(serials: string[], values?: Record<string, unknown>): Promise<string>
  /** A record run to its end (certified unless its serials say otherwise). */
  ranRecord(serials: string[], values?: Record<string, unknown>): Promise<string>
  /** A record certified, and its certificate's number. */
  certified(serial: string): Promise<{ id: string; number: string }>
  /** Waits for every run of the portal to end. */
  settle(): Promise<void>
  /** Another account's browser, its member of the Owner's organization with `role`, logged in. */
  member(email: string, firstName: string, role?: 'Owner' | 'Engineer' | 'Viewer'): Promise<TestVendor>
  /** The Owner invites `email`; the invitation's id and its link's token. */
  invite(email: string): Promise<{ invitationId: string; token: string }>
  newBrowser(): Promise<Browser>
  /** A vendor of an organization of its own, logged in. */
  vendor(email: string, firstName: string): Promise<TestVendor>
}

/** The activity lines written (to any organization) since line `after`, oldest first. */
export async function linesAfter(test: TestPortal, after: number) {
  return test.database.db
    .selectFrom('activity_log')
    .select(['id', 'action', 'organization_id'])
    .where('id', '>', after)
    .orderBy('id')
    .execute()
}

export async function lastLine(test: TestPortal) {
  const row = await test.database.db
    .selectFrom('activity_log')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst()
  return Number(row?.id ?? 0)
}

export type Line = { action: ActivityAction; organizationId: string }

/** Expects a change's answer: 200. */
export async function ok(response: Response) {
  const text = await response.text()
  expect([response.status, text]).toEqual([200, expect.any(String)])
  return JSON.parse(text) as Record<string, unknown>
}

export async function startWorld(): Promise<World> {
  const base = simulatedLab({ caseMs: 0 })
  let holding = false
  const waiting: Array<() => void> = []
  const harness: CertificationHarness = {
    name: 'audit-lab',
    async runCase(input) {
      if (holding) {
        const aborted = await new Promise<boolean>((resolve) => {
          waiting.push(() => resolve(false))
          input.signal.addEventListener('abort', () => resolve(true), { once: true })
        })
        if (aborted) return { passed: false, log: ['Stopped.'] }
      }
      return base.runCase(input)
    },
  }
  const test = await startTestPortal({ harness, webhooks: { development: false, run: false } })
  const owner = await createVendor(test, 'audra.audit@example.com', 'Audra')
  const manager = await createStaffMember(test, 'lars.lab@lab.example', 'Lars Lab', 'Lab manager')
  const db = test.database.db

  const settle = async () => {
    const runs = await db.selectFrom('certification_runs').select('run_id').execute()
    for (const run of runs) await test.portal.executor.settled(run.run_id)
  }
  const submit = (serials: string[], values: Record<string, unknown> = {}) =>
    submitRecord(test, owner, serials, { devicesToBeCertified: String(serials.length), ...values })
  const ranRecord = async (serials: string[], values: Record<string, unknown> = {}) => {
    const id = await submit(serials, values)
    await ok(
      await owner.browser.cert(endpoints.runTests.path, {
        body: { vendor_user_id: owner.id, portfolio_manager_id: id },
      }),
    )
    await settle()
    return id
  }
  const certified = async (serial: string) => {
    const id = await ranRecord([serial])
    return { id, number: await certificateIssued(db, id) }
  }
  const member = async (
    email: string,
    firstName: string,
    role: 'Owner' | 'Engineer' | 'Viewer' = 'Viewer',
  ) => {
    const account = await createVendor(test, email, firstName)
    await db
      .insertInto('memberships')
      .values({
        organization_id: owner.organizationId,
        account_id: account.id,
        role,
        // After its own organization: its login acts for this one.
        created_at: new Date(Date.now() + 1000),
      })
      .execute()
    const browser = await newBrowser(test.portal)
    await browser.login(email)
    return { ...account, browser }
  }
  const invite = async (email: string) => {
    await ok(
      await owner.browser.post(endpoints.inviteMember.path, {
        vendorUserId: owner.id,
        emailId: email,
        role: 'Viewer',
      }),
    )
    const mail = (await readDevMailbox(db)).find((item) => item.to === email)
    const token = decodeURIComponent(mail?.text.match(/\/invitation\?token=([\w%-]+)/)?.[1] ?? '')
    const row = await db
      .selectFrom('invitations')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
    return { invitationId: row.id, token }
  }
  return {
    test,
    owner,
    manager,
    hold: () => {
      holding = true
    },
    release: () => {
      holding = false
      for (const go of waiting.splice(0)) go()
    },
    submit,
    ranRecord,
    certified,
    settle,
    member,
    invite,
    newBrowser: () => newBrowser(test.portal),
    vendor: (email, firstName) => createVendor(test, email, firstName),
  }
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Endpoint, type EndpointName, endpoints } from '@/contract/endpoints'
import { LOGGING_DRIVERS } from '../test/activity-drivers.ts'
import { lastLine, linesAfter, ok, startWorld, type World } from '../test/activity-world.ts'

/*
 * docs/decisions/0044: every state-changing call (any method but GET and HEAD) of the endpoint
 * table writes exactly one line in an organization's activity log, with its action, or is named
 * here as writing none, with the reason. A new mutating endpoint that is neither fails the first
 * test: the table is read, not copied.
 */

/** Mutating calls that rightly write no organization line, each with why. */
const EXEMPT: Readonly<Partial<Record<EndpointName, string>>> = {
  login: 'Signing in changes the person’s session, not the organization.',
  logout: 'Signing out ends the person’s session only.',
  keepSessionAlive: 'Keeps a session open; nothing of the organization changes.',
  changePassword: 'A person’s own password (after the registration code), not signed in.',
  forgotPassword: 'Mails a code to someone not signed in; no organization acts.',
  resetPassword: 'A person’s own password, reset by someone not signed in.',
  register:
    'Creates an account and the organization it founds, which has no log before it exists (decision 0044); joining one by its invitation is logged (joinInvitation).',
  switchOrganization: 'Chooses which of the person’s organizations the session acts for.',
  getPortfolio: 'A read, made with POST as spec §7 has it.',
  listRecords: 'A read, made with POST as spec §7 has it.',
  getRecord: 'A read, made with POST as spec §7 has it.',
  recordRevisions: 'A read, made with POST as spec §7 has it.',
  listComments: 'A read, made with POST as spec §7 has it.',
  savePortfolio:
    'The member’s own unsent draft (kept per account, saved section by section); its submission is logged.',
  updateNotificationSetting: 'A person’s own mail settings, not the organization’s.',
  unsubscribe: 'A person’s own mail settings, from a mail’s link, not signed in.',
  labSetPassword: 'A lab staff member’s own password, not signed in.',
  labUpdateNotificationSetting: 'A lab staff member’s own mail settings.',
  labStartMaintenance: 'The lab’s own state, the same for every organization (told in the banner).',
  labEndMaintenance: 'The lab’s own state, the same for every organization.',
  labReviewSetting: 'The lab’s own setting, the same for every organization.',
  labAssign:
    'The lab’s own split of its work among its staff; an organization’s log would show vendors who in the lab holds their record (decision 0045).',
  labAddStaff: 'The lab’s staff, not an organization’s.',
  labChangeStaffRole: 'The lab’s staff, not an organization’s.',
  labRemoveStaff: 'The lab’s staff, not an organization’s.',
  labSaveTestPlanDraft: 'The programme’s test plans, the lab’s own.',
  labDiscardTestPlanDraft: 'The programme’s test plans, the lab’s own.',
  labPublishTestPlan: 'The programme’s test plans, the lab’s own (every organization reads them).',
}

const mutating = (endpoint: Endpoint) => endpoint.method !== 'GET'

/** The mutating calls of `table` named in none of the lists, and the names listed twice or unknown. */
function unaccounted(table: Readonly<Record<string, Endpoint>>) {
  const lists = [Object.keys(LOGGING_DRIVERS), Object.keys(EXEMPT)]
  const named = lists.flat()
  return {
    missing: Object.entries(table)
      .filter(([name, endpoint]) => mutating(endpoint) && !named.includes(name))
      .map(([name]) => name),
    twice: named.filter((name, index) => named.indexOf(name) !== index),
    notMutating: named.filter((name) => !table[name] || !mutating(table[name])),
  }
}

describe('the activity-line rule, read from the endpoint table', () => {
  it('names every mutating call: logged (with its driver) or exempt with a reason', () => {
    expect(unaccounted(endpoints)).toEqual({ missing: [], twice: [], notMutating: [] })
    for (const reason of Object.values(EXEMPT)) expect(reason.length).toBeGreaterThan(10)
  })

  it('fails for a new mutating call that is neither logged nor exempt', () => {
    const fake: Endpoint = { ...endpoints.addComment, path: '/api/fake/mutation' }
    expect(unaccounted({ ...endpoints, fakeMutation: fake }).missing).toEqual(['fakeMutation'])
    const read: Endpoint = { ...endpoints.team, path: '/api/fake/read' }
    expect(unaccounted({ ...endpoints, fakeRead: read }).missing).toEqual([])
  })
})

let w: World

beforeAll(async () => {
  w = await startWorld()
}, 60_000)

afterAll(async () => {
  await w?.test.close()
})

describe('each logged call, made successfully', () => {
  it.each(Object.entries(LOGGING_DRIVERS))('%s writes exactly one line', async (name, driver) => {
    const call = await driver.prepare(w)
    const after = await lastLine(w.test)
    await call()
    const lines = await linesAfter(w.test, after)
    expect(lines.map((line) => [name, line.action, line.organization_id])).toEqual([
      [name, driver.action, w.owner.organizationId],
    ])
  })

  it('taking a device off the directory writes certificate.unlisted', async () => {
    const { number } = await w.certified('AUDIT9001')
    const body = { vendorUserId: w.owner.id, number }
    await ok(await w.owner.browser.post(endpoints.publishCertificate.path, { ...body, published: true }))
    const after = await lastLine(w.test)
    await ok(await w.owner.browser.post(endpoints.publishCertificate.path, { ...body, published: false }))
    expect((await linesAfter(w.test, after)).map((line) => line.action)).toEqual(['certificate.unlisted'])
  })
})

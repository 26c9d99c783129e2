import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '@/contract/endpoints'
import { blankSavePayload } from '@/contract/fixtures/payloads'
import { ROLE_REFUSALS, type Role } from '@/contract/roles'
import {
  COMMENT_ADDED_MESSAGE,
  NOT_SIGNED_IN_MESSAGE,
  NO_ORGANIZATION_MESSAGE,
  PORTFOLIO_SUBMITTED_MESSAGE,
  RECORD_DELETED_MESSAGE,
  RECORD_NOT_FOUND_MESSAGE,
  RUN_STARTED_MESSAGE,
} from '@/contract/server-messages'
import {
  type Browser,
  createVendor,
  eventually,
  gatedHarness,
  newBrowser,
  startTestPortal,
  submitPayloadFor,
  TEST_PASSWORD,
  type TestPortal,
  type TestVendor,
} from '../test/portal.ts'

/*
 * docs/decisions/0023: an organization's members act on its data by their role, over
 * real HTTP on both services. Memberships are written in the database here (the invitations that
 * make them come with the team calls); everything else goes through the calls a browser makes.
 */

let test: TestPortal
const lab = gatedHarness()
let owner: TestVendor
let engineer: Member
let viewer: Member

/** ownOrganizationId: the organization the account registered, of which it is the Owner. */
type Member = { id: string; ownOrganizationId: string; email: string; browser: Browser; name: string }

/** An account of its own organization that joins the owner's with `role`, logged in afresh. */
async function join(email: string, firstName: string, role: Role): Promise<Member> {
  const account = await createVendor(test, email, firstName)
  await test.database.db
    .insertInto('memberships')
    // Joined after its own organization was made: the login acts for the newest membership.
    .values({
      organization_id: owner.organizationId,
      account_id: account.id,
      role,
      created_at: new Date(Date.now() + 1000),
    })
    .execute()
  const browser = await newBrowser(test.portal)
  await browser.login(email)
  return {
    id: account.id,
    ownOrganizationId: account.organizationId,
    email,
    browser,
    name: `${firstName} Tester`,
  }
}

async function listIds(browser: Browser) {
  const response = await browser.post(endpoints.listRecords.path, { vendorUserId: browser.vendorUserId })
  expect(response.status).toBe(200)
  const body = (await response.json()) as {
    portfolioManagerSubmittedDetailsList: Array<{ portfolioManagerId: string }>
  }
  return body.portfolioManagerSubmittedDetailsList.map((row) => row.portfolioManagerId)
}

async function submit(browser: Browser, serial: string) {
  const response = await browser.post(
    endpoints.submitPortfolio.path,
    submitPayloadFor(browser.vendorUserId, { deviceNumberList: [`${serial}A`, `${serial}B`] }),
  )
  expect(response.status).toBe(200)
  expect(await response.json()).toEqual({ message: PORTFOLIO_SUBMITTED_MESSAGE })
}

const certBody = (browser: Browser, portfolioManagerId: string) => ({
  vendor_user_id: browser.vendorUserId,
  portfolio_manager_id: portfolioManagerId,
})

beforeAll(async () => {
  test = await startTestPortal({ harness: lab.harness })
  owner = await createVendor(test, 'olga.owner@example.com', 'Olga')
  await submit(owner.browser, 'OWNER0001')
  await submit(owner.browser, 'OWNER0002')
  engineer = await join('eli.engineer@example.com', 'Eli', 'Engineer')
  viewer = await join('vera.viewer@example.com', 'Vera', 'Viewer')
}, 60_000)

afterAll(async () => {
  await test?.close()
})

describe('the login of a member of another organization', () => {
  it('acts for the organization joined last, and lists every membership with its role', async () => {
    const browser = await newBrowser(test.portal)
    const auth = await browser.login('eli.engineer@example.com', TEST_PASSWORD)
    expect(auth).toMatchObject({
      vendorUserId: engineer.id,
      name: 'Eli Tester',
      organizationId: owner.organizationId,
      organizationName: 'Olga Networks',
      role: 'Engineer',
      // The organization shares the owner's records: submitted data exists.
      isPortfolioManagerSubmittedDataExists: 'YES',
    })
    expect(auth.organizations).toEqual([
      { organizationId: owner.organizationId, organizationName: 'Olga Networks', role: 'Engineer' },
      { organizationId: engineer.ownOrganizationId, organizationName: 'Eli Networks', role: 'Owner' },
    ])
  })
})

describe('an Engineer', () => {
  it('reads, submits into, comments on, certifies and deletes the organization’s records', async () => {
    const before = await listIds(owner.browser)
    expect(await listIds(engineer.browser)).toEqual(before)

    await submit(engineer.browser, 'ENGINEER01')
    const after = await listIds(owner.browser)
    expect(after).toHaveLength(before.length + 1)
    const [added] = after
    if (!added) throw new Error('No record was added.')

    const comment = await engineer.browser.post(endpoints.addComment.path, {
      portfolioManagerId: added,
      text: 'Engineering sample on its way.',
    })
    expect(comment.status).toBe(200)
    expect(await comment.json()).toMatchObject({ message: COMMENT_ADDED_MESSAGE })

    const started = await engineer.browser.cert(endpoints.runTests.path, {
      body: certBody(engineer.browser, added),
    })
    expect(started.status).toBe(200)
    expect(await started.json()).toMatchObject({ message: RUN_STARTED_MESSAGE, attempt: 1 })
    lab.openAll()
    const runs = async () => {
      const query = new URLSearchParams(certBody(owner.browser, added))
      const response = await owner.browser.cert(`${endpoints.listRuns.path}?${query}`, { method: 'GET' })
      return (await response.json()) as { runs: Array<{ status: string; startedBy: string }> }
    }
    await eventually(async () => (await runs()).runs[0]?.status === 'Completed')
    expect((await runs()).runs[0]?.startedBy).toBe('Eli Tester')

    const [, submitted] = after
    if (!submitted) throw new Error('The owner’s record is missing.')
    const deleted = await engineer.browser.post(endpoints.deleteRecord.path, {
      vendorUserId: engineer.browser.vendorUserId,
      portfolioManagerId: submitted,
    })
    expect(deleted.status).toBe(200)
    expect(await deleted.json()).toEqual({ message: RECORD_DELETED_MESSAGE })
    expect(await listIds(owner.browser)).not.toContain(submitted)
  })

  it('does not see the records of its own other organization while acting for this one', async () => {
    const own = await createVendor(test, 'eli.second@example.com', 'Eli')
    await submit(own.browser, 'ELSEWHERE1')
    const [elsewhere] = await listIds(own.browser)
    if (!elsewhere) throw new Error('No record.')
    const read = await engineer.browser.post(endpoints.getRecord.path, {
      vendorUserId: engineer.browser.vendorUserId,
      portfolioManagerId: elsewhere,
    })
    expect(read.status).toBe(404)
    expect(await read.json()).toEqual({ message: RECORD_NOT_FOUND_MESSAGE })
  })
})

describe('a Viewer', () => {
  it('reads the dashboard, the comments, the runs and the results', async () => {
    const ids = await listIds(viewer.browser)
    expect(ids).toEqual(await listIds(owner.browser))
    const [first] = ids
    if (!first) throw new Error('No record.')
    const comments = await viewer.browser.post(endpoints.listComments.path, { portfolioManagerId: first })
    expect(comments.status).toBe(200)
    const query = new URLSearchParams(certBody(viewer.browser, first))
    const runs = await viewer.browser.cert(`${endpoints.listRuns.path}?${query}`, { method: 'GET' })
    expect(runs.status).toBe(200)
    const runList = (await runs.json()) as { runs: Array<{ runId: string }> }
    const [run] = runList.runs
    if (run) {
      const results = await viewer.browser.cert(`/runs/${run.runId}/results.json`, { method: 'GET' })
      expect(results.status).toBe(200)
    }
  })

  it('is refused every change, with the reason, and nothing changes', async () => {
    const before = await listIds(owner.browser)
    const [record] = before
    if (!record) throw new Error('No record.')
    const id = viewer.browser.vendorUserId
    const main: Array<[string, unknown, string]> = [
      [endpoints.savePortfolio.path, blankSavePayload(id, 1), ROLE_REFUSALS.portfolio],
      [
        endpoints.submitPortfolio.path,
        submitPayloadFor(id, { deviceNumberList: ['VIEWER001A', 'VIEWER001B'] }),
        ROLE_REFUSALS.portfolio,
      ],
      [
        endpoints.deleteRecord.path,
        { vendorUserId: id, portfolioManagerId: record },
        ROLE_REFUSALS.portfolio,
      ],
      [
        endpoints.updateRecord.path,
        { vendorUserId: id, portfolioManagerId: record },
        ROLE_REFUSALS.portfolio,
      ],
      [endpoints.addComment.path, { portfolioManagerId: record, text: 'Looks good' }, ROLE_REFUSALS.comment],
    ]
    for (const [path, body, message] of main) {
      const response = await viewer.browser.post(path, body)
      expect([path, response.status, await response.json()]).toEqual([path, 403, { message }])
    }
    const cert: Array<[string, string]> = [
      [endpoints.runTests.path, ROLE_REFUSALS.runs],
      [endpoints.rerunFailed.path, ROLE_REFUSALS.runs],
      [endpoints.cancelRun.path, ROLE_REFUSALS.runs],
      [endpoints.emailCertificate.path, ROLE_REFUSALS.certificate],
    ]
    for (const [path, message] of cert) {
      const response = await viewer.browser.cert(path, { body: certBody(viewer.browser, record) })
      expect([path, response.status, await response.json()]).toEqual([path, 403, { message }])
    }
    expect(await listIds(owner.browser)).toEqual(before)
    const comments = await owner.browser.post(endpoints.listComments.path, { portfolioManagerId: record })
    expect(JSON.stringify(await comments.json())).not.toContain('Looks good')
  })
})

describe('a member whose membership is gone', () => {
  it('has its session ended at the next call, and logs in to no organization’s data', async () => {
    const gone = await join('gina.gone@example.com', 'Gina', 'Engineer')
    await test.database.db.deleteFrom('memberships').where('account_id', '=', gone.id).execute()
    const response = await gone.browser.post(endpoints.listRecords.path, { vendorUserId: gone.id })
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ message: NOT_SIGNED_IN_MESSAGE })
    const cert = await gone.browser.cert(
      `${endpoints.listRuns.path}?${new URLSearchParams({ vendor_user_id: gone.id, portfolio_manager_id: 'x' })}`,
      { method: 'GET' },
    )
    expect(cert.status).toBe(401)

    // The login succeeds into a session without an organization (it may only see and
    // accept its invitations: server/organizations/rejoin.test.ts); every call of an organization refuses it.
    const again = await newBrowser(test.portal)
    const login = await again.attemptLogin('gina.gone@example.com', TEST_PASSWORD)
    expect(login.status).toBe(200)
    expect(await login.json()).toMatchObject({ vendorUserId: '', noOrganization: true, organizations: [] })
    const records = await again.post(endpoints.listRecords.path, { vendorUserId: gone.id })
    expect(records.status).toBe(403)
    expect(await records.json()).toEqual({ message: NO_ORGANIZATION_MESSAGE })
  })
})

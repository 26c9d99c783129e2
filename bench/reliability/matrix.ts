import { randomUUID } from 'node:crypto'
import { endpoints, endpointPath, RUN_REPORT_PATH, type Endpoint } from '@/contract/endpoints'
import { EVENTS_PATH } from '@/contract/events'
import {
  EXAMPLE_DEVICE,
  EXAMPLE_ORGANIZATION,
  blankSavePayload,
  submittedDevicePayload,
} from '@/contract/fixtures/payloads'
import { Browser, PASSWORD, poll, progressOf, registerVendor, type Answer } from './client.ts'
import type { Deployment } from './deployment.ts'
import { countAnswer, printTable, type Figures } from './figures.ts'

/*
 * Section 1: the authorisation matrix, generated from the endpoint table (src/contract/endpoints.ts)
 * — every endpoint of both services, plus the run report beside results.json and the live event
 * stream (GET /api/events?after=0, read for STREAM_READ_MS) — × four callers:
 * anonymous (no cookie, a fresh Token), the owner, another vendor, and a logged-out cookie (the
 * cookie and Token a browser held before it logged out). Every call carries a valid payload for
 * the OWNER's resources (the contract fixtures with the owner's ids).
 *
 * For a caller that is not the owner:
 * - leaks: a secret of the owner (record ids, draft id, run id, e-mail, serial numbers, draft
 *   description, comment text) in the answer's body, unless the caller sent it itself;
 * - forbidden changes: the owner's own reads (draft, records, a record, its comments, its runs)
 *   differ before and after the call;
 * - wrong refusals: an endpoint of the owner's resources (its payload names a vendor or a record,
 *   or its path a run) answered other than 401/403/404.
 * The owner's cells run last (its delete takes a second record) and must not be refused.
 */

type Cell = { method: 'GET' | 'POST'; service: Endpoint['service']; path: string; body?: unknown }

export type Owner = {
  browser: Browser
  recordId: string
  spareRecordId: string
  draftId: string
  runId: string
  secrets: string[]
}

const OWNER_KEYS = ['vendorUserId', 'vendor_user_id', 'portfolioManagerId']

/** Whether an endpoint reads or changes one vendor's resources (refusal expected for others). */
function isProtected(endpoint: Endpoint) {
  if (endpoint.path.includes(':runId')) return true
  const entries = (endpoint.request as { entries?: Record<string, unknown> } | null)?.entries ?? {}
  return OWNER_KEYS.some((key) => key in entries)
}

/** An owner with a draft, two records, a comment and a finished certification run. */
export async function makeOwner(deployment: Deployment, figures: Figures): Promise<Owner> {
  const browser = await registerVendor(deployment.nodes, 'owner')
  const tag = randomUUID().slice(0, 8)
  const serials = [`LEAK${tag}A`, `LEAK${tag}B`]
  for (const [index, serial] of serials.entries()) {
    const answer = await browser.submit({
      deviceNumberList: [serial, `${serial}X`],
      baseFirmwareVersion: `${index + 1}.0.0`,
    })
    countAnswer(figures, answer)
    if (answer.status !== 200) throw new Error(`Owner submit failed: ${answer.status} ${answer.text}`)
  }
  const description = `Secret description ${tag}`
  const saved = await browser.save(1, { ...EXAMPLE_ORGANIZATION, description })
  countAnswer(figures, saved)
  const records = await browser.records()
  const [recordId, spareRecordId] = records.map((record) => record.portfolioManagerId)
  if (!recordId || !spareRecordId) throw new Error('The owner has no two records.')
  const draft = await browser.getDraft()
  const draftId =
    (draft?.portfolioManagerSavedDetails as { savedPortfolioManagerId?: string } | null)
      ?.savedPortfolioManagerId ?? ''
  const commentText = `Secret comment ${tag}`
  const comment = await browser.post(endpoints.addComment.path, {
    portfolioManagerId: recordId,
    text: commentText,
  })
  countAnswer(figures, comment)
  const commentId =
    (comment.json as { comment?: { commentId?: string } } | undefined)?.comment?.commentId ?? ''
  const started = await browser.runTests(recordId)
  countAnswer(figures, started)
  const runId = (started.json as { runId?: string } | undefined)?.runId ?? ''
  await poll(
    async () => (progressOf((await browser.runs(recordId))[0]) >= 1000 ? true : undefined),
    60_000,
    250,
  )
  const secrets = [
    recordId,
    spareRecordId,
    draftId,
    runId,
    commentId,
    browser.email,
    ...serials,
    description,
    commentText,
  ]
  return {
    browser,
    recordId,
    spareRecordId,
    draftId,
    runId,
    secrets: secrets.filter((secret) => secret !== ''),
  }
}

/** The owner's data as the owner reads it. */
export async function ownerView(owner: Owner) {
  const { browser, recordId } = owner
  const record = await browser.post(endpoints.getRecord.path, {
    vendorUserId: browser.vendorUserId,
    portfolioManagerId: recordId,
  })
  const comments = await browser.post(endpoints.listComments.path, { portfolioManagerId: recordId })
  const runs = await browser.runs(recordId)
  return JSON.stringify([await browser.getDraft(), await browser.records(), record.json, comments.json, runs])
}

function cellFor(name: string, owner: Owner, caller: string): Cell {
  const id = owner.browser.vendorUserId
  const isOwner = caller === 'owner'
  const recordId = owner.recordId
  const query = (values: Record<string, string>) => `?${new URLSearchParams(values)}`
  const runQuery = query({ vendor_user_id: id, portfolio_manager_id: recordId })
  if (name === 'runReport')
    return {
      method: 'GET',
      service: 'certification',
      path: endpointPath(RUN_REPORT_PATH, { runId: owner.runId }),
    }
  // Every stored event from the start: the owner's holds its records, runs and comments.
  if (name === 'events') return { method: 'GET', service: 'main', path: `${EVENTS_PATH}?after=0` }
  const endpoint = endpoints[name as keyof typeof endpoints] as Endpoint
  const post = (body: unknown): Cell => ({
    method: 'POST',
    service: endpoint.service,
    path: endpoint.path,
    body,
  })
  const get = (suffix = ''): Cell => ({
    method: 'GET',
    service: endpoint.service,
    path: `${endpoint.path}${suffix}`,
  })
  switch (name) {
    case 'addressData':
      return get(query({ country: 'India' }))
    case 'login':
      return post({ emailId: owner.browser.email, password: 'Wrong#Password1' })
    case 'register':
      return post({
        firstName: 'Eve',
        lastName: 'Tester',
        emailId: owner.browser.email,
        reEnteredEmailId: owner.browser.email,
        organization: 'Eve Networks',
        lob: 'Wireline',
        phoneNumber: '98450 12345',
        countryCode: '+91',
        country: 'India',
        state: 'Karnataka',
        city: 'Bengaluru',
      })
    case 'changePassword':
      return post({
        otp: '000000',
        emailId: owner.browser.email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        id,
      })
    case 'forgotPassword':
      return post({ emailId: owner.browser.email })
    case 'resetPassword':
      return post({ otp: '000000', password: PASSWORD, confirmPassword: PASSWORD, id: randomUUID() })
    case 'getPortfolio':
    case 'listRecords':
      return post({ vendorUserId: id })
    case 'savePortfolio':
      return post(blankSavePayload(id, 1, { ...EXAMPLE_ORGANIZATION, description: `Saved by ${caller}` }))
    case 'submitPortfolio':
      return post(submittedDevicePayload(id, { savedPortfolioManagerId: owner.draftId || null }))
    case 'deleteRecord':
      return post({ portfolioManagerId: isOwner ? owner.spareRecordId : recordId })
    case 'getRecord':
      return post({ vendorUserId: id, portfolioManagerId: recordId })
    case 'updateRecord':
      return post({
        ...EXAMPLE_DEVICE,
        deviceNumberList: ['UPD1'],
        baseFirmwareVersion: '6.6.6',
        vendorUserId: id,
        portfolioManagerId: recordId,
      })
    case 'listComments':
      return post({ portfolioManagerId: recordId })
    case 'addComment':
      return post({ portfolioManagerId: recordId, text: `Comment by ${caller}` })
    case 'runTests':
    case 'rerunFailed':
    case 'cancelRun':
    case 'emailCertificate':
      return post({ vendor_user_id: id, portfolio_manager_id: recordId })
    case 'listRuns':
      return get(runQuery)
    case 'runResults':
      return {
        method: 'GET',
        service: 'certification',
        path: endpointPath(endpoint.path, { runId: owner.runId }),
      }
    default:
      return endpoint.method === 'GET' ? get() : post({})
  }
}

/**
 * The live stream (GET /api/events, docs/decisions/0020) from the start of the caller's stored
 * events: what it sends in its first STREAM_READ_MS, as one answer. A stream never ends by
 * itself, so the read is cut there.
 */
const STREAM_READ_MS = 700

async function readStream(browser: Browser, path: string): Promise<Answer> {
  const controller = new AbortController()
  const node = browser.pick()
  const timer = setTimeout(() => controller.abort(), STREAM_READ_MS)
  let status = 0
  let headers = new Headers()
  let text = ''
  try {
    const response = await fetch(`${node.base}${path}`, {
      headers: browser.cookie ? { Cookie: browser.cookie } : {},
      signal: controller.signal,
    })
    ;({ status, headers } = response)
    const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader()
    while (reader) {
      const { value, done } = await reader.read()
      if (done) break
      text += value
    }
  } catch {
    // Cut at STREAM_READ_MS: what came so far is the answer.
  } finally {
    clearTimeout(timer)
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status, contentType: headers.get('Content-Type') ?? '', headers, text, json, failed: status === 0 }
}

async function send(browser: Browser, cell: Cell): Promise<Answer> {
  if (cell.path.startsWith(EVENTS_PATH)) return readStream(browser, cell.path)
  const options = { method: cell.method, ...(cell.method === 'POST' ? { body: cell.body } : {}) }
  return cell.service === 'main' ? browser.call(cell.path, options) : browser.cert(cell.path, options)
}

const REFUSALS = new Set([401, 403, 404])

export async function authorisationMatrix(deployment: Deployment, figures: Figures) {
  const started = Date.now()
  const owner = await makeOwner(deployment, figures)
  const other = await registerVendor(deployment.nodes, 'other')
  const loggedOut = await registerVendor(deployment.nodes, 'leaver')
  const leaverSession = { cookie: loggedOut.cookie, token: loggedOut.token }
  countAnswer(figures, await loggedOut.post(endpoints.logout.path, {}))
  Object.assign(loggedOut, leaverSession)
  const names = [...Object.keys(endpoints), 'runReport', 'events']
  const callers: Array<[string, () => Promise<Browser>]> = [
    [
      'anonymous',
      async () => {
        const browser = new Browser(deployment.nodes)
        await browser.bootstrap()
        return browser
      },
    ],
    ['other vendor', async () => other],
    ['logged-out cookie', async () => loggedOut],
  ]
  const rows: Array<Array<string | number>> = []
  const perCaller = new Map<string, { leaks: number; changes: number; wrong: number; cells: number }>()
  let before = await ownerView(owner)
  const leakNotes: string[] = []
  for (const [caller, browserFor] of callers) {
    const tally = { leaks: 0, changes: 0, wrong: 0, cells: 0 }
    for (const name of names) {
      const cell = cellFor(name, owner, caller)
      let browser = await browserFor()
      if (name === 'logout' && caller === 'other vendor') {
        // A second session of the other vendor, so that its first one stays signed in.
        browser = new Browser(deployment.nodes)
        await browser.bootstrap()
        await browser.login(other.email)
      }
      const answer = await send(browser, cell)
      countAnswer(figures, answer)
      tally.cells += 1
      // A second login may end the first session: the other vendor signs in again.
      if (name === 'logout' && caller === 'other vendor') {
        other.cookie = ''
        await other.bootstrap()
        await other.login()
      }
      const sent = `${cell.path} ${JSON.stringify(cell.body ?? '')}`
      const leaked = owner.secrets.filter((secret) => answer.text.includes(secret) && !sent.includes(secret))
      if (leaked.length > 0) {
        tally.leaks += 1
        leakNotes.push(`${caller} × ${name}: ${answer.status} shows ${leaked.join(', ')}`)
      }
      const endpoint =
        name === 'runReport' ? endpoints.runResults : (endpoints[name as keyof typeof endpoints] as Endpoint)
      // The stream of another vendor is its own (200, none of the owner's events): leaks tell.
      const refusalExpected =
        name === 'events' ? caller !== 'other vendor' : endpoint !== undefined && isProtected(endpoint)
      if (refusalExpected && !REFUSALS.has(answer.status)) {
        tally.wrong += 1
        figures.notes.push(`matrix: ${caller} × ${name} answered ${answer.status} (expected 401/403/404)`)
      }
      const after = await ownerView(owner)
      if (after !== before) {
        tally.changes += 1
        figures.notes.push(`matrix: ${caller} × ${name} changed the owner's data`)
        before = after
      }
    }
    perCaller.set(caller, tally)
  }
  // The owner last: its own calls must go through (logout from a second session of its own).
  const ownerTally = { leaks: 0, changes: 0, wrong: 0, cells: 0 }
  let ownerRefused = 0
  // Its logout last: a second session's login and logout may end the first one.
  const ownerOrder = [...names.filter((name) => name !== 'logout'), 'logout']
  for (const name of ownerOrder) {
    let browser = owner.browser
    if (name === 'logout' || name === 'login') {
      browser = new Browser(deployment.nodes)
      await browser.bootstrap()
      if (name === 'logout') await browser.login(owner.browser.email)
    }
    const answer = await send(browser, cellFor(name, owner, 'owner'))
    countAnswer(figures, answer)
    ownerTally.cells += 1
    const fine =
      answer.status < 400 ||
      answer.status === 409 ||
      ['login', 'changePassword', 'resetPassword'].includes(name)
    if (!fine) {
      ownerRefused += 1
      figures.notes.push(`matrix: owner × ${name} answered ${answer.status}: ${answer.text.slice(0, 120)}`)
    }
  }
  perCaller.set('owner', ownerTally)
  for (const [caller, tally] of perCaller) {
    rows.push([caller, tally.cells, tally.leaks, tally.changes, tally.wrong])
    figures.leaks += tally.leaks
    figures.forbiddenChanges += tally.changes
    figures.wrongRefusals += tally.wrong
    figures.matrixCells += tally.cells
  }
  figures.notes.push(...leakNotes.map((note) => `leak: ${note}`))
  console.log(`\n### 1. Authorisation matrix (${deployment.backend}): ${names.length} endpoints × 4 callers`)
  printTable(['caller', 'cells', 'leaks', 'forbidden changes', 'wrong refusal status'], rows)
  const nonOwner = [...perCaller].filter(([caller]) => caller !== 'owner').map(([, tally]) => tally)
  console.log(
    `Summary: ${nonOwner.reduce((sum, t) => sum + t.leaks, 0)} leaks, ${nonOwner.reduce((sum, t) => sum + t.changes, 0)} forbidden changes, ` +
      `${nonOwner.reduce((sum, t) => sum + t.wrong, 0)} wrong refusal statuses, owner refused ${ownerRefused} of its own calls ` +
      `(${((Date.now() - started) / 1000).toFixed(1)} s)`,
  )
}

import { execFileSync } from 'node:child_process'
import type { Deployment } from './deployment.ts'
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import { TOKEN_HEADER } from '@/contract/auth'
import { endpoints } from '@/contract/endpoints'
import { blankSavePayload, submittedDevicePayload } from '@/contract/fixtures/payloads'
import type { SaveSection, SavePayload, SubmitPayload } from '@/contract/portfolio'
import type { DeviceRecord } from '@/contract/records'
import { SESSION_COOKIE } from '../../server/http/session-token.ts'
import type { Node } from './deployment.ts'

/*
 * One browser against the real server: keeps the session cookie and the Token as the client does
 * (server/test/portal.ts's Browser, over plain fetch). `nodes` are the portal processes it may
 * talk to; `pick` says which one answers the next call (PostgreSQL ×2: alternately A and B).
 */

export const PASSWORD = 'Reliab#Vendor2026'

export type Answer = {
  status: number
  contentType: string
  headers: Headers
  text: string
  /** The JSON body, or undefined. */
  json: unknown
  /** The request never got an answer (connection refused or reset). */
  failed?: boolean
}

export type CallOptions = {
  method?: 'GET' | 'POST'
  body?: unknown
  /** Sent as it is instead of JSON.stringify(body). */
  raw?: string
  token?: boolean
  headers?: Record<string, string>
  /** Which node answers (default: the browser's choice). */
  node?: Node
  timeoutMs?: number
}

let calls = 0

export class Browser {
  cookie = ''
  token = ''
  vendorUserId = ''
  email = ''
  /** The organization the session acts for and the role there (the login answer's). */
  organizationId = ''
  role = ''
  /**
   * docs/decisions/0026: a pipeline's API token. When set, calls send
   * `Authorization: Bearer <it>` and neither the cookie nor the Token header.
   */
  bearer = ''

  constructor(
    public nodes: Node[],
    private readonly spread = true,
  ) {}

  /** The node of the next call: alternately each one when spread, else the first. */
  pick(): Node {
    calls += 1
    const nodes = this.nodes
    return (this.spread ? nodes[calls % nodes.length] : nodes[0]) ?? nodes[0]!
  }

  clone() {
    const copy = new Browser(this.nodes, this.spread)
    Object.assign(copy, {
      cookie: this.cookie,
      token: this.token,
      vendorUserId: this.vendorUserId,
      email: this.email,
      organizationId: this.organizationId,
      role: this.role,
      bearer: this.bearer,
    })
    return copy
  }

  call(pathname: string, options: CallOptions = {}) {
    const node = options.node ?? this.pick()
    return this.request(`${node.base}${pathname}`, options)
  }

  post(pathname: string, body: unknown = {}, options: CallOptions = {}) {
    return this.call(pathname, { ...options, body })
  }

  cert(pathname: string, options: CallOptions = {}) {
    const node = options.node ?? this.pick()
    return this.request(`${node.certBase}${pathname}`, { ...options, token: false })
  }

  async request(url: string, options: CallOptions): Promise<Answer> {
    const { method = 'POST', body, raw, token = true, headers: extra, timeoutMs = 30_000 } = options
    const headers: Record<string, string> = { 'Content-Type': 'application/json', ...extra }
    if (this.bearer) headers.Authorization = `Bearer ${this.bearer}`
    else {
      if (this.cookie) headers.Cookie = this.cookie
      if (token && this.token) headers[TOKEN_HEADER] = this.token
    }
    const payload = method === 'POST' ? (raw ?? JSON.stringify(body ?? {})) : undefined
    let response: { status: number; headers: Headers; text: string }
    try {
      response = await httpRequest(url, method, headers, payload, timeoutMs)
    } catch {
      // Once more on a connection of its own (a kept-alive one may have been closed under it).
      try {
        response = await httpRequest(url, method, headers, payload, timeoutMs, false)
      } catch {
        return { status: 0, contentType: '', headers: new Headers(), text: '', json: undefined, failed: true }
      }
    }
    // A Token in the answer replaces the stored one, as the client's does.
    const newToken = response.headers.get(TOKEN_HEADER)
    if (newToken) this.token = newToken
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const [name, value = ''] = pair.split('=')
      if (name !== SESSION_COOKIE) continue
      this.cookie = value === '' || /max-age=0/i.test(line) ? '' : pair
    }
    const text = response.text
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      json = undefined
    }
    return {
      status: response.status,
      contentType: response.headers.get('Content-Type') ?? '',
      headers: response.headers,
      text,
      json,
    }
  }

  /** GET /api/token: a session (anonymous at first) and its Token. */
  async bootstrap(node?: Node) {
    const answer = await this.call(endpoints.token.path, { method: 'GET', ...(node ? { node } : {}) })
    this.token = answer.headers.get(TOKEN_HEADER) ?? this.token
    return answer
  }

  async login(email = this.email, password = PASSWORD, node?: Node) {
    const answer = await this.post(endpoints.login.path, { emailId: email, password }, node ? { node } : {})
    if (answer.status !== 200) throw new Error(`Login of ${email} failed: ${answer.status} ${answer.text}`)
    const auth = answer.json as { vendorUserId: string; organizationId?: string; role?: string }
    this.vendorUserId = auth.vendorUserId
    this.organizationId = auth.organizationId ?? ''
    this.role = auth.role ?? ''
    this.email = email
    // The session rotated at login: the Token of the new session.
    await this.bootstrap(node)
    return answer
  }

  save(section: SaveSection, values: Partial<SavePayload> = {}, options: CallOptions = {}) {
    return this.post(
      endpoints.savePortfolio.path,
      blankSavePayload(this.vendorUserId, section, values),
      options,
    )
  }

  submit(values: Partial<SubmitPayload> = {}, options: CallOptions = {}) {
    return this.post(
      endpoints.submitPortfolio.path,
      submittedDevicePayload(this.vendorUserId, values),
      options,
    )
  }

  async getDraft(node?: Node) {
    const answer = await this.post(
      endpoints.getPortfolio.path,
      { vendorUserId: this.vendorUserId },
      node ? { node } : {},
    )
    return answer.json as Record<string, unknown> | undefined
  }

  async records(node?: Node) {
    const answer = await this.post(
      endpoints.listRecords.path,
      { vendorUserId: this.vendorUserId },
      node ? { node } : {},
    )
    const list = (answer.json as { portfolioManagerSubmittedDetailsList?: DeviceRecord[] } | undefined)
      ?.portfolioManagerSubmittedDetailsList
    return list ?? []
  }

  runTests(portfolioManagerId: string, node?: Node) {
    return this.cert(endpoints.runTests.path, {
      body: { vendor_user_id: this.vendorUserId, portfolio_manager_id: portfolioManagerId },
      ...(node ? { node } : {}),
    })
  }

  async runs(portfolioManagerId: string, node?: Node) {
    const query = new URLSearchParams({
      vendor_user_id: this.vendorUserId,
      portfolio_manager_id: portfolioManagerId,
    })
    const answer = await this.cert(`${endpoints.listRuns.path}?${query}`, {
      method: 'GET',
      ...(node ? { node } : {}),
    })
    return ((answer.json as { runs?: Run[] } | undefined)?.runs ?? []) as Run[]
  }
}

export type Run = {
  runId: string
  status: string
  isCertified: string
  testCases: Array<{ name: string; state: string; log: string[] }>
}

/** How far a run has come: finished cases, and whether it has ended. */
export function progressOf(run: Run | undefined) {
  if (!run) return -1
  const finished = run.testCases.filter((testCase) =>
    ['passed', 'failed', 'skipped'].includes(testCase.state),
  ).length
  return run.status === 'InProgress' || run.status === 'Maintenance' ? finished : finished + 1000
}

/**
 * One HTTP request over node:http rather than fetch: a server that answers before it has read
 * the whole body (a body over the limit) and closes makes fetch fail on the upload, while the
 * answer did arrive; here the answer counts.
 */
function httpRequest(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  timeoutMs: number,
  keepAlive = true,
) {
  return new Promise<{ status: number; headers: Headers; text: string }>((resolve, reject) => {
    const request = http.request(url, { method, headers, ...(keepAlive ? {} : { agent: false }) })
    request.setTimeout(timeoutMs, () => request.destroy(new Error('timed out')))
    request.on('response', (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('error', reject)
      response.on('end', () => {
        const answerHeaders = new Headers()
        for (const [name, value] of Object.entries(response.headers)) {
          for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value])
            answerHeaders.append(name, item)
        }
        resolve({
          status: response.statusCode ?? 0,
          headers: answerHeaders,
          text: Buffer.concat(chunks).toString('utf8'),
        })
      })
    })
    // An error on the upload after the answer arrived is the server closing early: the answer stands.
    request.on('error', reject)
    request.end(body)
  })
}

/** A unique e-mail address for a bench vendor. */
export function uniqueEmail(label: string) {
  return `${label}.${randomBytes(4).toString('hex')}@reliability.test`
}

/** The newest 6-digit code mailed to `email`, from the development mailbox. */
async function mailedCode(node: Node, email: string) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const answer = await fetch(`${node.base}/dev/mailbox.json`)
    if (answer.ok) {
      const mails = (await answer.json()) as Array<{ to: string; subject: string; text: string }>
      // An invitation's link is no code: the newest mail to `email` that is not one.
      const mail = mails.find(
        (item) =>
          item.to.toLowerCase() === email.toLowerCase() && !item.subject.startsWith('Invitation to join'),
      )
      const code = mail?.text.match(/\b(\d{6})\b/)?.[1]
      if (code) return code
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`No code mailed to ${email}`)
}

/** The token of the newest invitation link mailed to `email`, from the development mailbox. */
export async function invitationToken(node: Node, email: string) {
  const token = await poll(async () => {
    const answer = await fetch(`${node.base}/dev/mailbox.json`)
    if (!answer.ok) return undefined
    const mails = (await answer.json()) as Array<{ to: string; text: string }>
    const mail = mails.find((item) => item.to.toLowerCase() === email.toLowerCase())
    const token = mail?.text.match(/\/invitation\?token=([\w%-]+)/)?.[1]
    return token === undefined ? undefined : decodeURIComponent(token)
  }, 5_000)
  if (token === undefined) throw new Error(`No invitation mailed to ${email}`)
  return token
}

/**
 * A vendor made the way a person makes one: register, the mailed code, Create Password, login.
 * Answers the logged-in browser. With an invitation (its e-mail and token), the registration
 * joins the inviting organization instead of making one.
 */
export async function registerVendor(nodes: Node[], label: string, spread = true) {
  const browser = new Browser(nodes, spread)
  const node = nodes[0]!
  await browser.bootstrap(node)
  const email = uniqueEmail(label)
  const registered = await browser.post(
    endpoints.register.path,
    {
      firstName: 'Rel',
      lastName: label.replace(/[^A-Za-z]/g, '') || 'Vendor',
      emailId: email,
      reEnteredEmailId: email,
      organization: 'Reliability Networks',
      lob: 'Wireline,Wireless',
      phoneNumber: '98450 12345',
      countryCode: '+91',
      country: 'India',
      state: 'Karnataka',
      city: 'Bengaluru',
    },
    { node },
  )
  const id = (registered.json as { id?: string } | undefined)?.id
  if (registered.status !== 200 || !id)
    throw new Error(`Registration failed: ${registered.status} ${registered.text}`)
  const otp = await mailedCode(node, email)
  const created = await browser.post(
    endpoints.changePassword.path,
    { otp, emailId: email, password: PASSWORD, confirmPassword: PASSWORD, id },
    { node },
  )
  if (created.status !== 200) throw new Error(`Create Password failed: ${created.status} ${created.text}`)
  await browser.login(email, PASSWORD, node)
  return browser
}

/**
 * Someone invited without an account, joining by the mailed link with a name and a password
 * (docs/decisions/0046), then logged in as a browser would be after it.
 */
export async function joinByInvitation(
  nodes: Node[],
  label: string,
  invitation: { email: string; token: string },
) {
  const browser = new Browser(nodes, true)
  const node = nodes[0]!
  await browser.bootstrap(node)
  const joined = await browser.post(
    endpoints.joinInvitation.path,
    {
      token: invitation.token,
      firstName: 'Rel',
      lastName: label.replace(/[^A-Za-z]/g, '') || 'Member',
      password: PASSWORD,
      confirmPassword: PASSWORD,
    },
    { node },
  )
  if (joined.status !== 200) throw new Error(`Joining failed: ${joined.status} ${joined.text}`)
  await browser.login(invitation.email, PASSWORD, node)
  return browser
}

/** Polls `check` until it answers a value (not undefined), or undefined after `timeoutMs`. */
export async function poll<T>(check: () => Promise<T | undefined>, timeoutMs: number, everyMs = 100) {
  const until = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > until) return undefined
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
}

/**
 * Lab staff made the way an operator makes them: `npm run lab:add-staff` on the
 * deployment's database — on PGlite with its node stopped, since PGlite's folder belongs to one
 * process — then the printed set-password link used over HTTP and a login. Answers the logged-in
 * browsers, in the order asked.
 */
export async function addLabStaff(
  deployment: Deployment,
  members: ReadonlyArray<{ label: string; role: 'Lab engineer' | 'Lab manager' }>,
): Promise<Browser[]> {
  const node = deployment.nodes[0]!
  const pglite = deployment.backend === 'PGlite'
  if (pglite) await deployment.stop(node)
  const made: Array<{ email: string; token: string }> = []
  try {
    for (const { label, role } of members) {
      const email = uniqueEmail(label)
      const output = execFileSync(
        process.execPath,
        [
          '--import',
          'tsx',
          'scripts/lab-add-staff.ts',
          '--email',
          email,
          '--name',
          `Lab ${label}`,
          '--role',
          role,
        ],
        { env: { ...process.env, ...deployment.env, PORTAL_URL: node.base }, encoding: 'utf8' },
      )
      const token = /\/lab\/set-password\?token=([\w-]+)/.exec(output)?.[1]
      if (!token) throw new Error(`lab:add-staff printed no link for ${email}: ${output}`)
      made.push({ email, token })
    }
  } finally {
    if (pglite) await deployment.restart(node)
  }
  const browsers: Browser[] = []
  for (const { email, token } of made) {
    const browser = new Browser(deployment.nodes)
    await browser.bootstrap()
    const set = await browser.post(endpoints.labSetPassword.path, {
      token,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    })
    if (set.status !== 200) throw new Error(`Setting ${email}'s password failed: ${set.status} ${set.text}`)
    await browser.login(email)
    browsers.push(browser)
  }
  return browsers
}

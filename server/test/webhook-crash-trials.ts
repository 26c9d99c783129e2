import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { TOKEN_HEADER } from '@/contract/auth'
import { endpoints } from '@/contract/endpoints'
import { submittedDevicePayload } from '@/contract/fixtures/payloads'
import {
  type CreateWebhookAnswer,
  WEBHOOK_EVENT_TYPES,
  type WebhookDeliveriesAnswer,
} from '@/contract/webhooks'
import { startTestReceiver, type TestReceiver } from './webhook-receiver.ts'

/*
 * docs/decisions/0027: the deliveries and their jobs survive kill -9. One real portal
 * process (crash-portal.ts) over a PGlite folder, a signed-webhook receiver on loopback that
 * answers after a random 0–80 ms (so a kill lands while deliveries are in flight), and per trial:
 * a device submitted, its certification started (whose run goes on, and ends, across the kill),
 * and comments added one after another, while the process is killed with SIGKILL at a random
 * moment 50–700 ms into the trial; then it is started again on the same folder.
 *
 * Expected: every change whose call was answered 200 before the kill (and each started run's end)
 * reaches the receiver, verified, within WAIT_MS after the last restart. Lost: expected and never
 * received. Duplicates (a delivery cut between its POST and its record is sent again) are allowed
 * and counted. Every delivery row ends 'succeeded'.
 *
 * `npx tsx bench/webhooks/crash.ts --trials 20` runs the full form; the suite runs 3
 * (crash.test.ts).
 */

const root = path.resolve(import.meta.dirname, '../..')
const EMAIL = 'crash.vendor@example.com'
const PASSWORD = 'Crash#Vendor2025'
const WAIT_MS = 60_000

export type CrashReport = {
  trials: number
  kills: number
  expected: number
  received: number
  lost: string[]
  duplicates: number
  deliveries: number
  notSucceeded: number
  refused: number
  seconds: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

class Client {
  cookie = ''
  token = ''
  vendorUserId = ''
  constructor(
    public mainUrl: string,
    public certUrl: string,
  ) {}

  async request(url: string, method: 'GET' | 'POST', body?: unknown, token = true) {
    const headers = new Headers({ 'Content-Type': 'application/json' })
    if (this.cookie) headers.set('Cookie', this.cookie)
    if (token && this.token) headers.set(TOKEN_HEADER, this.token)
    const response = await fetch(url, {
      method,
      headers,
      ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
      signal: AbortSignal.timeout(10_000),
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      if (pair.startsWith('portal_session=')) this.cookie = pair
    }
    return response
  }

  async login() {
    const bootstrap = await this.request(`${this.mainUrl}/api/token`, 'GET')
    this.token = bootstrap.headers.get(TOKEN_HEADER) ?? ''
    const login = await this.request(`${this.mainUrl}${endpoints.login.path}`, 'POST', {
      emailId: EMAIL,
      password: PASSWORD,
    })
    if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`)
    this.vendorUserId = ((await login.json()) as { vendorUserId: string }).vendorUserId
  }

  post(path: string, body: unknown) {
    return this.request(`${this.mainUrl}${path}`, 'POST', body)
  }
  get(path: string) {
    return this.request(`${this.mainUrl}${path}`, 'GET')
  }
}

type Portal = { child: ChildProcess; mainUrl: string; certUrl: string }

async function spawnPortal(dataDir: string): Promise<Portal> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/test/webhook-crash-portal.ts'], {
    cwd: root,
    env: {
      ...process.env,
      CRASH_DATA_DIR: dataDir,
      CRASH_EMAIL: EMAIL,
      CRASH_PASSWORD: PASSWORD,
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  })
  const lines = createInterface({ input: child.stdout! })
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve)
    child.once('exit', (code) => reject(new Error(`The crash portal exited (${code}) before it listened.`)))
  })
  lines.close()
  child.stdout!.resume()
  const { mainUrl, certUrl } = JSON.parse(first) as { mainUrl: string; certUrl: string }
  return { child, mainUrl, certUrl }
}

function kill(portal: Portal) {
  return new Promise<void>((resolve) => {
    if (portal.child.exitCode !== null || portal.child.signalCode !== null) return resolve()
    portal.child.once('exit', () => resolve())
    process.kill(-portal.child.pid!, 'SIGKILL')
  })
}

export async function runCrashTrials({
  trials,
  log = () => {},
}: {
  trials: number
  log?: (line: string) => void
}): Promise<CrashReport> {
  const started = Date.now()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'webhook-crash-'))
  const receiver: TestReceiver = await startTestReceiver('')
  receiver.answer = () => 200
  let portal = await spawnPortal(dataDir)
  const expected = new Map<string, (receiver: TestReceiver) => boolean>()
  const seen =
    (test: (body: { type: string; data: Record<string, unknown> }) => boolean) => (r: TestReceiver) =>
      r.received.some((delivery) => test(delivery.body as { type: string; data: Record<string, unknown> }))
  let kills = 0
  try {
    let client = new Client(portal.mainUrl, portal.certUrl)
    await client.login()
    const created = await client.post(endpoints.createWebhook.path, {
      url: receiver.url,
      events: [...WEBHOOK_EVENT_TYPES],
    })
    if (created.status !== 200) throw new Error(`createWebhook: ${created.status} ${await created.text()}`)
    const answer = (await created.json()) as CreateWebhookAnswer
    receiver.secret = answer.secret
    const endpointId = answer.endpoint.endpointId
    // Slow answers keep deliveries in flight when the kill comes.
    receiver.delay = () => Math.random() * 80

    for (let trial = 1; trial <= trials; trial += 1) {
      const killAt = Date.now() + 50 + Math.random() * 650
      const firmware = `7.${trial}.0`
      const work = (async () => {
        const submitted = await client.post(
          endpoints.submitPortfolio.path,
          submittedDevicePayload(client.vendorUserId, { baseFirmwareVersion: firmware }),
        )
        if (submitted.status !== 200) return
        expected.set(
          `record.submitted ${firmware}`,
          seen((b) => b.type === 'record.submitted' && b.data.baseFirmwareVersion === firmware),
        )
        const listed = await client.post(endpoints.listRecords.path, { vendorUserId: client.vendorUserId })
        const rows = (
          (await listed.json()) as {
            portfolioManagerSubmittedDetailsList: Array<{
              portfolioManagerId: string
              baseFirmwareVersion: string
            }>
          }
        ).portfolioManagerSubmittedDetailsList
        const record = rows.find((row) => row.baseFirmwareVersion === firmware)
        if (!record) return
        const recordId = record.portfolioManagerId
        const run = await client.request(
          `${client.certUrl}${endpoints.runTests.path}`,
          'POST',
          {
            vendor_user_id: client.vendorUserId,
            portfolio_manager_id: recordId,
          },
          false,
        )
        if (run.status === 200) {
          expected.set(
            `run.started ${recordId}`,
            seen((b) => b.type === 'run.started' && b.data.recordId === recordId),
          )
          expected.set(
            `run.finished ${recordId}`,
            seen((b) => b.type === 'run.finished' && b.data.recordId === recordId),
          )
        }
        for (let index = 1; index <= 50; index += 1) {
          const text = `trial ${trial} comment ${index}`
          const comment = await client.post(endpoints.addComment.path, { portfolioManagerId: recordId, text })
          if (comment.status !== 200) return
          expected.set(
            `comment.added ${text}`,
            seen((b) => b.type === 'comment.added' && b.data.text === text),
          )
        }
      })().catch(() => {
        // The kill cuts calls short: an unanswered call is not expected.
      })
      await sleep(Math.max(0, killAt - Date.now()))
      await kill(portal)
      kills += 1
      await work
      portal = await spawnPortal(dataDir)
      client = Object.assign(new Client(portal.mainUrl, portal.certUrl), {
        vendorUserId: client.vendorUserId,
      })
      await client.login()
      log(
        `trial ${trial}: killed; ${expected.size} changes expected so far, ${receiver.ids().size} events received`,
      )
    }

    // Every acknowledged change's delivery arrives, and every row ends succeeded.
    const until = Date.now() + WAIT_MS
    let deliveries: WebhookDeliveriesAnswer['deliveries'] = []
    while (Date.now() < until) {
      const missing = [...expected.values()].filter((check) => !check(receiver)).length
      deliveries = await allDeliveries(client, endpointId)
      if (missing === 0 && deliveries.every((delivery) => delivery.status === 'succeeded')) break
      await sleep(250)
    }
    const lost = [...expected.entries()].filter(([, check]) => !check(receiver)).map(([name]) => name)
    return {
      trials,
      kills,
      expected: expected.size,
      received: receiver.ids().size,
      lost,
      duplicates: receiver.duplicates(),
      deliveries: deliveries.length,
      notSucceeded: deliveries.filter((delivery) => delivery.status !== 'succeeded').length,
      refused: receiver.refused.length,
      seconds: Math.round((Date.now() - started) / 100) / 10,
    }
  } finally {
    await kill(portal)
    await receiver.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function allDeliveries(client: Client, endpointId: string) {
  const all: WebhookDeliveriesAnswer['deliveries'] = []
  let before: string | null = null
  do {
    const query = new URLSearchParams({ endpointId, ...(before ? { before } : {}) })
    const response = await client.get(`${endpoints.webhookDeliveries.path}?${query}`)
    if (response.status !== 200) throw new Error(`webhookDeliveries: ${response.status}`)
    const page = (await response.json()) as WebhookDeliveriesAnswer
    all.push(...page.deliveries)
    before = page.next
  } while (before)
  return all
}

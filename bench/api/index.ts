import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { TOKEN_HEADER } from '@/contract/auth'
import { blankSavePayload } from '@/contract/fixtures/payloads'
import { openDatabase } from '../../server/platform/db/database.ts'
import { createAccountWithOrganization } from '../../server/organizations/memberships.ts'
import { hashPassword } from '../../server/platform/passwords.ts'
import { SESSION_COOKIE } from '../../server/http/session-token.ts'
import { root, spawnPortal } from '../portal-process.ts'

/*
 * npm run bench:api — the main service under load (p99 under 50 ms at 50 connections
 * for get, list and save on the embedded database).
 *
 * 1. Makes a PGlite data folder the way `npm start` does (all seeds), with one vendor owning
 *    1,000 device records and a saved draft.
 * 2. Starts the real server (`tsx server/index.ts`) on it, in its own process, on free ports.
 * 3. Logs in over HTTP and drives each call with autocannon at BENCH_CONNECTIONS (50) for
 *    BENCH_SECONDS (10) each, after a short warm-up; a static file of the same server is the floor.
 * 4. Prints requests/s and latency p50/p97.5/p99/max per call, and the target's verdict.
 *    BENCH_CALLS=get,list,save picks calls; BENCH_CONNECTIONS, BENCH_SECONDS, BENCH_RECORDS.
 *
 * Every save sends a new description, so every save really writes (no no-change warning).
 */

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const RECORDS = Number(process.env.BENCH_RECORDS ?? 1000)
const TARGET_P99_MS = 50
const EMAIL = 'bench.vendor@example.com'
const PASSWORD = 'Bench#Vendor2026'

async function prepareData(dataDir: string) {
  const started = Date.now()
  const database = await openDatabase({ dataDir, seeds: { demoAccount: false } })
  const { db } = database
  const passwordHash = await hashPassword(PASSWORD)
  const made = await db.transaction().execute((trx) =>
    createAccountWithOrganization(trx, {
      email: EMAIL,
      first_name: 'Bench',
      last_name: 'Vendor',
      organization: 'Bench Networks',
      lob: 'Wireline,Wireless',
      phone_number: '98450 12345',
      country_code: '+91',
      country: 'India',
      state: 'Karnataka',
      city: 'Bengaluru',
      password_hash: passwordHash,
    }),
  )
  if (!made) throw new Error(`${EMAIL} exists already.`)
  const statuses = ['Submitted', 'InProgress', 'Completed', 'Completed', 'Maintenance'] as const
  const rows = Array.from({ length: RECORDS }, (_, index) => {
    const status = statuses[index % statuses.length] ?? 'Submitted'
    return {
      organization_id: made.organizationId,
      submitted_by: made.accountId,
      organization_name: 'Bench Networks',
      vendor: index % 2 ? 'Nokia' : 'Sagemcom',
      device_name: `Device ${index + 1}`,
      device_type: index % 3 ? 'Router' : 'ONT',
      product_class: index % 3 ? 'Wi-Fi 6' : 'XGS-PON',
      base_firmware_version: `${1 + (index % 4)}.${index % 10}.0`,
      business_domain: 'Wireline,Wireless',
      devices_to_be_certified: '1',
      device_number_list: [`SN${String(index).padStart(6, '0')}`],
      year_of_manufacturing: '2024',
      is_eng_build_available: 'Yes',
      created_by: 'Bench Vendor',
      creation_time: new Date(Date.now() - index * 60_000),
      status,
      is_certified:
        status === 'Completed'
          ? index % 10 === 2
            ? ('Validation failure' as const)
            : ('CERTIFIED-OK' as const)
          : ('' as const),
    }
  })
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows.length; start += 250) {
      await trx
        .insertInto('device_records')
        .values(rows.slice(start, start + 250))
        .execute()
    }
  })
  await database.close()
  console.log(
    `Data: ${RECORDS} device records for ${EMAIL} (${((Date.now() - started) / 1000).toFixed(1)} s to seed)`,
  )
}

async function waitFor(url: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`)
}

async function logIn(base: string) {
  const tokenAnswer = await fetch(`${base}/api/token`)
  const token = tokenAnswer.headers.get(TOKEN_HEADER) ?? ''
  let cookie = cookieOf(tokenAnswer)
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [TOKEN_HEADER]: token, Cookie: cookie },
    body: JSON.stringify({ emailId: EMAIL, password: PASSWORD }),
  })
  if (!login.ok) throw new Error(`Login failed: ${login.status} ${await login.text()}`)
  cookie = cookieOf(login) || cookie
  const { vendorUserId } = (await login.json()) as { vendorUserId: string }
  return { token, cookie, vendorUserId }
}

function cookieOf(response: Response) {
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';')
    if (pair.startsWith(`${SESSION_COOKIE}=`)) return pair
  }
  return ''
}

type Case = {
  name: string
  path: string
  method: 'GET' | 'POST'
  body?: (requestIndex: number) => string
}

type Figures = {
  name: string
  rps: number
  p50: number
  p975: number
  p99: number
  max: number
  errors: number
}

async function load(
  base: string,
  headers: Record<string, string>,
  item: Case,
  seconds: number,
): Promise<Figures> {
  let sent = 0
  const result = await autocannon({
    url: `${base}${item.path}`,
    connections: CONNECTIONS,
    duration: seconds,
    method: item.method,
    headers,
    ...(item.body
      ? {
          requests: [
            {
              setupRequest: (request: Record<string, unknown>) => ({ ...request, body: item.body?.(sent++) }),
            },
          ],
        }
      : {}),
  })
  return {
    name: item.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p975: result.latency.p97_5,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.timeouts + result.non2xx,
  }
}

async function main() {
  if (!existsSync(path.join(root, 'dist', 'index.html'))) {
    console.log('Building the front end (the static floor serves one of its files)…')
    spawnSync('node', ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' })
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'))
  await prepareData(dataDir)

  // BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", go to the server's node.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)
  const { server, base } = await spawnPortal({ dataDir, nodeArgs })
  try {
    await waitFor(`${base}/favicon.svg`)
    const session = await logIn(base)
    // As a browser sends them: the list of 1,000 records travels gzipped (about 25 KB, not 250 KB).
    const headers = {
      'Accept-Encoding': 'gzip, deflate, br',
      'Content-Type': 'application/json',
      [TOKEN_HEADER]: session.token,
      Cookie: session.cookie,
    }
    const vendorBody = JSON.stringify({ vendorUserId: session.vendorUserId })
    const organization = (description: string) =>
      JSON.stringify(
        blankSavePayload(session.vendorUserId, 1, {
          organizationName: 'Bench Networks',
          description,
          businessContactName: 'Bench Vendor',
          emailId: EMAIL,
          countryCode: '+91',
          phoneNumber: '98450 12345',
          bestTimeToReach: '10:30 AM',
          days: 'Monday,Wednesday',
          address: '1 Bench Road',
          country: 'India',
          state: 'Karnataka',
          city: 'Bengaluru',
        }),
      )
    const cases: Case[] = [
      { name: 'static file (floor)', path: '/favicon.svg', method: 'GET' },
      { name: 'get', path: '/api/portfoliomanager/get', method: 'POST', body: () => vendorBody },
      {
        name: `list (${RECORDS} records)`,
        path: '/api/portfoliomanager/list',
        method: 'POST',
        body: () => vendorBody,
      },
      {
        name: 'save (section 1)',
        path: '/api/portfoliomanager/save',
        method: 'POST',
        body: (index) => organization(`Bench equipment, save ${index}`),
      },
    ]

    // The first save creates the draft; every later one updates it.
    await fetch(`${base}/api/portfoliomanager/save`, { method: 'POST', headers, body: organization('first') })
    const figures: Figures[] = []
    // BENCH_CALLS=static,save measures only those.
    const only = (process.env.BENCH_CALLS ?? '').split(',').filter(Boolean)
    const chosen = cases.filter(
      (item) => only.length === 0 || only.some((name) => item.name.startsWith(name)),
    )
    for (const item of chosen) {
      await load(base, headers, item, 2) // warm-up: JIT, caches, connection pool
      figures.push(await load(base, headers, item, SECONDS))
    }

    console.log(
      `\nMain service, ${CONNECTIONS} connections, ${SECONDS} s per call, browser headers (gzip), PGlite in ${dataDir} (latency in ms)\n`,
    )
    const pad = (value: string | number, width: number) => String(value).padStart(width)
    console.log(
      `${'call'.padEnd(24)}${pad('req/s', 9)}${pad('p50', 7)}${pad('p97.5', 7)}${pad('p99', 7)}${pad('max', 7)}${pad('errors', 8)}`,
    )
    for (const row of figures) {
      console.log(
        `${row.name.padEnd(24)}${pad(row.rps.toFixed(0), 9)}${pad(row.p50, 7)}${pad(row.p975, 7)}${pad(row.p99, 7)}${pad(row.max, 7)}${pad(row.errors, 8)}`,
      )
    }
    const measured = figures.filter((row) => !row.name.startsWith('static'))
    const worst = Math.max(...measured.map((row) => row.p99))
    const errors = figures.reduce((sum, row) => sum + row.errors, 0)
    console.log(
      `\nTarget p99 < ${TARGET_P99_MS} ms for get, list and save: ${worst < TARGET_P99_MS && errors === 0 ? 'met' : 'NOT met'} (worst p99 ${worst} ms, ${errors} errors)`,
    )
  } finally {
    process.kill(-(server.pid ?? 0), 'SIGTERM')
    await new Promise((resolve) => server.once('exit', resolve))
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { sql } from 'kysely'
import { endpoints } from '../../src/contract/endpoints/index.ts'
import { openDatabase } from '../../server/platform/db/database.ts'
import { createAccountWithOrganization } from '../../server/organizations/memberships.ts'
import { hashPassword } from '../../server/platform/passwords.ts'
import { Browser, PASSWORD } from '../reliability/client.ts'
import { spawnPortal } from '../portal-process.ts'

/*
 * The directory of certified devices (GET /api/certified-devices) under load. Not part
 * of npm test.
 *
 *   npx tsx bench/certificates/directory.ts [--certificates=100000] [--connections=50] [--seconds=10]
 *
 * Seeds the certificates straight into a fresh PGlite folder (nine in ten published; 40 vendors,
 * 5 device types, 500 organizations), starts the portal on it as `npm start` would, and drives
 * each kind of directory page with autocannon at the given connections. Prints requests per
 * second and latency p50 / p97.5 / p99 / max per page; the target is p99 ≤ 50 ms per page.
 *
 * The portal keeps the listed certificates in memory and each answer per query until the listing
 * changes (docs/decisions/0025 point 10), so a page asked again and again is served from what it
 * kept. Two rows measure what that does not cover: "search (every request new)" asks for a
 * different device each time, so each request scans all 90,000 listed certificates; and "first
 * page while publishing" switches a certificate's listing through the API every 100 ms, so the
 * snapshot changes, reads its changes and answers anew all through the run.
 */

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((value) => value.startsWith(`--${name}=`))?.split('=')[1] ?? fallback)
const CERTIFICATES = arg('certificates', 100_000)
const CONNECTIONS = arg('connections', 50)
const SECONDS = arg('seconds', 10)
const TARGET_P99_MS = 50
const PUBLISHER_EMAIL = 'publisher@directory-bench.test'
/** How often the publishing row switches a certificate's listing. */
const PUBLISH_EVERY_MS = 100

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-directory-bench-'))
const seeding = performance.now()
const database = await openDatabase({ dataDir, seeds: { addresses: false, demoAccount: false } })
await sql`insert into certificate_keys (key_id, public_key) values ('bench-key', 'bench-public-key')`.execute(
  database.db,
)
// The publishing Owner: its organization holds every 500th certificate (bench-org-0).
const passwordHash = await hashPassword(PASSWORD)
const owner = await database.db.transaction().execute((trx) =>
  createAccountWithOrganization(trx, {
    email: PUBLISHER_EMAIL,
    first_name: 'Bench',
    last_name: 'Publisher',
    organization: 'Bench Networks 0',
    lob: 'Wireline',
    phone_number: '98450 12345',
    country_code: '+91',
    country: 'India',
    state: 'Karnataka',
    city: 'Bengaluru',
    password_hash: passwordHash,
  }),
)
if (!owner) throw new Error('The publishing Owner was not made.')
await sql`
  insert into certificates (number, run_id, portfolio_manager_id, organization_id, organization_name,
    vendor, device_name, device_type, product_class, payload, signature, key_id, issued_at,
    expires_at, published)
  select 'DCP-' || substr(h, 1, 4) || '-' || substr(h, 5, 4) || '-' || substr(h, 9, 4),
    'bench-run-' || i, 'bench-record-' || i,
    case when i % 500 = 0 then ${owner.organizationId} else 'bench-org-' || (i % 500) end,
    'Bench Networks ' || (i % 500), 'Vendor ' || (i % 40),
    'Device ' || i, (array['ONT', 'Wi-Fi Router', 'Extender', 'Wi-Fi Mesh Device', 'Set-top box'])[1 + i % 5],
    'Class ' || (i % 7), '{}', 'bench-signature', 'bench-key', now() - (i || ' minutes')::interval,
    now() + interval '3 years', i % 10 <> 0
  from generate_series(1, ${CERTIFICATES}) as i, upper(lpad(to_hex(i), 12, '0')) as h`.execute(database.db)
await sql`analyze certificates`.execute(database.db)
await database.close()
console.log(`Seeded ${CERTIFICATES} certificates in ${((performance.now() - seeding) / 1000).toFixed(1)} s.`)

const { server, base } = await spawnPortal({ dataDir })
try {
  for (let tries = 0; ; tries += 1) {
    const answer = await fetch(`${base}/api/portal-config`).catch(() => null)
    if (answer?.ok) break
    if (tries > 600) throw new Error('The portal did not start.')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const pages: Array<[string, string | (() => string)]> = [
    ['first page', ''],
    ['vendor filter', '?vendor=Vendor%207'],
    ['device type filter', '?deviceType=ONT'],
    ['vendor + type + class', '?vendor=Vendor%207&deviceType=Extender&productClass=Class%203'],
    ['search (device name)', '?search=Device%204242'],
    ['search (no match)', '?search=nothing-like-this'],
    ['page 200', '?page=200'],
    ['search (every request new)', () => `?search=Device%20${1 + Math.floor(Math.random() * CERTIFICATES)}`],
  ]
  console.log(
    `\nGET /api/certified-devices — ${CERTIFICATES} certificates, ${CONNECTIONS} connections, ${SECONDS} s each (PGlite)\n`,
  )
  console.log('page                           req/s    p50 ms  p97.5 ms  p99 ms  max ms  errors  target')
  let met = true
  const measure = (query: string | (() => string)) =>
    autocannon({
      url: `${base}/api/certified-devices${typeof query === 'string' ? query : ''}`,
      connections: CONNECTIONS,
      duration: SECONDS,
      ...(typeof query === 'string'
        ? {}
        : {
            requests: [
              { setupRequest: (request) => ({ ...request, path: `/api/certified-devices${query()}` }) },
            ],
          }),
    })

  // The Owner switches its certificates' listing through the API while the first page is read.
  const node = { name: 'bench', base, certBase: base, process: server, spawnedAt: Date.now() }
  const publisher = new Browser([node], false)
  await publisher.bootstrap(node)
  await publisher.login(PUBLISHER_EMAIL, PASSWORD, node)
  let publishing = false
  let switched = 0
  const publishLoop = async () => {
    for (let turn = 0; publishing; turn += 1) {
      const hex = (500 * (1 + (turn % Math.floor(CERTIFICATES / 500))))
        .toString(16)
        .toUpperCase()
        .padStart(12, '0')
      const answer = await publisher.post(endpoints.publishCertificate.path, {
        vendorUserId: publisher.vendorUserId,
        number: `DCP-${hex.slice(0, 4)}-${hex.slice(4, 8)}-${hex.slice(8)}`,
        published: turn % 2 === 0,
      })
      if (answer.status !== 200) throw new Error(`Publishing failed: ${answer.status} ${answer.text}`)
      switched += 1
      await new Promise((resolve) => setTimeout(resolve, PUBLISH_EVERY_MS))
    }
  }

  for (const [name, query] of [...pages, ['first page while publishing', ''] as const]) {
    const whilePublishing = name === 'first page while publishing'
    publishing = whilePublishing
    const loop = whilePublishing ? publishLoop() : Promise.resolve()
    const result = await measure(query)
    publishing = false
    await loop
    // A page that answered nothing in the time (every request timed out) is no pass.
    const ok =
      result.requests.average > 0 &&
      result.latency.p99 <= TARGET_P99_MS &&
      result.errors + result.timeouts === 0 &&
      result.non2xx === 0
    met &&= ok
    console.log(
      `${name.padEnd(29)} ${String(Math.round(result.requests.average)).padStart(6)} ${String(result.latency.p50).padStart(9)} ${String(result.latency.p97_5).padStart(9)} ${String(result.latency.p99).padStart(7)} ${String(result.latency.max).padStart(7)} ${String(result.errors + result.timeouts + result.non2xx).padStart(7)}  ${ok ? 'met' : 'MISSED'}`,
    )
  }
  console.log(`\nWhile the first page was read, the Owner switched a listing ${switched} times.`)
  console.log(
    `\nTarget p99 ≤ ${TARGET_P99_MS} ms per page at ${CONNECTIONS} connections: ${met ? 'met' : 'missed'}`,
  )
} finally {
  if (server.pid) process.kill(-server.pid, 'SIGTERM')
  await new Promise((resolve) => setTimeout(resolve, 500))
  rmSync(dataDir, { recursive: true, force: true })
}

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { sql } from 'kysely'
import { openDatabase } from '../../server/db/database.ts'
import { spawnPortal } from '../portal-process.ts'

/*
 * Issue 20: the directory of certified devices (GET /api/certified-devices) under load. Not part
 * of npm test.
 *
 *   npx tsx bench/certificates/directory.ts [--certificates=100000] [--connections=50] [--seconds=10]
 *
 * Seeds the certificates straight into a fresh PGlite folder (nine in ten published; 40 vendors,
 * 5 device types, 500 organizations), starts the portal on it as `npm start` would, and drives
 * each kind of directory page with autocannon at the given connections. Prints requests per
 * second and latency p50 / p97.5 / p99 / max per page; the target is p99 ≤ 50 ms per page.
 */

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((value) => value.startsWith(`--${name}=`))?.split('=')[1] ?? fallback)
const CERTIFICATES = arg('certificates', 100_000)
const CONNECTIONS = arg('connections', 50)
const SECONDS = arg('seconds', 10)
const TARGET_P99_MS = 50

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-directory-bench-'))
const seeding = performance.now()
const database = await openDatabase({ dataDir, seeds: { addresses: false, demoAccount: false } })
await sql`insert into certificate_keys (key_id, public_key) values ('bench-key', 'bench-public-key')`.execute(
  database.db,
)
await sql`
  insert into certificates (number, run_id, portfolio_manager_id, organization_id, organization_name,
    vendor, device_name, device_type, product_class, payload, signature, key_id, issued_at,
    expires_at, published)
  select 'DCP-' || upper(lpad(to_hex(i), 12, '0')), 'bench-run-' || i, 'bench-record-' || i,
    'bench-org-' || (i % 500), 'Bench Networks ' || (i % 500), 'Vendor ' || (i % 40),
    'Device ' || i, (array['ONT', 'Wi-Fi Router', 'Extender', 'Wi-Fi Mesh Device', 'Set-top box'])[1 + i % 5],
    'Class ' || (i % 7), '{}', 'bench-signature', 'bench-key', now() - (i || ' minutes')::interval,
    now() + interval '3 years', i % 10 <> 0
  from generate_series(1, ${CERTIFICATES}) as i`.execute(database.db)
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
  const pages: Array<[string, string]> = [
    ['first page', ''],
    ['vendor filter', '?vendor=Vendor%207'],
    ['device type filter', '?deviceType=ONT'],
    ['vendor + type + class', '?vendor=Vendor%207&deviceType=Extender&productClass=Class%203'],
    ['search (device name)', '?search=Device%204242'],
    ['search (no match)', '?search=nothing-like-this'],
    ['page 200', '?page=200'],
  ]
  console.log(
    `\nGET /api/certified-devices — ${CERTIFICATES} certificates, ${CONNECTIONS} connections, ${SECONDS} s each (PGlite)\n`,
  )
  console.log('page                       req/s    p50 ms  p97.5 ms  p99 ms  max ms  errors  target')
  let met = true
  for (const [name, query] of pages) {
    const result = await autocannon({
      url: `${base}/api/certified-devices${query}`,
      connections: CONNECTIONS,
      duration: SECONDS,
    })
    // A page that answered nothing in the time (every request timed out) is no pass.
    const ok =
      result.requests.average > 0 &&
      result.latency.p99 <= TARGET_P99_MS &&
      result.errors + result.timeouts === 0 &&
      result.non2xx === 0
    met &&= ok
    console.log(
      `${name.padEnd(25)} ${String(Math.round(result.requests.average)).padStart(6)} ${String(result.latency.p50).padStart(9)} ${String(result.latency.p97_5).padStart(9)} ${String(result.latency.p99).padStart(7)} ${String(result.latency.max).padStart(7)} ${String(result.errors + result.timeouts + result.non2xx).padStart(7)}  ${ok ? 'met' : 'MISSED'}`,
    )
  }
  console.log(
    `\nTarget p99 ≤ ${TARGET_P99_MS} ms per page at ${CONNECTIONS} connections: ${met ? 'met' : 'missed'}`,
  )
} finally {
  if (server.pid) process.kill(-server.pid, 'SIGTERM')
  await new Promise((resolve) => setTimeout(resolve, 500))
  rmSync(dataDir, { recursive: true, force: true })
}

import { liveDashboard } from './dashboard.ts'
import { fanOut } from './fan-out.ts'
import type { Verdict } from './stats.ts'

/*
 * npm run bench:live — live events measured (see README.md).
 *
 *   npm run bench:live                     both parts, full size: 100 vendors × 10 tabs and 100 runs
 *                                          on PGlite; the dashboard with 100,000 records, 100 events/s
 *   npm run bench:live -- --quick          10 vendors × 3 tabs, 10 runs; 10,000 records (< ~60 s)
 *   npm run bench:live -- --postgres       part 1 on PostgreSQL with two portal processes
 *   npm run bench:live -- --strict         exit 1 when a target is missed
 *   npm run bench:live -- --fan-out-only   or --dashboard-only
 *
 * Environment (each overrides the form's default): LIVE_VENDORS, LIVE_TABS, LIVE_CASE_MS (the
 * servers' CERT_CASE_MS, 50), LIVE_START_SPREAD_MS (runs' starts spread over this, 0),
 * LIVE_TIMEOUT_S (wait for the runs, 300), LIVE_OPENING (streams opening at once, 100), LIVE_ROWS, LIVE_EVENTS_PER_S (100), LIVE_KEYS,
 * LIVE_QUIET_KEYS, LIVE_KEY_INTERVAL_MS (120), LIVE_STREAM_VIA (route | proxy), LIVE_SKIP_BUILD=1,
 * LIVE_PROFILE=<file> (CPU profile of the typing under events),
 * RELIABILITY_SERVER_STDERR=1 (show the servers' output).
 */

const args = new Set(process.argv.slice(2))
const known = ['--quick', '--strict', '--postgres', '--fan-out-only', '--dashboard-only']
for (const arg of args) {
  if (!known.includes(arg)) {
    console.error(`Unknown option ${arg}. Options: ${known.join(' ')}`)
    process.exit(2)
  }
}
const quick = args.has('--quick')
const strict = args.has('--strict')
const number = (name: string, full: number, short: number) => {
  const value = process.env[name]
  return value !== undefined && value !== '' ? Number(value) : quick ? short : full
}

const started = Date.now()
const verdicts: Verdict[] = []
let failed = false

if (!args.has('--dashboard-only')) {
  try {
    const result = await fanOut({
      vendors: number('LIVE_VENDORS', 100, 10),
      tabs: number('LIVE_TABS', 10, 3),
      caseMs: number('LIVE_CASE_MS', 50, 50),
      postgres: args.has('--postgres'),
      startSpreadMs: number('LIVE_START_SPREAD_MS', 0, 0),
      timeoutMs: number('LIVE_TIMEOUT_S', 300, 60) * 1000,
    })
    verdicts.push(...result.verdicts)
  } catch (error) {
    failed = true
    console.error(
      `Fan-out failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    )
  }
}

if (!args.has('--fan-out-only')) {
  try {
    const via = process.env.LIVE_STREAM_VIA === 'proxy' ? 'proxy' : 'route'
    const result = await liveDashboard({
      rows: number('LIVE_ROWS', 100_000, 10_000),
      eventsPerSecond: number('LIVE_EVENTS_PER_S', 100, 100),
      keys: number('LIVE_KEYS', 120, 30),
      quietKeys: number('LIVE_QUIET_KEYS', 40, 10),
      via,
      skipBuild: process.env.LIVE_SKIP_BUILD === '1',
    })
    verdicts.push(...result.verdicts)
  } catch (error) {
    failed = true
    console.error(
      `Dashboard part failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    )
  }
}

const missed = verdicts.filter((verdict) => !verdict.pass)
console.log(
  `\nbench:live${quick ? ' --quick' : ''}: ${verdicts.length - missed.length}/${verdicts.length} targets met${failed ? ', a part failed to run' : ''} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
)
for (const verdict of missed) console.log(`  missed: ${verdict.target} (${verdict.figure})`)
process.exit(failed || (strict && missed.length > 0) ? 1 : 0)

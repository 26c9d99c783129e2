#!/usr/bin/env node
// `npm test`: every check and test suite in one run, ending with a plain "N passed, N failed" line.
// Steps: type check, lint, format check and dead code (knip) side by side; the app and server
// build beside the Storybook build; then, the Storybook build going on, side by side the unit and
// server tests (Vitest, server suites on PGlite), the server suites again on PostgreSQL
// (scripts/test-pg.mjs), the production install started and logged in to
// (scripts/production-install.mjs) and the reliability suite's quick form (bench/reliability);
// then one portal server for the Storybook test-runner (every story's play function and axe
// check) and the Playwright journeys, those that start portals of their own with each portal on a
// throwaway PostgreSQL. A step that is not a test suite counts as one check. The
// summary gives each step's time and how many cores the machine kept busy meanwhile.
//
// The PostgreSQL step needs Debian's postgresql package or DATABASE_URL; without either it is
// skipped with a note on a developer's machine and fails under CI=true (.ci/run installs it).
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import path from 'node:path'
import { journeyDatabaseCount } from './e2e-pg.mjs'
import { findPostgresBin, freePort, postgresForTests } from './test-pg.mjs'

const REPORTS = '.reports'
rmSync(REPORTS, { recursive: true, force: true })
mkdirSync(REPORTS, { recursive: true })

const results = []
const only = process.argv.slice(2)

/**
 * Runs a step's command; answers its exit code and, for a step run beside others (buffered), its
 * output, which the step prints whole once it ends: two steps' lines never interleave.
 */
function run(command, args, env = {}, buffered = false) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    })
    const output = []
    if (buffered) {
      child.stdout.on('data', (chunk) => output.push(chunk))
      child.stderr.on('data', (chunk) => output.push(chunk))
    }
    child.on('close', (code) => resolve({ code: code ?? 1, output: Buffer.concat(output) }))
  })
}

/** The machine's busy and total CPU time so far (Linux's /proc/stat), to say how busy a step kept it. */
function cpuTimes() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number)
    const idle = fields[3] + (fields[4] ?? 0)
    const total = fields.reduce((sum, value) => sum + value, 0)
    return { busy: total - idle, total }
  } catch {
    return undefined
  }
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return undefined
  }
}

/** Runs a step and counts its tests. */
async function step(name, command, args, { env, report, buffered } = {}) {
  if (only.length > 0 && !only.includes(name)) return
  const started = Date.now()
  const cpuBefore = cpuTimes()
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`)
  const { code, output } = await run(command, args, env, buffered)
  const seconds = (Date.now() - started) / 1000
  const cpuAfter = cpuTimes()
  // How many cores the machine kept busy meanwhile (all its work, steps beside this one included).
  const cores =
    cpuBefore && cpuAfter && cpuAfter.total > cpuBefore.total
      ? ((cpuAfter.busy - cpuBefore.busy) / (cpuAfter.total - cpuBefore.total)) * availableParallelism()
      : undefined
  if (output.length > 0) process.stdout.write(output)
  const counts = report?.() ?? { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1 }
  // A suite that exits non-zero without a failing test (it crashed, or ran nothing) still fails.
  if (code !== 0 && counts.failed === 0) counts.failed = 1
  results.push({ name, ...counts, seconds, cores })
  console.log(`◀ ${name}: ${counts.passed} passed, ${counts.failed} failed (${seconds.toFixed(1)} s)`)
}

/** Steps run side by side: those that each keep about one core busy finish in about half the time on two. */
const together = (...steps) => Promise.all(steps.map((args) => step(...args)))

async function waitFor(url, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`)
}

const npx = 'npx'
/**
 * The type check runs TypeScript 7, the compiler in native code (package typescript-native): the
 * same checks as the TypeScript 6 that typescript-eslint and knip need for its JavaScript API, in
 * about 15 CPU-s instead of 40 (docs/decisions/0055).
 */
const TSC = 'node_modules/typescript-native/bin/tsc'

/** The failed tests of a Jest-shaped report (Vitest's JSON reporter, the Storybook test-runner's). */
function jestFailures(json) {
  return (json?.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((test) => test.status === 'failed')
      .map((test) => {
        const name = test.fullName || [...(test.ancestorTitles ?? []), test.title].join(' › ')
        return `${name}${reason(test.failureMessages?.[0])}`
      }),
  )
}

/** The first lines of a failure's message, without colour codes: a CI tail then says why, not only what. */
function reason(message) {
  if (!message) return ''
  const lines = String(message)
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('at '))
  return lines.length > 0 ? `\n      ${lines.slice(0, 4).join('\n      ').slice(0, 600)}` : ''
}

/** The failed tests of Playwright's JSON report, with their project. */
function playwrightFailures(json) {
  const failures = []
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'unexpected')
          failures.push(
            `[${test.projectName}] ${[...titles, spec.title].filter(Boolean).join(' › ')}${reason(test.results?.at(-1)?.error?.message)}`,
          )
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title])
  }
  for (const suite of json?.suites ?? []) visit(suite, [suite.title])
  return failures
}

const playwrightReport = (file) => () => {
  const json = readJson(file)
  if (!json?.stats) return undefined
  return {
    passed: json.stats.expected + json.stats.flaky,
    failed: json.stats.unexpected,
    failures: playwrightFailures(json),
  }
}

const vitestReport = (file) => () => {
  const json = readJson(file)
  return json
    ? { passed: json.numPassedTests, failed: json.numFailedTests, failures: jestFailures(json) }
    : undefined
}

const suiteStarted = Date.now()
// The static checks each run on one core: side by side.
await together(
  ['typecheck', 'node', [TSC, '--noEmit', '-p', '.'], { buffered: true }],
  ['lint', npx, ['eslint', '--max-warnings', '0', '.'], { buffered: true }],
  ['format', npx, ['prettier', '--check', '--log-level', 'warn', '.'], { buffered: true }],
  ['dead-code', npx, ['knip', '--no-progress'], { buffered: true }],
)
// The builds: the production install and the reliability suite below run what the app's build made;
// only the stories step needs the Storybook's. So the four below start when the app's build ends,
// while the Storybook's goes on beside them: the app's build keeps one core busy, the Storybook's
// one and a half, and waiting for both left a third of a core idle for 20 s. (Both stamped,
// scripts/build-inputs.mjs: a later npm start serves them without building them again.)
const storybookBuilt = step('build-storybook', 'node', ['scripts/build-storybook.mjs'], { buffered: true })
await step('build', 'node', ['scripts/build.mjs'], { buffered: true })
// Then, side by side, four steps whose tests wait on timers, other processes and one another as
// much as on the CPU (measured alone, each left part of the machine idle: the unit tests 1.8 cores
// busy, the server suites on PostgreSQL 1.4, the reliability suite 1.1 — its portal on PGlite answers
// one query at a time — and the production install 1.3). Together they keep both cores busy and
// take 294 s, against 178 s and then 174 s for the unit tests and the three others:
// - Vitest: the unit tests and the server suites on PGlite;
// - the server suites again on PostgreSQL (scripts/test-pg.mjs);
// - the built portal on a production install (npm ci --omit=dev), started and logged in to;
// - the reliability suite's quick form against the real, built portal on PGlite (bench/reliability;
//   after the build: a path that leaves /api/, as /api/%2e%2e does, is the app's page, 503 unbuilt):
//   the authorisation matrix, a few hundred bad payloads, one kill -9, light concurrency. It prints
//   the figures and, with --strict, fails the check when a target is missed (a leak, a 5xx, a
//   refusal not naming its field, a state change from refused input, a stuck run, a lost write, a
//   duplicate).
const postgresAvailable = Boolean(process.env.DATABASE_URL) || Boolean(findPostgresBin())
if (!postgresAvailable && !process.env.CI && (only.length === 0 || only.includes('server-pg'))) {
  console.log('\n▷ server-pg skipped: no PostgreSQL here (apt-get install postgresql, or set DATABASE_URL).')
}
await together(
  [
    'unit',
    npx,
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${REPORTS}/vitest.json`],
    { report: vitestReport(`${REPORTS}/vitest.json`), buffered: true },
  ],
  ...(postgresAvailable || process.env.CI
    ? [
        [
          'server-pg',
          'node',
          [
            'scripts/test-pg.mjs',
            '--reporter=default',
            '--reporter=json',
            `--outputFile=${REPORTS}/server-pg.json`,
          ],
          { report: vitestReport(`${REPORTS}/server-pg.json`), buffered: true },
        ],
      ]
    : []),
  ['production', 'node', ['scripts/production-install.mjs'], { buffered: true }],
  ['reliability', npx, ['tsx', 'bench/reliability/index.ts', '--quick', '--strict'], { buffered: true }],
)
await storybookBuilt

/**
 * The journeys that start portals of their own, with each portal on PostgreSQL
 * (scripts/e2e-pg.mjs: revisions and recertification, a lab manager's plan v2): run alone
 * (`node scripts/test-all.mjs e2e-pg`, npm run test:e2e:pg). In a whole run those journeys are in
 * the e2e step, their portals on PostgreSQL there (journeyDatabase below).
 */
async function postgresJourneys() {
  if (!postgresAvailable && !process.env.CI) return
  await step('e2e-pg', 'node', ['scripts/e2e-pg.mjs'], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${REPORTS}/e2e-pg.json`, E2E_BUILT_SERVER: '1' },
    report: playwrightReport(`${REPORTS}/e2e-pg.json`),
    buffered: true,
  })
}

/**
 * The PostgreSQL server the journeys' own portals make their databases on (e2e/own-portal.ts;
 * DATABASE_URL's server, or a throwaway cluster as for the server suites): the journeys that start
 * a portal of their own run it on PostgreSQL, the others reach the shared portal below on PGlite,
 * each journey once (docs/decisions/0057). None without PostgreSQL on a developer's machine: their
 * portals run on PGlite then.
 */
function journeyDatabase() {
  if (only.length > 0 && !only.includes('e2e')) return undefined
  if (!postgresAvailable && !process.env.CI) return undefined
  return postgresForTests('the journeys’ own portals')
}

/**
 * The journeys' own portals made their databases on PostgreSQL: counted, as scripts/e2e-pg.mjs
 * does, and a check that fails when there is none (the journeys would have run on PGlite).
 */
async function journeysReachedPostgres(databaseUrl) {
  const made = await journeyDatabaseCount(databaseUrl)
  console.log(`${made} portal databases made on PostgreSQL by the journeys`)
  if (made === 0)
    results.push({
      name: 'e2e-postgres',
      passed: 0,
      failed: 1,
      seconds: 0,
      failures: ['no journey made a database on PostgreSQL'],
    })
}

const needsServer = only.length === 0 || only.includes('stories') || only.includes('e2e')
let server
if (needsServer) {
  const port = await freePort()
  const baseURL = `http://127.0.0.1:${port}`
  // Its own data folder and free ports: a portal a developer is running is left alone.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-test-data-'))
  let certPort = await freePort()
  while (certPort === port) certPort = await freePort()
  // The server the build step bundled, as production runs it.
  server = spawn(process.execPath, ['dist-server/index.js'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      MAIN_PORT: String(port),
      CERT_PORT: String(certPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      // The simulated lab, paced fast: a journey's certification run ends in a second or two.
      CERT_CASE_MS: process.env.CERT_CASE_MS ?? '100',
      // Every journey registers from 127.0.0.1: the per-address cap on mail-sending calls (10 per
      // 15 minutes, docs/decisions/0016) would refuse the eleventh (playwright.config.ts does the same).
      MAIL_CALLS_PER_IP: '1000',
    },
    detached: true,
  })
  // Made while the stories run: the journeys need it only after them. Its failure is the e2e
  // step's (awaited there), not an unhandled rejection meanwhile.
  const databaseForJourneys = journeyDatabase()
  databaseForJourneys?.catch(() => {})
  try {
    await waitFor(`${baseURL}/storybook/index.json`)
    await step(
      'stories',
      npx,
      [
        'test-storybook',
        '--url',
        `${baseURL}/storybook`,
        '--index-json',
        '--maxWorkers=2',
        '--json',
        '--outputFile',
        `${REPORTS}/stories.json`,
      ],
      {
        report: () => {
          const json = readJson(`${REPORTS}/stories.json`)
          return json
            ? { passed: json.numPassedTests, failed: json.numFailedTests, failures: jestFailures(json) }
            : undefined
        },
      },
    )
    const database = await databaseForJourneys
    // No trace recorded: recording one for every journey, to keep a failure's, costs about a
    // third of the step's CPU. A journey that fails here is run alone to get its trace
    // (`npx playwright test e2e/<spec>` keeps the trace of a failure: playwright.config.ts).
    await step('e2e', npx, ['playwright', 'test', '--trace=off'], {
      env: {
        E2E_BASE_URL: baseURL,
        E2E_CERT_URL: `http://127.0.0.1:${certPort}`,
        // The journeys' own portals run the server the build step bundled too, each on a database
        // of its own on this PostgreSQL (e2e/own-portal.ts).
        E2E_BUILT_SERVER: '1',
        ...(database ? { E2E_DATABASE_URL: database.databaseUrl } : {}),
        PLAYWRIGHT_JSON_OUTPUT_NAME: `${REPORTS}/e2e.json`,
      },
      report: playwrightReport(`${REPORTS}/e2e.json`),
    })
    if (database) await journeysReachedPostgres(database.databaseUrl)
  } finally {
    process.kill(-server.pid, 'SIGTERM')
    if (server.exitCode === null && server.signalCode === null) {
      await new Promise((resolve) => server.once('exit', resolve))
    }
    rmSync(dataDir, { recursive: true, force: true })
    await databaseForJourneys?.then(
      (database) => database.stop(),
      () => {},
    )
  }
}

if (!needsServer) await postgresJourneys()

console.log('\nSummary')
for (const r of results) {
  const cores = r.cores === undefined ? '' : `  ${r.cores.toFixed(1)} cores busy`
  console.log(
    `  ${r.failed === 0 ? '✓' : '✗'} ${r.name.padEnd(16)} ${String(r.passed).padStart(4)} passed, ${r.failed} failed  ${r.seconds.toFixed(1).padStart(6)} s${cores}`,
  )
}
console.log(`  ${'all steps'.padEnd(16)} ${((Date.now() - suiteStarted) / 1000).toFixed(1)} s`)
// The failed tests by name, last before the count, so a short tail of the output still names them.
const failures = results.flatMap((r) => (r.failures ?? []).map((name) => `${r.name}: ${name}`))
if (failures.length > 0) {
  console.log('\nFailed')
  for (const name of failures) console.log(`  ✗ ${name}`)
}
const passed = results.reduce((sum, r) => sum + r.passed, 0)
const failed = results.reduce((sum, r) => sum + r.failed, 0)
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)

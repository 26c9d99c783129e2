import { EXAMPLE_ORGANIZATION } from '@/contract/fixtures/payloads'
import { endpoints } from '@/contract/endpoints'
import { Browser, PASSWORD, poll, progressOf, registerVendor } from './client.ts'
import { concurrency } from './concurrency.ts'
import { crashes } from './crashes.ts'
import {
  CASE_MS,
  dropPostgresTemplate,
  startCluster,
  startPglite,
  startPostgresPair,
  type Backend,
  type Deployment,
  type PostgresCluster,
} from './deployment.ts'
import {
  maxResume,
  missedTargets,
  newFigures,
  percent,
  printTable,
  RESUME_TARGET_S,
  type Figures,
} from './figures.ts'
import { badInput } from './fuzz.ts'
import { mailOverSmtp } from './mail.ts'
import { authorisationMatrix } from './matrix.ts'
import { webhookDestinations } from './webhooks.ts'

/*
 * npm run bench:reliability — how the real server holds up against callers who
 * are not the owner, bad input, kill -9, concurrency, and two processes on one PostgreSQL. It is a
 * measurement: it prints figures and exits 0; --strict exits 1 when a target is missed.
 *
 *   npm run bench:reliability                   the full run: PGlite, then PostgreSQL ×2
 *   npm run bench:reliability -- --quick        the form npm test runs: PGlite only, the matrix,
 *                                               ~20 payloads per endpoint, one kill, light load
 *   --strict        exit 1 when a target is missed (0 leaks, 0 5xx, … — see README.md)
 *   --pglite-only / --postgres-only             one backend
 *   RELIABILITY_PAYLOADS (payloads per POST endpoint; 1000, quick 20),
 *   RELIABILITY_CRASH_TRIALS (20, quick 1), RELIABILITY_CASE_MS (CERT_CASE_MS of the servers, 150),
 *   RELIABILITY_RESUME_WAIT_S (45), RELIABILITY_SERVER_STDERR=1 (show the servers' errors).
 *
 * Each section gets a fresh database (a copy of a seeded template), so that one section's
 * attacker-like traffic (failed logins count per address) cannot lock the next one's vendors; the
 * quick form uses one database and floods it last.
 */

const args = new Set(process.argv.slice(2))
const quick = args.has('--quick')
const strict = args.has('--strict')
const PAYLOADS = Number(process.env.RELIABILITY_PAYLOADS ?? (quick ? 20 : 1000))
const TRIALS = Number(process.env.RELIABILITY_CRASH_TRIALS ?? (quick ? 1 : 20))
/**
 * --sections=matrix,input,crashes,concurrency,webhooks,mail picks sections (while working on one).
 * The quick form (npm test) leaves out webhooks and mail unless they are named: each restarts or
 * starts a portal of its own (~15 and ~30 s), and the server suites test the same
 * (server/webhooks/destination-delivery.test.ts, server/apps/mail-addresses.test.ts).
 */
const SECTIONS = new Set(
  (
    process.argv.find((arg) => arg.startsWith('--sections='))?.slice('--sections='.length) ??
    (quick ? 'matrix,input,crashes,concurrency' : 'matrix,input,crashes,concurrency,webhooks,mail')
  ).split(','),
)

/** Section 5's own checks: what two processes on one database must share. */
async function crossProcess(deployment: Deployment, figures: Figures) {
  const [a, b] = deployment.nodes
  if (!a || !b) return
  const checks = figures.crossProcess
  const vendor = await registerVendor([a], 'cross', false)
  // A session from A works in B.
  const read = await vendor.post(
    endpoints.getPortfolio.path,
    { vendorUserId: vendor.vendorUserId },
    { node: b },
  )
  checks['a session from A works in B'] = read.status === 200
  // Saves through A are seen through B (and back), also right after a read filled B's caches.
  let seen = true
  for (let n = 0; n < 5; n += 1) {
    const description = `cross save ${n}`
    const saved = await vendor.save(1, { ...EXAMPLE_ORGANIZATION, description }, { node: n % 2 ? b : a })
    const other = n % 2 ? a : b
    if (saved.status === 200 && String((await vendor.getDraft(other))?.description) !== description)
      seen = false
  }
  checks['saves through A seen through B'] = seen
  // Login limits are shared: the failures on A and B add up.
  const target = await registerVendor([a], 'limited', false)
  const guesser = new Browser([a, b])
  await guesser.bootstrap(a)
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await guesser.post(
      endpoints.login.path,
      { emailId: target.email, password: 'Wrong#Guess2026' },
      { node: attempt % 2 ? b : a },
    )
  }
  const sixth = await guesser.post(
    endpoints.login.path,
    { emailId: target.email, password: PASSWORD },
    { node: b },
  )
  checks['login limits shared'] = sixth.status === 429
  // A run started through A is executed once, and B shows it.
  countSubmit: {
    const submitted = await vendor.submit({}, { node: a })
    if (submitted.status !== 200) break countSubmit
    const recordId = (await vendor.records(b))[0]?.portfolioManagerId
    if (!recordId) break countSubmit
    await vendor.runTests(recordId, a)
    const runs = await poll(
      async () => {
        const list = await vendor.runs(recordId, b)
        return list.length > 0 && list.every((run) => progressOf(run) >= 1000) ? list : undefined
      },
      60_000,
      250,
    )
    checks['runs executed once'] =
      runs !== undefined &&
      runs.length === 1 &&
      runs[0]!.testCases.every(
        (testCase) => testCase.log.filter((line) => /^(PASS|FAIL)\b/.test(line)).length === 1,
      )
  }
  console.log(`\n### 5. Two processes on one PostgreSQL`)
  printTable(
    ['check', 'held'],
    Object.entries(checks).map(([name, held]) => [name, held ? 'yes' : 'NO']),
  )
  console.log(
    `Summary: ${Object.values(checks).filter(Boolean).length} of ${Object.keys(checks).length} checks held`,
  )
}

async function withDeployment(
  start: () => Promise<Deployment>,
  work: (deployment: Deployment) => Promise<void>,
) {
  const deployment = await start()
  try {
    await work(deployment)
  } finally {
    await deployment.close()
  }
}

async function measure(backend: Backend, start: () => Promise<Deployment>) {
  const figures = newFigures()
  const began = Date.now()
  console.log(`\n## ${backend}${quick ? ' (quick form)' : ''}`)
  if (quick) {
    await withDeployment(start, async (deployment) => {
      if (SECTIONS.has('matrix')) await authorisationMatrix(deployment, figures)
      if (deployment.nodes.length > 1) await crossProcess(deployment, figures)
      if (SECTIONS.has('concurrency')) await concurrency(deployment, figures, 0.2)
      if (SECTIONS.has('crashes')) await crashes(deployment, figures, TRIALS)
      if (SECTIONS.has('webhooks')) await webhookDestinations(deployment, figures)
      if (SECTIONS.has('input')) await badInput(deployment, figures, PAYLOADS)
    })
    if (SECTIONS.has('mail') && backend === 'PGlite') await mailOverSmtp(figures, PAYLOADS)
  } else {
    if (SECTIONS.has('matrix'))
      await withDeployment(start, (deployment) => authorisationMatrix(deployment, figures))
    if (SECTIONS.has('input'))
      await withDeployment(start, (deployment) => badInput(deployment, figures, PAYLOADS))
    if (SECTIONS.has('crashes'))
      await withDeployment(start, (deployment) => crashes(deployment, figures, TRIALS))
    if (SECTIONS.has('concurrency')) {
      await withDeployment(start, async (deployment) => {
        if (deployment.nodes.length > 1) await crossProcess(deployment, figures)
        await concurrency(deployment, figures)
      })
    }
    if (SECTIONS.has('webhooks'))
      await withDeployment(start, (deployment) => webhookDestinations(deployment, figures))
    // Its own portal on PGlite with SMTP_URL: what it measures does not depend on the database.
    if (SECTIONS.has('mail') && backend === 'PGlite') await mailOverSmtp(figures, PAYLOADS)
  }
  console.log(`\n${backend}: ${((Date.now() - began) / 1000).toFixed(0)} s`)
  return figures
}

const began = Date.now()
console.log(
  `Reliability of the portal: ${quick ? 'quick form' : 'full run'}, ${PAYLOADS} bad payloads per POST endpoint, ` +
    `${TRIALS} kill -9 trials, CERT_CASE_MS=${CASE_MS}`,
)
const results = new Map<Backend, Figures>()
if (!args.has('--postgres-only')) results.set('PGlite', await measure('PGlite', startPglite))
if (!args.has('--pglite-only') && (!quick || args.has('--postgres-only'))) {
  let cluster: PostgresCluster | undefined
  try {
    cluster = await startCluster()
    if (!cluster)
      console.log(
        '\nPostgreSQL ×2 skipped: no PostgreSQL here (apt-get install postgresql, or set DATABASE_URL).',
      )
    else {
      const found = cluster
      results.set('PostgreSQL ×2', await measure('PostgreSQL ×2', () => startPostgresPair(found)))
    }
  } finally {
    if (cluster) {
      await dropPostgresTemplate(cluster).catch(() => {})
      cluster.stop()
    }
  }
}

const backends = [...results.keys()]
const column = (pick: (figures: Figures) => string | number) =>
  backends.map((backend) => pick(results.get(backend)!))
console.log('\n## Figures\n')
printTable(
  ['figure', ...backends],
  [
    ['leaks', ...column((f) => f.leaks)],
    ['forbidden changes by non-owners', ...column((f) => f.forbiddenChanges)],
    ['wrong answers (refusals and roles)', ...column((f) => `${f.wrongRefusals} of ${f.matrixCells}`)],
    ['5xx', ...column((f) => `${f.serverErrors} of ${f.requests}`)],
    ['requests without an answer (connection closed)', ...column((f) => f.unanswered)],
    ['state changes from refused input', ...column((f) => f.refusedStateChanges)],
    [
      'body errors naming a field',
      ...column((f) => `${percent(f.bodyErrorsNamingField, f.bodyErrors)} of ${f.bodyErrors}`),
    ],
    ['stuck runs', ...column((f) => `${f.stuckRuns} of ${f.resumeSeconds.length}`)],
    ['lost acknowledged writes', ...column((f) => `${f.lostWrites} of ${f.acknowledgedWrites}`)],
    ['duplicates', ...column((f) => f.duplicates)],
    ['unkeyed identical submits kept (not counted)', ...column((f) => f.unkeyedDuplicates)],
    ['lost updates', ...column((f) => f.lostUpdates)],
    ['private webhook deliveries', ...column((f) => f.privateWebhookDeliveries)],
    ['mails to more than one recipient (over SMTP)', ...column((f) => f.mailsToSeveralRecipients)],
    [
      'resume after restart (max)',
      ...column((f) => (maxResume(f) === undefined ? '—' : `${maxResume(f)!.toFixed(1)} s`)),
    ],
    [
      'restart to answering (max; not part of the resume)',
      ...column((f) => (f.bootSeconds.length ? `${Math.max(...f.bootSeconds).toFixed(1)} s` : '—')),
    ],
    [
      'two processes: checks held',
      ...column((f) =>
        Object.keys(f.crossProcess).length === 0
          ? '—'
          : `${Object.values(f.crossProcess).filter(Boolean).length} of ${Object.keys(f.crossProcess).length}`,
      ),
    ],
  ],
)
// The first examples behind the figures, up to 25 per backend.
const notes = backends.flatMap((backend) =>
  results
    .get(backend)!
    .notes.slice(0, 25)
    .map((note) => `${backend}: ${note}`),
)
if (notes.length > 0) {
  console.log('\nNotes (the first 25 per backend):')
  for (const note of notes) console.log(`- ${note}`)
}
const missed = backends.flatMap((backend) =>
  missedTargets(results.get(backend)!).map((miss) => `${backend}: ${miss}`),
)
console.log(
  `\nTargets (0 leaks, 0 wrong answers, 0 5xx, 0 state changes, 100% fields named, 0 stuck, 0 lost, 0 duplicates, 0 private webhook deliveries, 0 mails to several recipients, resume ≤ ${RESUME_TARGET_S} s): ` +
    (missed.length === 0 ? 'all met' : `missed — ${missed.join('; ')}`),
)
console.log(`Took ${((Date.now() - began) / 1000).toFixed(0)} s.`)
process.exit(strict && missed.length > 0 ? 1 : 0)

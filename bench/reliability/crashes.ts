import { EXAMPLE_ORGANIZATION } from '@/contract/fixtures/payloads'
import { type Browser, poll, progressOf, registerVendor } from './client.ts'
import type { Deployment } from './deployment.ts'
import { countAnswer, printTable, type Figures } from './figures.ts'

/*
 * Section 3: kill -9 of a server process, mid-run and mid-save, then a restart on the same data
 * (the PGlite folder, or the same PostgreSQL; with two processes, A is killed and B keeps going).
 *
 * - mid-run: a certification run is started (CERT_CASE_MS small) and the process killed once a
 *   case has finished. Resume time: from the moment the restarted process answers to the run's
 *   next finished case (or its end), waited for up to RESUME_WAIT_S (the boot before it is shown
 *   apart); a stuck run is one that has not moved within 15 s of the restarted process answering.
 * - mid-save: WRITERS vendors save their draft in a loop (description "w<i>-<n>") and SUBMITTERS
 *   submit new records in a loop (a firmware version per submit), and the process is killed
 *   200–800 ms into the burst. After the restart, every save or submit answered 200 before the
 *   kill must be readable: the draft holds that save or a later one; the record is listed.
 */

const STUCK_S = 15
const RESUME_WAIT_S = Number(
  process.env.RELIABILITY_RESUME_WAIT_S ?? (process.argv.includes('--quick') ? 20 : 45),
)
const WRITERS = 6
const SUBMITTERS = 2

type TrialRow = {
  trial: number
  kind: string
  acknowledged: number
  lost: number
  stuck: string
  resume: string
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function midRun(
  deployment: Deployment,
  figures: Figures,
  vendor: Browser,
  trial: number,
): Promise<TrialRow> {
  const victim = deployment.nodes[0]!
  const submitted = await vendor.submit({ baseFirmwareVersion: `9.${trial}.0` }, { node: victim })
  countAnswer(figures, submitted)
  const record = (await vendor.records(victim)).find((item) => item.baseFirmwareVersion === `9.${trial}.0`)
  if (!record)
    throw new Error(`crash trial ${trial}: no record to run (${submitted.status} ${submitted.text})`)
  const recordId = record.portfolioManagerId
  countAnswer(figures, await vendor.runTests(recordId, victim))
  const before = await poll(
    async () => {
      const progress = progressOf((await vendor.runs(recordId, victim))[0])
      return progress >= 1 && progress < 1000 ? progress : undefined
    },
    30_000,
    20,
  )
  await deployment.kill(victim)
  if (before === undefined) {
    figures.notes.push(`crash trial ${trial}: the run never got under way before the kill`)
  }
  await deployment.restart(victim)
  const spawnedAt = victim.spawnedAt
  const readyAt = Date.now()
  const moved = await poll(
    async () => {
      const progress = progressOf((await vendor.runs(recordId, victim))[0])
      return progress > (before ?? 0) ? Date.now() : undefined
    },
    RESUME_WAIT_S * 1000 - (readyAt - spawnedAt),
    100,
  )
  const stuck = moved === undefined || moved - readyAt > STUCK_S * 1000
  if (stuck) figures.stuckRuns += 1
  // From the moment the restarted process answers (its boot, a few seconds on a busy machine, is
  // printed apart): the resume logic's own delay.
  const resume = moved === undefined ? RESUME_WAIT_S : (moved - readyAt) / 1000
  figures.resumeSeconds.push(resume)
  figures.bootSeconds.push((readyAt - spawnedAt) / 1000)
  // Let the run end, so that the next trial's run is not refused as a second active one.
  await poll(
    async () => (progressOf((await vendor.runs(recordId, victim))[0]) >= 1000 ? true : undefined),
    60_000,
    250,
  )
  return {
    trial,
    kind: 'mid-run',
    acknowledged: 0,
    lost: 0,
    stuck: stuck ? 'yes' : 'no',
    resume: `${moved === undefined ? `> ${RESUME_WAIT_S}` : resume.toFixed(1)} s (boot ${((readyAt - spawnedAt) / 1000).toFixed(1)} s)`,
  }
}

async function midSave(
  deployment: Deployment,
  figures: Figures,
  writers: Browser[],
  trial: number,
): Promise<TrialRow> {
  const victim = deployment.nodes[0]!
  let stop = false
  const lastSaved = new Map<Browser, number>()
  const submittedVersions: Array<[Browser, string]> = []
  const saving = writers.slice(0, WRITERS).map(async (writer, index) => {
    for (let n = 0; !stop; n += 1) {
      const answer = await writer.save(
        1,
        { ...EXAMPLE_ORGANIZATION, description: `t${trial}-w${index}-${n}` },
        { timeoutMs: 5000 },
      )
      if (answer.status === 200) lastSaved.set(writer, n)
      if (answer.failed) return
    }
  })
  const submitting = writers.slice(WRITERS).map(async (submitter, index) => {
    for (let n = 0; !stop; n += 1) {
      const version = `${trial}.${index}.${n}`
      const answer = await submitter.submit({ baseFirmwareVersion: version }, { timeoutMs: 5000 })
      if (answer.status === 200) submittedVersions.push([submitter, version])
      if (answer.failed) return
    }
  })
  await sleep(200 + Math.random() * 600)
  await deployment.kill(victim)
  stop = true
  await Promise.all([...saving, ...submitting])
  await deployment.restart(victim)
  let lost = 0
  for (const [index, writer] of writers.slice(0, WRITERS).entries()) {
    const acked = lastSaved.get(writer)
    if (acked === undefined) continue
    const description = String((await writer.getDraft(victim))?.description ?? '')
    const read = /^t(\d+)-w(\d+)-(\d+)$/.exec(description)
    if (!read || Number(read[1]) !== trial || Number(read[2]) !== index || Number(read[3]) < acked) {
      lost += 1
      figures.notes.push(
        `lost save: trial ${trial} writer ${index} acknowledged n=${acked}, reads "${description}"`,
      )
    }
  }
  for (const submitter of writers.slice(WRITERS)) {
    const listed = new Set((await submitter.records(victim)).map((record) => record.baseFirmwareVersion))
    for (const [owner, version] of submittedVersions) {
      if (owner === submitter && !listed.has(version)) {
        lost += 1
        figures.notes.push(`lost submit: trial ${trial} firmware ${version}`)
      }
    }
  }
  const acknowledged = lastSaved.size + submittedVersions.length
  figures.lostWrites += lost
  figures.acknowledgedWrites += acknowledged
  return { trial, kind: 'mid-save', acknowledged, lost, stuck: '—', resume: '—' }
}

export async function crashes(deployment: Deployment, figures: Figures, trials: number) {
  const started = Date.now()
  const runner = await registerVendor(deployment.nodes, 'runner', false)
  const writers = await Promise.all(
    Array.from({ length: WRITERS + SUBMITTERS }, (_, index) =>
      registerVendor(deployment.nodes, `writer${index}`),
    ),
  )
  const rows: TrialRow[] = []
  for (let trial = 1; trial <= trials; trial += 1) {
    // The quick form's single trial is a mid-run one (it also measures the resume).
    const row =
      trial % 2 === 1
        ? await midRun(deployment, figures, runner, trial)
        : await midSave(deployment, figures, writers, trial)
    figures.crashTrials += 1
    rows.push(row)
    console.log(`  trial ${trial} (${row.kind}): lost ${row.lost}, stuck ${row.stuck}, resume ${row.resume}`)
  }
  console.log(`\n### 3. Crashes (${deployment.backend}): ${trials} kill -9 trials`)
  printTable(
    ['trial', 'kind', 'acknowledged writes', 'lost', 'stuck run', 'resume after restart'],
    rows.map((row) => [row.trial, row.kind, row.acknowledged, row.lost, row.stuck, row.resume]),
  )
  const resumes = rows.filter((row) => row.kind === 'mid-run')
  const max = figures.resumeSeconds.length ? Math.max(...figures.resumeSeconds) : 0
  console.log(
    `Summary: ${rows.reduce((sum, row) => sum + row.lost, 0)} lost of ${rows.reduce((sum, row) => sum + row.acknowledged, 0)} acknowledged writes, ` +
      `${resumes.filter((row) => row.stuck === 'yes').length} of ${resumes.length} runs stuck > ${STUCK_S} s, ` +
      `resume max ${max.toFixed(1)} s (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  )
}

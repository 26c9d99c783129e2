import { randomUUID } from 'node:crypto'
import { endpoints } from '@/contract/endpoints'
import { EXAMPLE_DEVICE, EXAMPLE_ORGANIZATION } from '@/contract/fixtures/payloads'
import { Browser, PASSWORD, poll, progressOf, registerVendor, type Answer } from './client.ts'
import type { Deployment } from './deployment.ts'
import { countAnswer, printTable, type Figures } from './figures.ts'

/*
 * Section 4: concurrency. One vendor sends SAME_TIME saves at once, then SAME_TIME identical
 * submits three ways — without an Idempotency-Key, all with one Idempotency-Key, and all naming
 * one saved draft (savedPortfolioManagerId) — and then VENDORS vendors at once each register, log
 * in, save (and read the save back), submit and run the certification tests.
 *
 * - lost updates: the draft read after the concurrent saves is none of the acknowledged saves;
 *   for the vendors at once, a save read straight back is not the one just acknowledged.
 * - duplicates: records beyond the first made by submits carrying one Idempotency-Key, or naming
 *   one draft; a vendor with more than one record or run. Unkeyed identical submits that each make
 *   a record are reported ("unkeyed") but not counted: nothing tells them apart.
 * - runs executed once: each test case of a finished run logged one verdict.
 */

const SAME_TIME = 50
const VENDORS = 20

async function newRecords(vendor: Browser, before: Set<string>) {
  return (await vendor.records()).filter((record) => !before.has(record.portfolioManagerId)).length
}

async function idsOf(vendor: Browser) {
  return new Set((await vendor.records()).map((record) => record.portfolioManagerId))
}

/** Each case of a finished run logged exactly one PASS/FAIL verdict. */
function executedOnce(run: { testCases: Array<{ log: string[] }> }) {
  return run.testCases.every(
    (testCase) => testCase.log.filter((line) => /^(PASS|FAIL)\b/.test(line)).length <= 1,
  )
}

export async function concurrency(deployment: Deployment, figures: Figures, scale = 1) {
  const started = Date.now()
  const sameTime = Math.max(5, Math.round(SAME_TIME * scale))
  const vendorsAtOnce = Math.max(2, Math.round(VENDORS * scale))
  const rows: Array<Array<string | number>> = []
  const count = (answer: Answer) => (countAnswer(figures, answer), answer)
  const vendor = await registerVendor(deployment.nodes, 'busy')

  // Saves at once.
  const saves = await Promise.all(
    Array.from({ length: sameTime }, async (_, index) => {
      const answer = count(
        await vendor.save(1, { ...EXAMPLE_ORGANIZATION, description: `concurrent ${index}` }),
      )
      return answer.status === 200 ? { index, at: Date.now() } : undefined
    }),
  )
  const acked = saves.filter((save) => save !== undefined)
  const lastAcked = acked.reduce(
    (last, save) => (save.at >= last.at ? save : last),
    acked[0] ?? { index: -1, at: 0 },
  )
  const read = String((await vendor.getDraft())?.description ?? '')
  const lost = acked.some((save) => read === `concurrent ${save.index}`) ? 0 : 1
  figures.lostUpdates += lost
  rows.push([`${sameTime} saves at once`, acked.length, lost ? `lost (reads "${read}")` : 'no', '—'])
  if (lost === 0 && read !== `concurrent ${lastAcked.index}`) {
    figures.notes.push(
      `concurrent saves: the draft holds "${read}", the last answered was "concurrent ${lastAcked.index}"`,
    )
  }

  // Identical submits at once: unkeyed, keyed, and naming one draft.
  const submitAtOnce = async (
    label: string,
    headers: Record<string, string>,
    draftId: string | null,
    counted: boolean,
  ) => {
    const before = await idsOf(vendor)
    const answers = await Promise.all(
      Array.from({ length: sameTime }, async () =>
        count(
          await vendor.submit(
            { savedPortfolioManagerId: draftId, deviceNumberList: ['SAME1', 'SAME2'] },
            { headers },
          ),
        ),
      ),
    )
    const made = await newRecords(vendor, before)
    const extra = Math.max(0, made - 1)
    if (counted) figures.duplicates += extra
    else figures.unkeyedDuplicates += extra
    const statuses = new Map<number, number>()
    for (const answer of answers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
    const others = [...statuses].filter(([status]) => status !== 200)
    if (others.length > 0) {
      figures.notes.push(`${label}: ${others.map(([status, times]) => `${times} × ${status}`).join(', ')}`)
    }
    rows.push([
      label,
      answers.filter((answer) => answer.status === 200).length,
      '—',
      `${made} records${counted ? '' : ' (not counted)'}`,
    ])
  }
  await submitAtOnce(`${sameTime} identical submits, no Idempotency-Key`, {}, null, false)
  await submitAtOnce(
    `${sameTime} identical submits, one Idempotency-Key`,
    { 'Idempotency-Key': randomUUID() },
    null,
    true,
  )
  count(
    await vendor.save(0, {
      ...EXAMPLE_ORGANIZATION,
      businessDomain: 'Wireline',
      ...EXAMPLE_DEVICE,
      description: 'draft to submit',
    }),
  )
  const draft = await vendor.getDraft()
  const draftId =
    (draft?.portfolioManagerSavedDetails as { savedPortfolioManagerId?: string } | null)
      ?.savedPortfolioManagerId ?? null
  if (draftId) await submitAtOnce(`${sameTime} submits of one draft id`, {}, draftId, true)
  else figures.notes.push('concurrency: no saved draft id to submit at once')

  // Vendors at once: register → login → save → submit → run.
  let vendorLost = 0
  let vendorDuplicates = 0
  let notOnce = 0
  await Promise.all(
    Array.from({ length: vendorsAtOnce }, async (_, index) => {
      const browser = await registerVendor(deployment.nodes, `crowd${index}`)
      // A second login, as a person on another tab would.
      const again = new Browser(deployment.nodes)
      await again.bootstrap()
      count(await again.post(endpoints.login.path, { emailId: browser.email, password: PASSWORD }))
      for (let n = 0; n < 3; n += 1) {
        const description = `crowd ${index} save ${n}`
        const saved = count(await browser.save(1, { ...EXAMPLE_ORGANIZATION, description }))
        const readBack = String((await browser.getDraft())?.description ?? '')
        if (saved.status === 200 && readBack !== description) {
          vendorLost += 1
          figures.notes.push(`lost update: vendor ${index} saved "${description}", reads "${readBack}"`)
        }
      }
      count(await browser.submit({ deviceNumberList: [`CROWD${index}`] }))
      const records = await browser.records()
      if (records.length !== 1) vendorDuplicates += Math.max(0, records.length - 1)
      const recordId = records[0]?.portfolioManagerId
      if (!recordId) return
      count(await browser.runTests(recordId))
      const finished = await poll(
        async () => {
          const runs = await browser.runs(recordId)
          return runs.length > 0 && runs.every((run) => progressOf(run) >= 1000) ? runs : undefined
        },
        120_000,
        500,
      )
      if (!finished) {
        figures.notes.push(`concurrency: vendor ${index}'s run did not finish in 120 s`)
        return
      }
      if (finished.length !== 1) vendorDuplicates += finished.length - 1
      if (!finished.every(executedOnce)) notOnce += 1
    }),
  )
  figures.lostUpdates += vendorLost
  figures.duplicates += vendorDuplicates + notOnce
  rows.push([
    `${vendorsAtOnce} vendors: register → login → save → submit → run`,
    vendorsAtOnce,
    vendorLost,
    `${vendorDuplicates} extra records/runs, ${notOnce} runs not executed once`,
  ])

  console.log(`\n### 4. Concurrency (${deployment.backend})`)
  printTable(['load', 'answered 200', 'lost updates', 'duplicates'], rows)
  console.log(
    `Summary: ${figures.lostUpdates} lost updates, ${figures.duplicates} duplicates (keyed or one draft), ` +
      `${figures.unkeyedDuplicates} extra records from unkeyed identical submits (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  )
}

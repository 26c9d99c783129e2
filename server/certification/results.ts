import type { CertificationRun, RunPlan, RunResults, TestCase } from '@/contract/certification'
import { escapeHtml } from '@/contract/escape-html'
import { CERTIFIED_OK, VALIDATION_FAILURE } from '@/contract/records'
import { carriedFromText } from '@/contract/revisions'
import type { CertificationRunRow, DeviceRow, RunTestCaseRow } from '../platform/db/schema.ts'
import { CANCELLED_STATUS } from '@/contract/run-status'

/*
 * Download Results (ARCHITECTURE.md decision 8): a run's per-test-case results as the contract's
 * JSON shape and as a printable HTML report. Pure functions over database rows, so the HTTP
 * layer only loads the rows (runner.ts loadRun) and answers.
 */

export type RunRows = {
  record: DeviceRow
  run: CertificationRunRow
  testCases: readonly RunTestCaseRow[]
  /** The record's attempts up to this run, oldest first, this run last (run-store.ts loadRun). */
  attempts?: ReadonlyArray<{ run: CertificationRunRow; testCases: readonly RunTestCaseRow[] }>
}

const iso = (time: Date | null) => (time ? time.toISOString() : null)

export function testCaseResult(row: RunTestCaseRow): TestCase {
  return {
    name: row.name,
    state: row.state,
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    log: [...row.log],
    description: row.description,
    // A recertification's case carried from an earlier certificate (docs/decisions/0033).
    ...(row.carried_from ? { carriedFrom: row.carried_from } : {}),
  }
}

/** The certificate a run's carried cases come from (in this run, or its attempt chain's full run), or null. */
function sourceCertificateOf({ testCases, attempts }: RunRows): string | null {
  const rows = [testCases, ...(attempts ?? []).map((attempt) => attempt.testCases)].flat()
  return rows.find((testCase) => testCase.carried_from)?.carried_from ?? null
}

/** The plan version a run executes, as its answers name it. */
export const runPlan = (run: CertificationRunRow): RunPlan => ({
  planId: run.plan_id,
  name: run.plan_name,
  version: run.plan_version,
})

/** The run as the run list shows it (certificationRunSchema). */
export function certificationRunResult(
  run: CertificationRunRow,
  testCases: readonly RunTestCaseRow[],
): CertificationRun {
  return {
    runId: run.run_id,
    portfolioManagerId: run.portfolio_manager_id,
    status: run.status,
    isCertified: run.is_certified,
    startedAt: run.started_at.toISOString(),
    finishedAt: iso(run.finished_at),
    failureReason: run.failure_reason,
    testCases: testCases.map(testCaseResult),
    testPlan: runPlan(run),
    attempt: run.attempt,
    kind: run.kind,
    startedBy: run.started_by,
    revision: run.revision,
    // The lab's review, only on a run the programme reviewed (the spec's answer otherwise).
    ...(run.review_state
      ? {
          review: {
            state: run.review_state,
            reviewer: run.reviewed_by,
            reviewedAt: iso(run.reviewed_at),
            reason: run.review_reason,
          },
        }
      : {}),
  }
}

/** results.json (runResultsSchema). finishedAt is '' while the run is still going. */
export function runResults(rows: RunRows): RunResults {
  const { record, run, testCases, attempts } = rows
  return {
    runId: run.run_id,
    portfolioManagerId: run.portfolio_manager_id,
    vendor: record.vendor,
    deviceName: record.device_name,
    deviceType: record.device_type,
    productClass: record.product_class,
    baseFirmwareVersion: record.base_firmware_version,
    status: run.status,
    isCertified: run.is_certified,
    failureReason: run.failure_reason,
    harness: run.harness,
    startedAt: run.started_at.toISOString(),
    finishedAt: iso(run.finished_at) ?? '',
    testCases: testCases.map(testCaseResult),
    testPlan: runPlan(run),
    attempt: run.attempt,
    kind: run.kind,
    startedBy: run.started_by,
    revision: run.revision,
    sourceCertificate: sourceCertificateOf(rows),
    attempts: (attempts ?? [{ run, testCases }]).map((attempt) =>
      certificationRunResult(attempt.run, attempt.testCases),
    ),
  }
}

export { escapeHtml }

const STATE_LABELS: Record<RunTestCaseRow['state'], string> = {
  pending: 'Pending',
  running: 'Running',
  passed: 'Passed',
  failed: 'Failed',
  skipped: 'Skipped',
}

function verdict(run: CertificationRunRow) {
  if (run.status === CANCELLED_STATUS) return 'Cancelled'
  if (run.status !== 'Completed')
    return run.status === 'Maintenance' ? 'Waiting: lab maintenance' : 'In progress'
  if (run.is_certified === CERTIFIED_OK) return 'Certified (CERTIFIED-OK)'
  if (run.is_certified === VALIDATION_FAILURE) return 'Validation failure'
  return 'Completed'
}

function formatTime(time: Date | null) {
  return time
    ? time
        .toISOString()
        .replace('T', ' ')
        .replace(/\.\d+Z$/, ' UTC')
    : '—'
}

/** results.html: a self-contained, printable report (no scripts, no external resources). */
const KIND_LABELS: Record<CertificationRunRow['kind'], string> = {
  full: 'Full run of the plan',
  rerun: 'Re-run of the failed test cases',
}

/** One attempt's outcome in words: its verdict, and for an ended one its reason. */
function attemptOutcome(run: CertificationRunRow) {
  const reason = run.failure_reason ? ` (${run.failure_reason})` : ''
  return `${verdict(run)}${reason}`
}

/** The report's attempt history: each attempt, who started it, when, which cases and how they ended. */
function attemptsHtml(attempts: NonNullable<RunRows['attempts']>, current: CertificationRunRow) {
  const e = escapeHtml
  const rows = attempts
    .map(({ run, testCases }) => {
      const cases = testCases
        .map(
          (testCase) =>
            `<li class="${e(testCase.state)}">${e(testCase.name)}: <span class="state-word">${e(stateLabel(testCase))}</span></li>`,
        )
        .join('')
      const passed = testCases.filter((testCase) => testCase.state === 'passed').length
      return `<section class="attempt${run.run_id === current.run_id ? ' current' : ''}">
  <h3>Attempt ${run.attempt}: ${e(KIND_LABELS[run.kind])}${run.run_id === current.run_id ? ' (this report)' : ''}</h3>
  <p class="muted">Started by ${e(run.started_by || '—')} · Started ${e(formatTime(run.started_at))} · Finished ${e(formatTime(run.finished_at))}</p>
  <p><strong>${e(attemptOutcome(run))}</strong> · ${passed} of ${testCases.length} test cases passed</p>
  <ul class="attempt-cases">${cases}</ul>
</section>`
    })
    .join('\n')
  return `<h2>Attempts</h2>\n${rows}`
}

const REPORT_STYLE = `<style>
  body { font: 14px/1.45 system-ui, -apple-system, 'Segoe UI', sans-serif; color: #111; margin: 2rem auto; max-width: 56rem; padding: 0 1rem; }
  h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
  h2 { font-size: 1.1rem; margin: 1.5rem 0 .5rem; border-bottom: 1px solid #ccc; padding-bottom: .25rem; }
  h3 { font-size: 1rem; margin: 0 0 .25rem; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: .25rem .5rem; border-bottom: 1px solid #eee; vertical-align: top; }
  th { width: 14rem; font-weight: 600; }
  .verdict { font-size: 1.2rem; font-weight: 700; }
  .case { border: 1px solid #ddd; border-left-width: 6px; border-radius: 4px; padding: .5rem .75rem; margin: .5rem 0; break-inside: avoid; }
  .case.passed { border-left-color: #1a7f37; }
  .case.failed { border-left-color: #c62828; }
  .case.skipped, .case.pending { border-left-color: #9e9e9e; }
  .case.running { border-left-color: #ef8f00; }
  .state { float: right; font-weight: 600; }
  .muted { color: #555; margin: 0 0 .25rem; }
  .description { margin: 0 0 .25rem; }
  .attempt { border: 1px solid #ddd; border-radius: 4px; padding: .5rem .75rem; margin: .5rem 0; break-inside: avoid; }
  .attempt.current { border-color: #555; }
  .attempt-cases { margin: .25rem 0 0; padding-left: 1.25rem; }
  .attempt-cases .failed .state-word { color: #c62828; font-weight: 600; }
  .attempt-cases .passed .state-word { color: #1a7f37; }
  pre { background: #f6f6f6; padding: .5rem; margin: 0; white-space: pre-wrap; word-break: break-word; font-size: 12px; }
  @media print { body { margin: 0; max-width: none; } .case { border-color: #999; } }
</style>`

const row = (label: string, value: string) =>
  `<tr><th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`

/** 'Passed', or for a carried case 'Passed (carried from DCP-…)'. */
const stateLabel = (testCase: RunTestCaseRow) =>
  testCase.carried_from
    ? `${STATE_LABELS[testCase.state]} (${carriedFromText(testCase.carried_from)})`
    : STATE_LABELS[testCase.state]

/** A test case of the run with its log. */
function caseSection(testCase: RunTestCaseRow) {
  const e = escapeHtml
  const log = testCase.log.length
    ? `<pre>${testCase.log.map(e).join('\n')}</pre>`
    : '<p class="muted">No log lines.</p>'
  return `<section class="case ${e(testCase.state)}">
  <h3><span class="position">${testCase.position + 1}.</span> ${e(testCase.name)} <span class="state">${e(stateLabel(testCase))}</span></h3>
  ${testCase.description ? `<p class="description">${e(testCase.description)}</p>` : ''}
  <p class="muted">Started ${e(formatTime(testCase.started_at))} · Finished ${e(formatTime(testCase.finished_at))}</p>
  ${log}
</section>`
}

/** The device as its record describes it. */
function deviceTable(record: RunRows['record']) {
  return `<table>
${row('Device vendor', record.vendor)}
${row('Device name', record.device_name)}
${row('Device type', record.device_type)}
${row('Product class', record.product_class)}
${row('Firmware version', record.base_firmware_version)}
${record.revision > 1 ? row('Revision', String(record.revision)) : ''}
${row('Business domain', record.business_domain)}
${row('Serial numbers', record.device_number_list.join(', ') || '—')}
${row('Year of manufacturing', record.year_of_manufacturing || '—')}
</table>`
}

/** The run's facts. */
function runTable(run: RunRows['run'], testCases: RunRows['testCases'], source: string | null) {
  const passed = testCases.filter((testCase) => testCase.state === 'passed').length
  return `<table>
${row('Run id', run.run_id)}
${row('Attempt', `${run.attempt} (${KIND_LABELS[run.kind]})`)}
${row('Started by', run.started_by || '—')}
${row('Status', run.status)}
${row('Result', run.is_certified || '—')}
${run.failure_reason ? row('Reason', run.failure_reason) : ''}
${source ? row('Recertification of', `${source} (cases not sensitive to firmware carried)`) : ''}
${row('Test plan', `${run.plan_name}, version ${run.plan_version}`)}
${row('Lab harness', run.harness)}
${row('Started', formatTime(run.started_at))}
${row('Finished', formatTime(run.finished_at))}
${row('Test cases passed', `${passed} of ${testCases.length}`)}
</table>`
}

export function runReportHtml({ record, run, testCases, attempts }: RunRows): string {
  const e = escapeHtml
  const cases = testCases.map(caseSection).join('\n')
  const title = `Certification results: ${record.vendor} ${record.device_name}`
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)}</title>
${REPORT_STYLE}
</head>
<body>
<h1>${e(title)}</h1>
<p class="verdict">${e(verdict(run))}</p>
<h2>Device</h2>
${deviceTable(record)}
<h2>Run</h2>
${runTable(run, testCases, sourceCertificateOf({ record, run, testCases, attempts }))}
<h2>Test cases${run.kind === 'rerun' ? ' of this attempt' : ''}</h2>
${cases}
${attemptsHtml(attempts ?? [{ run, testCases }], run)}
</body>
</html>
`
}

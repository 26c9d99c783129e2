import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { certificationRunSchema, runResultsSchema } from '@/contract/certification'
import type { CertificationRunRow, DeviceRow, RunTestCaseRow } from '../platform/db/schema.ts'
import { certificationRunResult, escapeHtml, runReportHtml, runResults, type RunRows } from './results.ts'

const SCRIPT = '<script>alert("x")</script>'

const record: DeviceRow = {
  portfolio_manager_id: 'record-1',
  organization_id: 'organization-1',
  submitted_by: 'account-1',
  organization_name: 'Rao Devices',
  vendor: `Nokia ${SCRIPT}`,
  device_name: 'Beacon 6',
  device_type: 'Wi-Fi Mesh Device',
  product_class: 'Wi-Fi 6 Mesh',
  base_firmware_version: '0.9.4',
  business_domain: 'Wireless',
  devices_to_be_certified: '1',
  device_number_list: ['ALCL12345678'],
  year_of_manufacturing: '2024',
  is_eng_build_available: 'Yes',
  creation_time: new Date('2025-03-01T09:00:00Z'),
  created_by: 'Asha Rao',
  status: 'Completed',
  is_certified: 'Validation failure',
  submitted_from_draft: null,
  revision: 1,
  revised_at: null,
  revised_by: null,
  full_plan_required: false,
}

const run: CertificationRunRow = {
  run_id: 'run-1',
  portfolio_manager_id: 'record-1',
  status: 'Completed',
  is_certified: 'Validation failure',
  harness: 'simulated-lab',
  failure_reason: null,
  started_at: new Date('2025-03-02T10:00:00Z'),
  finished_at: new Date('2025-03-02T10:01:30Z'),
  lease_owner: null,
  lease_expires_at: null,
  attempt: 1,
  kind: 'full',
  started_by: 'Asha Rao',
  review_state: null,
  reviewed_by: null,
  reviewed_at: null,
  review_reason: null,
  plan_id: 'wi-fi-router',
  plan_version: 1,
  plan_name: 'Wi-Fi Router / Wi-Fi 6',
  revision: 1,
}

const testCase = (
  position: number,
  name: string,
  state: RunTestCaseRow['state'],
  log: string[],
): RunTestCaseRow => ({
  run_id: 'run-1',
  position,
  name,
  state,
  started_at: state === 'pending' ? null : new Date('2025-03-02T10:00:10Z'),
  finished_at: state === 'pending' ? null : new Date('2025-03-02T10:00:20Z'),
  log,
  description: `What ${name} checks.`,
  firmware_sensitive: true,
  carried_from: null,
})

const rows: RunRows = {
  record,
  run,
  testCases: [
    testCase(0, 'Boot and provisioning', 'passed', ['PASS Boot and provisioning']),
    testCase(1, 'Firmware upgrade and rollback', 'failed', [`lab said ${SCRIPT}`, 'FAIL pre-release']),
    testCase(2, 'Band steering', 'skipped', []),
  ],
}

describe('run results', () => {
  it('match the contract’s runResultsSchema', () => {
    const results = runResults(rows)
    expect(v.safeParse(runResultsSchema, results).success).toBe(true)
    expect(results).toMatchObject({
      runId: 'run-1',
      deviceName: 'Beacon 6',
      isCertified: 'Validation failure',
      startedAt: '2025-03-02T10:00:00.000Z',
      finishedAt: '2025-03-02T10:01:30.000Z',
    })
    expect(results.testCases.map((row) => row.state)).toEqual(['passed', 'failed', 'skipped'])
    expect(results.testCases[1]?.log).toEqual([`lab said ${SCRIPT}`, 'FAIL pre-release'])
    // The plan version the run executed, and what each case checks (docs/decisions/0032).
    expect(results.testPlan).toEqual({ planId: 'wi-fi-router', name: 'Wi-Fi Router / Wi-Fi 6', version: 1 })
    expect(results.testCases[0]?.description).toBe('What Boot and provisioning checks.')
  })

  it('give an unfinished run an empty finishedAt, still valid', () => {
    const results = runResults({
      ...rows,
      run: { ...run, status: 'InProgress', is_certified: '', finished_at: null },
    })
    expect(results.finishedAt).toBe('')
    expect(v.safeParse(runResultsSchema, results).success).toBe(true)
    expect(v.safeParse(certificationRunSchema, certificationRunResult(run, rows.testCases)).success).toBe(
      true,
    )
  })
})

describe('the printable report', () => {
  const html = runReportHtml({ ...rows, run: { ...run, failure_reason: `reason ${SCRIPT}` } })

  it('escapes everything the vendor or the lab wrote', () => {
    expect(html).not.toContain('<script')
    expect(html).toContain('Nokia &#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;')
    expect(html).toContain('lab said &#60;script&#62;')
    expect(escapeHtml(`a&b<c>"d"'e'\`f\``)).toBe('a&#38;b&#60;c&#62;&#34;d&#34;&#39;e&#39;&#96;f&#96;')
  })

  it('shows the device, the run, the verdict and each case with its state and log', () => {
    expect(html).toMatch(/^<!doctype html>/)
    expect(html).toContain('Validation failure')
    expect(html).toContain('<td>Wi-Fi 6 Mesh</td>')
    expect(html).toContain('<td>1 of 3</td>')
    expect(html).toContain('Firmware upgrade and rollback <span class="state">Failed</span>')
    expect(html).toContain('Band steering <span class="state">Skipped</span>')
    expect(html).toContain('@media print')
    expect(html).toContain(
      '<tr><th scope="row">Test plan</th><td>Wi-Fi Router / Wi-Fi 6, version 1</td></tr>',
    )
    expect(html).toContain('<p class="description">What Boot and provisioning checks.</p>')
  })
})

describe('results over attempts', () => {
  const rerunRun: CertificationRunRow = {
    ...run,
    run_id: 'run-2',
    attempt: 2,
    kind: 'rerun',
    started_by: `Ravi ${SCRIPT}`,
    is_certified: 'CERTIFIED-OK',
    started_at: new Date('2025-03-03T09:00:00Z'),
    finished_at: new Date('2025-03-03T09:00:30Z'),
  }
  const rerunCases = [
    { ...testCase(1, 'Firmware upgrade and rollback', 'passed', ['PASS']), run_id: 'run-2' },
    { ...testCase(2, 'Band steering', 'passed', ['PASS']), run_id: 'run-2' },
  ]
  const attempts = [
    { run, testCases: rows.testCases },
    { run: rerunRun, testCases: rerunCases },
  ]

  it('results.json lists every attempt up to the run, oldest first, with its cases and logs', () => {
    const results = runResults({ record, run: rerunRun, testCases: rerunCases, attempts })
    expect(v.safeParse(runResultsSchema, results).success).toBe(true)
    expect(results).toMatchObject({ runId: 'run-2', attempt: 2, kind: 'rerun', isCertified: 'CERTIFIED-OK' })
    expect(results.attempts).toEqual([
      certificationRunResult(run, rows.testCases),
      certificationRunResult(rerunRun, rerunCases),
    ])
    expect(results.attempts?.[0]).toMatchObject({ attempt: 1, kind: 'full', startedBy: 'Asha Rao' })
    // Without the attempts loaded, the run alone.
    expect(runResults(rows).attempts).toEqual([certificationRunResult(run, rows.testCases)])
  })

  it('the report shows each attempt: number, kind, who started it, when, which cases and the outcome', () => {
    const html = runReportHtml({ record, run: rerunRun, testCases: rerunCases, attempts })
    expect(html).not.toContain('<script')
    expect(html).toContain('<h2>Attempts</h2>')
    expect(html).toContain('<h3>Attempt 1: Full run of the plan</h3>')
    expect(html).toContain('<h3>Attempt 2: Re-run of the failed test cases (this report)</h3>')
    expect(html).toContain('Started by Ravi &#60;script&#62;')
    expect(html).toContain('Started 2025-03-03 09:00:00 UTC · Finished 2025-03-03 09:00:30 UTC')
    expect(html).toContain('<strong>Validation failure</strong> · 1 of 3 test cases passed')
    expect(html).toContain('<strong>Certified (CERTIFIED-OK)</strong> · 2 of 2 test cases passed')
    expect(html).toContain(
      '<li class="failed">Firmware upgrade and rollback: <span class="state-word">Failed</span></li>',
    )
    expect(html).toContain('<h2>Test cases of this attempt</h2>')
  })

  it('a cancelled attempt shows as Cancelled, with who cancelled it', () => {
    const cancelled: CertificationRunRow = {
      ...run,
      status: 'Cancelled',
      is_certified: '',
      failure_reason: 'Cancelled by Asha Rao.',
    }
    const html = runReportHtml({
      ...rows,
      run: cancelled,
      attempts: [{ run: cancelled, testCases: rows.testCases }],
    })
    expect(html).toContain('<p class="verdict">Cancelled</p>')
    expect(html).toContain('<strong>Cancelled (Cancelled by Asha Rao.)</strong>')
  })
})

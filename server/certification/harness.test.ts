import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  BOOT_AND_PROVISIONING,
  FIRMWARE_UPGRADE_AND_ROLLBACK,
  SECURITY_BASELINE,
  caseMsFromEnv,
  commandHarness,
  harnessFromEnv,
  simulatedFailure,
  simulatedLab,
  type HarnessRecord,
} from './harness.ts'
import { MAX_LOG_LINE_LENGTH, MAX_LOG_LINES } from './bounded-log.ts'

const RECORD: HarnessRecord = {
  portfolio_manager_id: 'record-1',
  vendor: 'Nokia',
  device_name: 'Beacon 6',
  device_type: 'Wi-Fi Mesh Device',
  product_class: 'Wi-Fi 6 Mesh',
  base_firmware_version: '3.2.1',
  business_domain: 'Wireless',
  device_number_list: ['ALCL12345678'],
  year_of_manufacturing: '2024',
  is_eng_build_available: 'Yes',
}

const input = (name: string, record = RECORD) => ({
  run: {
    runId: 'run-1',
    attempt: 1,
    plan: { planId: 'wi-fi-mesh-device', name: 'Wi-Fi Mesh Device / Wi-Fi 6 Mesh', version: 2 },
  },
  testCase: { position: 0, name },
  record,
  signal: new AbortController().signal,
})

describe('simulated lab', () => {
  it('passes every case of a release firmware with serial numbers', async () => {
    const lab = simulatedLab({ caseMs: 0 })
    for (const name of [BOOT_AND_PROVISIONING, FIRMWARE_UPGRADE_AND_ROLLBACK, 'Wi-Fi throughput 5 GHz']) {
      const outcome = await lab.runCase(input(name))
      expect(outcome.passed).toBe(true)
      expect(outcome.log).toContain('Unit under test: serial number ALCL12345678')
      expect(outcome.log.at(-1)).toBe(`PASS ${name}`)
    }
  })

  it('fails the firmware case of a 0.x firmware, and only that case', async () => {
    const record = { ...RECORD, base_firmware_version: '0.9.4' }
    expect(simulatedFailure(record, FIRMWARE_UPGRADE_AND_ROLLBACK)).toMatch(/pre-release build/)
    expect(simulatedFailure(record, BOOT_AND_PROVISIONING)).toBeUndefined()
    expect(simulatedFailure(record, SECURITY_BASELINE)).toBeUndefined()
    const outcome = await simulatedLab({ caseMs: 0 }).runCase(input(FIRMWARE_UPGRADE_AND_ROLLBACK, record))
    expect(outcome.passed).toBe(false)
    expect(outcome.log.at(-1)).toMatch(/^FAIL Firmware 0\.9\.4 is a pre-release build/)
    expect(
      simulatedFailure({ ...RECORD, base_firmware_version: '10.0' }, FIRMWARE_UPGRADE_AND_ROLLBACK),
    ).toBeUndefined()
  })

  it('fails boot and provisioning when no serial number was submitted', () => {
    expect(simulatedFailure({ ...RECORD, device_number_list: [] }, BOOT_AND_PROVISIONING)).toMatch(
      /serial number/,
    )
    expect(simulatedFailure({ ...RECORD, device_number_list: [' '] }, BOOT_AND_PROVISIONING)).toMatch(
      /serial/,
    )
  })

  it('fails the security baseline of a RETEST serial number in the first attempt only (rule 3)', async () => {
    const record = { ...RECORD, device_number_list: ['ALCL1', 'retest0042 '] }
    const lab = simulatedLab({ caseMs: 0 })
    expect(simulatedFailure(record, SECURITY_BASELINE, 1)).toBe(
      'Intermittent bench fault on unit retest0042: the TLS handshake timed out during the port scan (attempt 1). Run the failed test cases again.',
    )
    const first = await lab.runCase(input(SECURITY_BASELINE, record))
    expect(first.passed).toBe(false)
    expect(first.log.at(-1)).toMatch(/^FAIL Intermittent bench fault on unit retest0042/)
    for (const attempt of [2, 3]) {
      expect(simulatedFailure(record, SECURITY_BASELINE, attempt)).toBeUndefined()
      const again = await lab.runCase({
        ...input(SECURITY_BASELINE, record),
        run: { runId: 'run-2', attempt },
      })
      expect(again.passed).toBe(true)
    }
    // Only that case, and only for a serial number that begins with RETEST.
    expect(simulatedFailure(record, BOOT_AND_PROVISIONING, 1)).toBeUndefined()
    expect(
      simulatedFailure({ ...RECORD, device_number_list: ['XRETEST1'] }, SECURITY_BASELINE, 1),
    ).toBeUndefined()
    // Rules 1 and 2 fail in every attempt.
    const prerelease = { ...RECORD, base_firmware_version: '0.9.4' }
    expect(simulatedFailure(prerelease, FIRMWARE_UPGRADE_AND_ROLLBACK, 2)).toMatch(/pre-release build/)
    expect(simulatedFailure({ ...RECORD, device_number_list: [] }, BOOT_AND_PROVISIONING, 3)).toMatch(
      /serial/,
    )
  })

  it('prints the same log for the same submission', async () => {
    const lab = simulatedLab({ caseMs: 0 })
    const first = await lab.runCase(input('Wi-Fi throughput 5 GHz'))
    const second = await lab.runCase(input('Wi-Fi throughput 5 GHz'))
    expect(second.log).toEqual(first.log)
    expect(first.log.join('\n')).toMatch(/Measured throughput: \d+ Mbit\/s/)
  })

  it('is paced by CERT_CASE_MS and ends early when stopped', async () => {
    expect(caseMsFromEnv({})).toBe(1500)
    expect(caseMsFromEnv({ CERT_CASE_MS: '5' })).toBe(5)
    expect(caseMsFromEnv({ CERT_CASE_MS: 'soon' })).toBe(1500)
    const controller = new AbortController()
    const started = Date.now()
    const outcome = simulatedLab({ caseMs: 60_000 }).runCase({
      ...input('Band steering'),
      signal: controller.signal,
    })
    setTimeout(() => controller.abort(), 20)
    await outcome
    expect(Date.now() - started).toBeLessThan(2000)
  })
})

describe('command harness', () => {
  let folder: string
  let script: string

  beforeAll(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'cert-harness-'))
    script = path.join(folder, 'run-case.sh')
    writeFileSync(
      script,
      `#!/bin/sh
echo "case: $CERT_CASE_NAME"
echo "device: $CERT_VENDOR $CERT_DEVICE_NAME serials=$CERT_SERIAL_NUMBERS run=$CERT_RUN_ID attempt=$CERT_ATTEMPT"
echo "plan: $CERT_PLAN_ID $CERT_PLAN_VERSION ($CERT_PLAN_NAME)"
echo "secret: [$SMTP_URL]"
case "$CERT_CASE_NAME" in
  fail*) echo "lab: threshold missed" >&2; exit 1 ;;
  slow*) sleep 30; exit 0 ;;
  noisy*) i=0; while [ $i -lt 300 ]; do echo "line $i"; i=$((i+1)); done; head -c 2000 /dev/zero | tr '\\0' x; echo; exit 0 ;;
esac
exit 0
`,
    )
    chmodSync(script, 0o755)
  })

  afterAll(() => rmSync(folder, { recursive: true, force: true }))

  it('passes a case on exit status 0 and keeps its output, with the device in the environment', async () => {
    const before = process.env.SMTP_URL
    process.env.SMTP_URL = 'smtp://user:secret@mail.example.com'
    const harness = commandHarness({ command: script })
    const outcome = await harness.runCase(input('Boot; rm -rf / $(whoami)')).finally(() => {
      if (before === undefined) delete process.env.SMTP_URL
      else process.env.SMTP_URL = before
    })
    expect(outcome.passed).toBe(true)
    expect(outcome.log).toEqual([
      'case: Boot; rm -rf / $(whoami)',
      'device: Nokia Beacon 6 serials=ALCL12345678 run=run-1 attempt=1',
      'plan: wi-fi-mesh-device 2 (Wi-Fi Mesh Device / Wi-Fi 6 Mesh)',
      // The service's own environment is not handed to the lab.
      'secret: []',
    ])
  })

  it('fails a case on a non-zero exit status and marks stderr lines', async () => {
    const outcome = await commandHarness({ command: script }).runCase(input('fail throughput'))
    expect(outcome.passed).toBe(false)
    expect(outcome.log).toContain('[stderr] lab: threshold missed')
    expect(outcome.log.at(-1)).toBe('The lab command ended with exit status 1.')
  })

  it('fails a case that passes its time limit, and stops the command', async () => {
    const started = Date.now()
    const outcome = await commandHarness({ command: script, timeoutMs: 200 }).runCase(input('slow case'))
    expect(outcome.passed).toBe(false)
    expect(outcome.log.at(-1)).toBe('The case exceeded its time limit of 200 ms and was stopped.')
    expect(Date.now() - started).toBeLessThan(5000)
  })

  it('keeps at most MAX_LOG_LINES lines of at most MAX_LOG_LINE_LENGTH characters', async () => {
    const outcome = await commandHarness({ command: script }).runCase(input('noisy case'))
    expect(outcome.passed).toBe(true)
    expect(outcome.log).toHaveLength(MAX_LOG_LINES)
    expect(outcome.log.at(-1)).toMatch(/^… \d+ more output lines were not kept\.$/)
    expect(Math.max(...outcome.log.map((line) => line.length))).toBeLessThanOrEqual(MAX_LOG_LINE_LENGTH)
  })

  it('fails a case when the command cannot be started', async () => {
    const outcome = await commandHarness({ command: path.join(folder, 'missing.sh') }).runCase(input('x'))
    expect(outcome.passed).toBe(false)
    expect(outcome.log.at(-1)).toBe('The lab command could not be started (ENOENT).')
  })

  it('is chosen by CERT_HARNESS_COMMAND, the simulated lab otherwise', () => {
    expect(harnessFromEnv({}).name).toBe('simulated-lab')
    expect(harnessFromEnv({ CERT_HARNESS_COMMAND: './lab/run-case.sh --bench 3' }).name).toBe('command')
  })
})

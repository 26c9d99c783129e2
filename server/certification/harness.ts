import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import type { DeviceRow } from '../platform/db/schema.ts'
import { BoundedLog } from './bounded-log.ts'

/*
 * The opening cases of every plan as version 1 named them (migration 0023): the simulated lab's
 * rules below look for them by name. A plan version that renames them runs them as plain cases.
 */
export const BOOT_AND_PROVISIONING = 'Boot and provisioning'
export const FIRMWARE_UPGRADE_AND_ROLLBACK = 'Firmware upgrade and rollback'
export const SECURITY_BASELINE = 'Security baseline (open ports, default credentials, TLS)'

/*
 * The harness interface of ARCHITECTURE.md decision 7: the runner hands one test case at a time
 * to a harness and stores what it answers. Two harnesses ship: the simulated lab (the default,
 * so a fresh install certifies devices without a lab) and the command harness, through which a
 * real lab plugs in its own suite.
 */

/** What a harness learns about the device under test: the submission's fields. */
export type HarnessRecord = Pick<
  DeviceRow,
  | 'portfolio_manager_id'
  | 'vendor'
  | 'device_name'
  | 'device_type'
  | 'product_class'
  | 'base_firmware_version'
  | 'business_domain'
  | 'device_number_list'
  | 'year_of_manufacturing'
  | 'is_eng_build_available'
>

export type HarnessCaseInput = {
  /**
   * The run, which attempt of the record it is (1 for the first run, 2 for the next …), and the
   * test plan version it executes (docs/decisions/0032; absent where a caller predates it).
   */
  run: { runId: string; attempt: number; plan?: { planId: string; name: string; version: number } }
  testCase: { position: number; name: string }
  record: HarnessRecord
  /** Aborted when the service stops or the run is cancelled: end quickly; the runner discards the outcome. */
  signal: AbortSignal
}

export type CaseOutcome = { passed: boolean; log: string[] }

export interface CertificationHarness {
  /** Stored with the run ('simulated-lab', 'command'), so a restart knows who ran it. */
  readonly name: string
  runCase(input: HarnessCaseInput): Promise<CaseOutcome>
}

/* ------------------------------------------------------------------------------------------ */
/* Simulated lab                                                                               */
/* ------------------------------------------------------------------------------------------ */

export const DEFAULT_CASE_MS = 1500

/*
 * The simulated lab's rule — deterministic, and following from the submission and the attempt
 * number only:
 *  1. A base firmware version whose major number is 0 (e.g. 0.9.4) is a pre-release build: the
 *     case 'Firmware upgrade and rollback' fails, in every attempt (a re-run fails it again).
 *  2. A record without any device serial number gives the lab no unit to match on the bench:
 *     the case 'Boot and provisioning' fails, in every attempt.
 *  3. A device serial number that begins with RETEST (any letter case, e.g. RETEST0001)
 *     simulates an intermittent bench fault: the case 'Security baseline (open ports, default
 *     credentials, TLS)' fails in the record's first attempt (attempt 1) and passes when it is
 *     run again (attempt 2 or later: a re-run of the failed cases, or a new Start Certify). So a
 *     record with such a serial number and release firmware ends its first run in Validation
 *     failure and reaches Certified by a re-run (docs/decisions/0021).
 *  Every other case passes. Measured figures in the log are derived from a hash of the record
 *  and the case name, so the same submission always prints the same log.
 */
export const RETEST_SERIAL_PREFIX = 'RETEST'

export function simulatedFailure(record: HarnessRecord, caseName: string, attempt = 1): string | undefined {
  if (caseName === FIRMWARE_UPGRADE_AND_ROLLBACK && firmwareMajor(record.base_firmware_version) === 0) {
    return `Firmware ${record.base_firmware_version} is a pre-release build (major version 0); the lab certifies release firmware only.`
  }
  if (caseName === BOOT_AND_PROVISIONING && serialNumbers(record).length === 0) {
    return 'No device serial number was submitted, so no unit under test could be matched on the lab bench.'
  }
  const retest = serialNumbers(record).find((serial) =>
    serial.trim().toUpperCase().startsWith(RETEST_SERIAL_PREFIX),
  )
  if (caseName === SECURITY_BASELINE && retest !== undefined && attempt === 1) {
    return `Intermittent bench fault on unit ${retest.trim()}: the TLS handshake timed out during the port scan (attempt 1). Run the failed test cases again.`
  }
  return undefined
}

function firmwareMajor(version: string) {
  const major = /^\s*(\d+)/.exec(version)?.[1]
  return major === undefined ? undefined : Number(major)
}

function serialNumbers(record: HarnessRecord) {
  return record.device_number_list.filter((serial) => serial.trim() !== '')
}

export type SimulatedLabOptions = {
  /** Time each case takes, in ms (CERT_CASE_MS); 0 in tests that need no pacing. */
  caseMs?: number
}

export function simulatedLab(options: SimulatedLabOptions = {}): CertificationHarness {
  const caseMs = Math.max(0, options.caseMs ?? DEFAULT_CASE_MS)
  return {
    name: 'simulated-lab',
    async runCase({ run, testCase, record, signal }) {
      await pause(caseMs, signal)
      const failure = simulatedFailure(record, testCase.name, run.attempt)
      const log = simulatedLog(record, testCase.name, caseMs)
      if (failure) {
        log.push(`FAIL ${failure}`)
        return { passed: false, log }
      }
      log.push(`PASS ${testCase.name}`)
      return { passed: true, log }
    },
  }
}

/** Reads CERT_CASE_MS; an unset or malformed value gives the default pace. */
export function caseMsFromEnv(env: NodeJS.ProcessEnv = process.env) {
  const value = Number(env.CERT_CASE_MS)
  return env.CERT_CASE_MS !== undefined && Number.isFinite(value) && value >= 0 ? value : DEFAULT_CASE_MS
}

function simulatedLog(record: HarnessRecord, caseName: string, caseMs: number) {
  const seed = createHash('sha256').update(`${record.portfolio_manager_id}\u0000${caseName}`).digest()
  const figure = (index: number, low: number, high: number) =>
    low + ((seed[index % seed.length] ?? 0) / 255) * (high - low)
  const bench = 1 + ((seed[0] ?? 0) % 6)
  const serial = serialNumbers(record)[0]
  const lines = [
    `Lab bench ${bench}: ${record.vendor} ${record.device_name} (${record.device_type}, ${record.product_class})`,
    serial ? `Unit under test: serial number ${serial}` : 'Unit under test: no serial number submitted',
    `Firmware under test: ${record.base_firmware_version}`,
    record.is_eng_build_available === 'No'
      ? 'Access: SSH with the steps the vendor provided'
      : 'Access: engineering build firmware',
    `Running: ${caseName}`,
  ]
  const name = caseName.toLowerCase()
  if (name.includes('throughput')) {
    lines.push(`Measured throughput: ${figure(1, 600, 1800).toFixed(0)} Mbit/s (threshold 500 Mbit/s)`)
  } else if (name.includes('optical power')) {
    lines.push(
      `Rx power: ${figure(2, -24, -12).toFixed(1)} dBm (window -28 to -8 dBm); Tx power: ${figure(3, 0.5, 5).toFixed(1)} dBm`,
    )
  } else if (name.includes('zapping')) {
    lines.push(`Channel change time: ${figure(4, 280, 900).toFixed(0)} ms over 50 zaps (limit 1000 ms)`)
  } else if (name.includes('ranging') || name.includes('discovery')) {
    lines.push(`Ranged and registered in ${figure(5, 1.2, 8).toFixed(1)} s`)
  } else if (name.includes('roaming') || name.includes('failover') || name.includes('switching')) {
    lines.push(`Interruption measured: ${figure(6, 40, 450).toFixed(0)} ms (limit 1000 ms)`)
  } else {
    lines.push(`Checks executed: ${Math.round(figure(7, 6, 40))}`)
  }
  lines.push(`Duration: ${(caseMs / 1000).toFixed(1)} s`)
  return lines
}

/* ------------------------------------------------------------------------------------------ */
/* Command harness                                                                             */
/* ------------------------------------------------------------------------------------------ */

export const DEFAULT_CASE_TIMEOUT_MS = 10 * 60 * 1000
/** After the timeout, SIGTERM; this long later, SIGKILL. */
const KILL_GRACE_MS = 2000

export type CommandHarnessOptions = {
  /** The program to run per case, e.g. './lab/run-case.sh'. Not run through a shell. */
  command: string
  args?: readonly string[]
  /** CERT_CASE_TIMEOUT_MS: a case still running after this fails. */
  timeoutMs?: number
  cwd?: string
  /**
   * The environment the command inherits. By default only PATH, HOME, LANG and TZ from this
   * process: the service's own secrets (DATABASE_URL, SMTP_URL …) are no business of the lab's.
   */
  baseEnv?: NodeJS.ProcessEnv
}

/*
 * The command harness runs `command` once per case, without a shell, with the case and device in
 * environment variables (never interpolated into a command line):
 *   CERT_RUN_ID, CERT_ATTEMPT (the record's attempt number: 1, 2 …), CERT_CASE_POSITION,
 *   CERT_CASE_NAME, CERT_PORTFOLIO_MANAGER_ID, CERT_VENDOR,
 *   CERT_DEVICE_NAME, CERT_DEVICE_TYPE, CERT_PRODUCT_CLASS, CERT_BASE_FIRMWARE_VERSION,
 *   CERT_BUSINESS_DOMAIN, CERT_SERIAL_NUMBERS (comma-separated), CERT_YEAR_OF_MANUFACTURING,
 *   CERT_ENG_BUILD (Yes/No), and the plan version the run executes: CERT_PLAN_ID,
 *   CERT_PLAN_NAME, CERT_PLAN_VERSION.
 * Exit status 0 passes the case, anything else fails it. Its stdout and stderr lines (stderr
 * marked) become the case's log, bounded to MAX_LOG_LINES lines of MAX_LOG_LINE_LENGTH characters.
 */
export function commandHarness(options: CommandHarnessOptions): CertificationHarness {
  const timeoutMs = options.timeoutMs ?? DEFAULT_CASE_TIMEOUT_MS
  const baseEnv = options.baseEnv ?? pickEnv(process.env, ['PATH', 'HOME', 'LANG', 'TZ'])
  return {
    name: 'command',
    runCase({ run, testCase, record, signal }) {
      const env: NodeJS.ProcessEnv = {
        ...baseEnv,
        CERT_RUN_ID: run.runId,
        CERT_ATTEMPT: String(run.attempt),
        CERT_CASE_POSITION: String(testCase.position),
        CERT_CASE_NAME: testCase.name,
        CERT_PORTFOLIO_MANAGER_ID: record.portfolio_manager_id,
        CERT_VENDOR: record.vendor,
        CERT_DEVICE_NAME: record.device_name,
        CERT_DEVICE_TYPE: record.device_type,
        CERT_PRODUCT_CLASS: record.product_class,
        CERT_BASE_FIRMWARE_VERSION: record.base_firmware_version,
        CERT_BUSINESS_DOMAIN: record.business_domain,
        CERT_SERIAL_NUMBERS: serialNumbers(record).join(','),
        CERT_YEAR_OF_MANUFACTURING: record.year_of_manufacturing,
        CERT_ENG_BUILD: record.is_eng_build_available,
        ...(run.plan
          ? {
              CERT_PLAN_ID: run.plan.planId,
              CERT_PLAN_NAME: run.plan.name,
              CERT_PLAN_VERSION: String(run.plan.version),
            }
          : {}),
      }
      return runCommand(options.command, options.args ?? [], { env, cwd: options.cwd, timeoutMs, signal })
    },
  }
}

/** The command harness from CERT_HARNESS_COMMAND (split on spaces; no quoting) and CERT_CASE_TIMEOUT_MS. */
export function harnessFromEnv(env: NodeJS.ProcessEnv = process.env): CertificationHarness {
  const words = (env.CERT_HARNESS_COMMAND ?? '').trim().split(/\s+/).filter(Boolean)
  const [command, ...args] = words
  if (!command) return simulatedLab({ caseMs: caseMsFromEnv(env) })
  const timeout = Number(env.CERT_CASE_TIMEOUT_MS)
  return commandHarness({
    command,
    args,
    timeoutMs: env.CERT_CASE_TIMEOUT_MS !== undefined && timeout > 0 ? timeout : DEFAULT_CASE_TIMEOUT_MS,
  })
}

function pickEnv(env: NodeJS.ProcessEnv, names: readonly string[]) {
  const picked: NodeJS.ProcessEnv = {}
  for (const name of names) if (env[name] !== undefined) picked[name] = env[name]
  return picked
}

type RunCommandOptions = {
  env: NodeJS.ProcessEnv
  cwd: string | undefined
  timeoutMs: number
  signal: AbortSignal
}

function runCommand(
  command: string,
  args: readonly string[],
  options: RunCommandOptions,
): Promise<CaseOutcome> {
  return new Promise((resolve) => {
    const log = new BoundedLog()
    let timedOut = false
    let killTimer: NodeJS.Timeout | undefined
    const child = spawn(command, [...args], {
      env: options.env,
      cwd: options.cwd,
      shell: false,
      // Its own process group, so a timeout also stops what a script started (e.g. `sleep`).
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const stop = () => {
      signalGroup(child.pid, 'SIGTERM')
      killTimer = setTimeout(() => signalGroup(child.pid, 'SIGKILL'), KILL_GRACE_MS)
      killTimer.unref()
    }
    const timeout = setTimeout(() => {
      timedOut = true
      stop()
    }, options.timeoutMs)
    const onAbort = () => stop()
    options.signal.addEventListener('abort', onAbort, { once: true })
    if (options.signal.aborted) stop()

    child.stdout.on('data', (chunk: Buffer) => log.write('', chunk))
    child.stderr.on('data', (chunk: Buffer) => log.write('[stderr] ', chunk))

    let settled = false
    const finish = (outcome: CaseOutcome) => {
      if (settled) return
      settled = true
      clearTimeout(timeout)
      if (killTimer) clearTimeout(killTimer)
      options.signal.removeEventListener('abort', onAbort)
      resolve(outcome)
    }
    child.on('error', (error: NodeJS.ErrnoException) => {
      finish({
        passed: false,
        log: [...log.lines(), `The lab command could not be started (${error.code ?? error.message}).`],
      })
    })
    child.on('close', (code, signalName) => {
      const lines = log.lines()
      if (timedOut) {
        lines.push(
          `The case exceeded its time limit of ${formatDuration(options.timeoutMs)} and was stopped.`,
        )
        finish({ passed: false, log: lines })
      } else if (code === 0) {
        finish({ passed: true, log: lines })
      } else {
        lines.push(
          code === null
            ? `The lab command was stopped by ${signalName ?? 'a signal'}.`
            : `The lab command ended with exit status ${code}.`,
        )
        finish({ passed: false, log: lines })
      }
    })
  })
}

function signalGroup(pid: number | undefined, signal: NodeJS.Signals) {
  if (pid === undefined) return
  try {
    process.kill(-pid, signal)
  } catch {
    // Already gone.
  }
}

function formatDuration(ms: number) {
  return ms >= 1000 ? `${(ms / 1000).toFixed(ms % 1000 === 0 ? 0 : 1)} s` : `${ms} ms`
}

/** Waits `ms`, or less when `signal` aborts. */
export function pause(ms: number, signal?: AbortSignal) {
  return new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve()
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      signal?.removeEventListener('abort', done)
      resolve()
    }
    signal?.addEventListener('abort', done, { once: true })
  })
}

import { fileURLToPath } from 'node:url'
import * as v from 'valibot'
import { demoAccountFromEnv } from './accounts/index.ts'
import { harnessFromEnv, validYearsFromEnv, type CertificationHarness } from './certification/index.ts'
import { retentionHoursFromEnv } from './events/index.ts'
import type { DemoAccount } from './platform/db/seed.ts'
import { developmentConveniences, type DevelopmentConveniences } from './platform/development.ts'
import { LOG_LEVELS } from './platform/log.ts'
import { portalUrlFromEnv } from './platform/portal-url.ts'
import { webhooksDevelopmentFromEnv } from './webhooks/index.ts'

/*
 * The portal's configuration, read from the environment and checked once, before anything starts
 * (server/index.ts). Every variable the server takes is here with its rule and its default; a bad
 * value stops the start with one line per variable that names it, its rule and the value given
 * (every bad one at once, not the first). Secrets are named, never echoed.
 *
 * The rules of plain values (ports, addresses, switches, numbers) are the schema below; a value a
 * domain owns is checked by that domain's reader (CERTIFICATE_VALID_YEARS in certification,
 * EVENTS_RETENTION_HOURS in events, PORTAL_URL, DEMO_*), which this module calls so that each rule
 * is written once. The README's Configuration table explains each one for an operator.
 */

export const DEFAULT_MAIN_PORT = 7700
export const DEFAULT_CERT_PORT = 7600

const quoted = (issue: { input: unknown }) => `"${String(issue.input)}"`

/** An optional variable: unset or blank is `undefined`; otherwise its trimmed text must pass `check`. */
function variable(name: string, rule: string, check: (value: string) => boolean, secret = false) {
  return v.pipe(
    v.optional(v.string()),
    v.transform((value) => (value?.trim() ? value.trim() : undefined)),
    v.check(
      (value) => value === undefined || check(value),
      (issue) => `${name} must be ${rule}${secret ? '' : `, not ${quoted(issue)}`}.`,
    ),
  )
}

const isWhole = (value: string, low: number, high = Number.MAX_SAFE_INTEGER) =>
  /^\d+$/.test(value) && Number(value) >= low && Number(value) <= high

const isUrlWith = (value: string, protocols: readonly string[]) => {
  try {
    return protocols.includes(new URL(value).protocol)
  } catch {
    return false
  }
}

const port = (name: string) =>
  variable(name, 'a whole number from 1 to 65535', (value) => isWhole(value, 1, 65535))
const whole = (name: string, low: number) =>
  variable(name, `a whole number of ${low} or more`, (value) => isWhole(value, low))
/** A switch the server reads as exactly '1' (TRUST_PROXY, CERT_MAINTENANCE): 'yes' would be off. */
const oneOrZero = (name: string) =>
  variable(name, '1 (on) or 0 (off)', (value) => value === '1' || value === '0')

/** An address alone or as `Name <address>` (what nodemailer sends from). */
const isSender = (value: string) => {
  const address = /<([^<>]*)>$/.exec(value)?.[1] ?? (value.includes('<') || value.includes('>') ? '' : value)
  return /^[^\s@<>]+@[^\s@<>]+$/.test(address)
}

/** The variables with a rule of their own; the domain readers' ones are checked in readConfig. */
const environmentSchema = v.object({
  MAIN_PORT: port('MAIN_PORT'),
  CERT_PORT: port('CERT_PORT'),
  HOST: variable('HOST', 'an address to listen on (a name, an IPv4 or an IPv6 address)', (value) =>
    /^\[?[\w.:%-]+\]?$/.test(value),
  ),
  PORTAL_ORIGIN: variable('PORTAL_ORIGIN', 'a comma-separated list of http or https origins', (value) =>
    value
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean)
      .every((origin) => isUrlWith(origin, ['http:', 'https:']) && new URL(origin).origin === origin),
  ),
  DATABASE_URL: variable(
    'DATABASE_URL',
    'a PostgreSQL connection URL (postgres://user:password@host:5432/database)',
    (value) => isUrlWith(value, ['postgres:', 'postgresql:']),
    true,
  ),
  DATA_DIR: variable('DATA_DIR', 'a folder path', () => true),
  SMTP_URL: variable(
    'SMTP_URL',
    'an smtp:// or smtps:// URL (smtps://user:password@mail.example.com:465)',
    (value) => isUrlWith(value, ['smtp:', 'smtps:']),
    true,
  ),
  MAIL_FROM: variable('MAIL_FROM', 'an e-mail address, alone or as "Name <address>"', isSender),
  SESSION_SECRET: variable('SESSION_SECRET', 'at least 32 characters', (value) => value.length >= 32, true),
  METRICS_TOKEN: variable(
    'METRICS_TOKEN',
    'at least 32 characters with no spaces',
    (value) => value.length >= 32 && !/\s/.test(value),
    true,
  ),
  OPERATOR_TOKEN: variable(
    'OPERATOR_TOKEN',
    'at least 32 characters with no spaces',
    (value) => value.length >= 32 && !/\s/.test(value),
    true,
  ),
  LOG_LEVEL: variable('LOG_LEVEL', `one of ${LOG_LEVELS.join(', ')}`, (value) =>
    (LOG_LEVELS as readonly string[]).includes(value.toLowerCase()),
  ),
  TRUST_PROXY: oneOrZero('TRUST_PROXY'),
  CERT_MAINTENANCE: oneOrZero('CERT_MAINTENANCE'),
  CERT_CASE_MS: whole('CERT_CASE_MS', 0),
  CERT_CASE_TIMEOUT_MS: whole('CERT_CASE_TIMEOUT_MS', 1),
  MAIL_CALLS_PER_IP: whole('MAIL_CALLS_PER_IP', 1),
  SHUTDOWN_DELAY_MS: whole('SHUTDOWN_DELAY_MS', 0),
  SHUTDOWN_GRACE_MS: whole('SHUTDOWN_GRACE_MS', 0),
  API_TOKEN_CALLS_PER_MINUTE: whole('API_TOKEN_CALLS_PER_MINUTE', 1),
  VITE_CERT_API_URL: variable('VITE_CERT_API_URL', 'an http or https URL', (value) =>
    isUrlWith(value, ['http:', 'https:']),
  ),
})

export type PortalConfig = {
  mainPort: number
  certPort: number
  hostname: string
  /** The origin of every link the portal mails or shows (PORTAL_URL, or loopback's own). */
  publicUrl: string
  portalOrigins: string[]
  database: { databaseUrl: string | undefined; dataDir: string }
  smtpUrl: string | undefined
  mailFrom: string | undefined
  /** SESSION_SECRET; undefined: the data folder's kept secret (server/platform/server-secret.ts). */
  sessionSecret: string | undefined
  /** METRICS_TOKEN: /metrics also answers beyond this machine with it (server/apps/operations.ts). */
  metricsToken: string | undefined
  /** OPERATOR_TOKEN: the operator calls (/operations/) also answer beyond this machine with it (server/apps/operator.ts). */
  operatorToken: string | undefined
  /** SHUTDOWN_DELAY_MS and SHUTDOWN_GRACE_MS (server/apps/portal.ts); undefined: the defaults. */
  shutdown: { delayMs?: number; graceMs?: number }
  conveniences: DevelopmentConveniences
  /** DEMO_EMAIL and DEMO_PASSWORD (or their defaults), checked by the login screen's rules. */
  demoAccount: DemoAccount
  harness: CertificationHarness
  validYears: number
  retentionHours: number
  webhooksDevelopment: boolean
  /** The certification service's address the app was built to call, for the page's connect-src. */
  certServiceUrl: string | undefined
  distDir: string
  storybookDir: string
}

export type ConfigReading = { ok: true; config: PortalConfig } | { ok: false; problems: string[] }

/** Runs a domain's reader; what it throws (a sentence naming the variable) becomes a problem. */
function attempt<T>(problems: string[], read: () => T): T | undefined {
  try {
    return read()
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error))
    return undefined
  }
}

const builtFolder = (name: string) => fileURLToPath(new URL(`../${name}`, import.meta.url))

/** The configuration in `env`, or every problem with it. */
export function readConfig(env: NodeJS.ProcessEnv): ConfigReading {
  const parsed = v.safeParse(environmentSchema, env)
  const problems = parsed.success ? [] : parsed.issues.map((issue) => issue.message)
  const plain = parsed.success ? parsed.output : undefined
  const mainPort = Number(plain?.MAIN_PORT ?? DEFAULT_MAIN_PORT)
  const hostname = plain?.HOST ?? '127.0.0.1'
  const publicUrl = attempt(problems, () => portalUrlFromEnv({ env, hostname, mainPort }))
  const conveniences = attempt(problems, () => developmentConveniences({ env, hostname }))
  const demoAccount = attempt(problems, () => demoAccountFromEnv(env))
  const validYears = attempt(problems, () => validYearsFromEnv(env))
  const retentionHours = attempt(problems, () => retentionHoursFromEnv(env))
  const webhooksDevelopment = attempt(problems, () => webhooksDevelopmentFromEnv({ env, hostname }))
  if (
    !plain ||
    problems.length > 0 ||
    publicUrl === undefined ||
    conveniences === undefined ||
    demoAccount === undefined ||
    validYears === undefined ||
    retentionHours === undefined ||
    webhooksDevelopment === undefined
  ) {
    return { ok: false, problems }
  }
  return {
    ok: true,
    config: {
      mainPort,
      certPort: Number(plain.CERT_PORT ?? DEFAULT_CERT_PORT),
      hostname,
      publicUrl,
      portalOrigins: (plain.PORTAL_ORIGIN ?? '')
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
      database: { databaseUrl: plain.DATABASE_URL, dataDir: plain.DATA_DIR ?? './data' },
      smtpUrl: plain.SMTP_URL,
      mailFrom: plain.MAIL_FROM,
      sessionSecret: plain.SESSION_SECRET,
      metricsToken: plain.METRICS_TOKEN,
      operatorToken: plain.OPERATOR_TOKEN,
      shutdown: {
        ...(plain.SHUTDOWN_DELAY_MS ? { delayMs: Number(plain.SHUTDOWN_DELAY_MS) } : {}),
        ...(plain.SHUTDOWN_GRACE_MS ? { graceMs: Number(plain.SHUTDOWN_GRACE_MS) } : {}),
      },
      conveniences,
      demoAccount,
      harness: harnessFromEnv(env),
      validYears,
      retentionHours,
      webhooksDevelopment,
      certServiceUrl: plain.VITE_CERT_API_URL,
      distDir: env.DIST_DIR || builtFolder('dist'),
      storybookDir: env.STORYBOOK_DIR || builtFolder('storybook-static'),
    },
  }
}

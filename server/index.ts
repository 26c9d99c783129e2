import { validYearsFromEnv } from './certification/index.ts'
import { loadSigner } from './certificates/index.ts'
import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { harnessFromEnv } from './certification/index.ts'
import { maintenanceFromEnv } from './certification/index.ts'
import { databaseOptionsFromEnv, openDatabase } from './platform/db/database.ts'
import { retentionHoursFromEnv } from './events/index.ts'
import { demoAccountFromEnv, lockDemoAccount, seedDemoAccount } from './accounts/index.ts'
import { developmentConveniences } from './platform/development.ts'
import { log } from './platform/log.ts'
import { createMailer } from './platform/mailer.ts'
import { MAILBOX_PATH, writeToDevMailbox } from './apps/dev-mailbox.ts'
import { startPortal } from './apps/portal.ts'
import { portalUrlFromEnv } from './platform/portal-url.ts'
import { webhooksDevelopmentFromEnv } from './webhooks/index.ts'

/*
 * `npm start`: opens the database (PGlite in DATA_DIR, or PostgreSQL at DATABASE_URL), migrates
 * and seeds it, serves the main service on MAIN_PORT and the certification service on CERT_PORT,
 * and takes up the certification runs the last stop left going.
 *
 * Environment: MAIN_PORT (7700), CERT_PORT (7600), HOST (127.0.0.1), PORTAL_ORIGIN (further
 * browser origins allowed to call the certification service, comma-separated), CERT_CASE_MS,
 * CERT_MAINTENANCE, CERT_HARNESS_COMMAND and CERT_CASE_TIMEOUT_MS (server/certification/harness.ts), DATA_DIR (./data), DATABASE_URL, DEMO_EMAIL,
 * DEMO_PASSWORD, EVENTS_RETENTION_HOURS (how long live events are kept for tabs to resume, 24),
 * SMTP_URL and MAIL_FROM (without SMTP_URL mail goes to the development mailbox),
 * DEMO_ACCOUNT and DEV_MAILBOX (1/0: the demo vendor and the development mailbox; by default on
 * when HOST is loopback, off otherwise — server/platform/development.ts), LOG_LEVEL (server/platform/log.ts),
 * SESSION_SECRET (keys the hashes of mailed codes; without it a secret is made once and kept in
 * DATA_DIR/server-secret — set it when several processes share one PostgreSQL), DIST_DIR and
 * STORYBOOK_DIR.
 *
 * The lines below (where the portal is, the demo vendor, where mail goes, warnings) are printed
 * as plain text for the person who started it; everything the server logs while it runs is JSON
 * lines through server/platform/log.ts (docs/decisions/0017).
 */

const DEFAULT_MAIN_PORT = 7700
const DEFAULT_CERT_PORT = 7600

function portFrom(name: string, value: string | undefined, fallback: number) {
  if (value === undefined || value === '') return fallback
  const port = Number(value)
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${name} must be a whole number from 1 to 65535, not "${value}".`)
  }
  return port
}

/**
 * SESSION_SECRET, or a secret made on the first start and kept (owner-readable only) in the data
 * folder, so that codes mailed before a restart still work after it.
 */
function serverSecret(env: NodeJS.ProcessEnv) {
  if (env.SESSION_SECRET) {
    if (env.SESSION_SECRET.length < 32) throw new Error('SESSION_SECRET must be at least 32 characters.')
    return env.SESSION_SECRET
  }
  const dataDir = path.resolve(env.DATA_DIR || './data')
  const file = path.join(dataDir, 'server-secret')
  try {
    const kept = readFileSync(file, 'utf8').trim()
    if (kept.length >= 32) return kept
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(32).toString('base64url')
  writeFileSync(file, `${secret}\n`, { mode: 0o600 })
  return secret
}

const mainPort = portFrom('MAIN_PORT', process.env.MAIN_PORT, DEFAULT_MAIN_PORT)
const certPort = portFrom('CERT_PORT', process.env.CERT_PORT, DEFAULT_CERT_PORT)
const hostname = process.env.HOST || '127.0.0.1'
const origin = `http://${hostname === '0.0.0.0' || hostname === '::' ? 'localhost' : hostname}:${mainPort}`
const mailboxUrl = `${origin}${MAILBOX_PATH}`
const conveniences = developmentConveniences({ env: process.env, hostname })
// Every mailed and shown link points at PORTAL_URL; beyond loopback the portal needs it.
const publicUrl = (() => {
  try {
    return portalUrlFromEnv({ env: process.env, hostname, mainPort })
  } catch (error) {
    console.error((error as Error).message)
    process.exit(1)
  }
})()

const database = await openDatabase({
  ...databaseOptionsFromEnv(process.env),
  seeds: conveniences.demoAccount
    ? { demoAccount: demoAccountFromEnv(process.env), seedDemoAccount }
    : { demoAccount: false },
})
// The demo vendor is off: one an earlier start seeded keeps no published password.
const configuredDemo = (() => {
  try {
    return demoAccountFromEnv(process.env)
  } catch {
    return null // DEMO_EMAIL or DEMO_PASSWORD not valid: nothing that could log in was seeded with them.
  }
})()
const lockedDemo =
  !conveniences.demoAccount && configuredDemo !== null && (await lockDemoAccount(database.db, configuredDemo))
const mailer = createMailer({
  smtpUrl: process.env.SMTP_URL,
  from: process.env.MAIL_FROM,
  mailbox: writeToDevMailbox(database.db),
  ...(conveniences.devMailbox ? { mailboxUrl } : {}),
})
const certServiceUrl = process.env.VITE_CERT_API_URL?.trim()
const harness = harnessFromEnv(process.env)

const portal = await startPortal({
  db: database.db,
  writes: database.writes,
  mailer,
  secret: serverSecret(process.env),
  harness,
  distDir: process.env.DIST_DIR || fileURLToPath(new URL('../dist', import.meta.url)),
  storybookDir: process.env.STORYBOOK_DIR || fileURLToPath(new URL('../storybook-static', import.meta.url)),
  hostname,
  mainPort,
  certPort,
  portalOrigins: (process.env.PORTAL_ORIGIN ?? '').split(',').filter((value) => value.trim() !== ''),
  warmDirectory: true,
  devMailbox: conveniences.devMailbox,
  connectSources: certServiceUrl ? [certServiceUrl] : [],
  events: { retentionHours: retentionHoursFromEnv(process.env) },
  certificates: { signer: loadSigner(process.env), validYears: validYearsFromEnv(process.env) },
  webhooks: { development: webhooksDevelopmentFromEnv({ env: process.env, hostname }) },
  publicUrl,
})

const demo = database.seeded.demoAccount
const { resumed, ended } = portal.restart
const lines = [
  `Certification portal: ${portal.mainUrl}/ (${database.engine})`,
  `Certification service: ${portal.certUrl}/ (lab harness: ${harness.name}${maintenanceFromEnv(process.env)() ? ', in maintenance' : ''})`,
  demo
    ? `Demo vendor: ${demo.email} / ${demo.password}`
    : `No demo vendor (${process.env.DEMO_ACCOUNT ? 'DEMO_ACCOUNT=0' : `the server listens on ${hostname}, beyond loopback; DEMO_ACCOUNT=1 turns it on`}).${lockedDemo ? ' The one an earlier start seeded now has a random password.' : ''}`,
  // Without SMTP and without the mailbox, a warning below says where mail is kept.
  ...(mailer.mode === 'smtp'
    ? ['Mail is sent over SMTP_URL.']
    : conveniences.devMailbox
      ? [`Mail goes to the development mailbox: ${mailboxUrl}`]
      : []),
  ...(resumed.length ? [`Resumed ${resumed.length} certification run(s) left going by the last stop.`] : []),
  ...(ended.length ? [`Ended ${ended.length} interrupted certification run(s) as failed.`] : []),
]
for (const line of lines) console.log(line)
for (const warning of conveniences.warnings) {
  console.warn(warning)
  log.warn({ host: hostname }, warning)
}

let stopping = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return
    stopping = true
    portal
      .close()
      .then(() => database.close())
      .catch((error: unknown) => log.error({ err: error }, 'stopping the portal failed'))
      .finally(() => process.exit(0))
  })
}

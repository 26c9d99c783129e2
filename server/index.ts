import { lockDemoAccount, seedDemoAccount } from './accounts/index.ts'
import { MAILBOX_PATH, writeToDevMailbox } from './apps/dev-mailbox.ts'
import { startPortal } from './apps/portal.ts'
import { loadSigner } from './certificates/index.ts'
import { maintenanceFromEnv } from './certification/index.ts'
import { readConfig } from './config.ts'
import { folderBackup } from './platform/backup/data-folder.ts'
import { openDatabase } from './platform/db/database.ts'
import { log } from './platform/log.ts'
import { createMailer } from './platform/mailer.ts'
import { serverSecret } from './platform/server-secret.ts'

/*
 * `npm start`: reads and checks the configuration (server/config.ts: every variable, its rule and
 * its default; a bad value stops the start naming it), opens the database (PGlite in DATA_DIR, or PostgreSQL at DATABASE_URL), migrates
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

/** The configuration, or its problems on stderr (one line each) and exit code 1. */
const config = (() => {
  const reading = readConfig(process.env)
  if (reading.ok) return reading.config
  for (const problem of reading.problems) console.error(problem)
  process.exit(1)
})()

/** What `make` gives, or its error's sentence (it names the variable) on stderr and exit code 1. */
function orExit<T>(make: () => T): T {
  try {
    return make()
  } catch (error) {
    console.error((error as Error).message)
    process.exit(1)
  }
}

const { mainPort, certPort, hostname, conveniences, harness } = config
const signer = orExit(() => loadSigner(process.env))
const origin = `http://${hostname === '0.0.0.0' || hostname === '::' ? 'localhost' : hostname}:${mainPort}`
const mailboxUrl = `${origin}${MAILBOX_PATH}`

const database = await openDatabase({
  ...config.database,
  seeds: conveniences.demoAccount
    ? { demoAccount: config.demoAccount, seedDemoAccount }
    : { demoAccount: false },
})
// The demo vendor is off: one an earlier start seeded keeps no published password.
const lockedDemo = !conveniences.demoAccount && (await lockDemoAccount(database.db, config.demoAccount))
const mailer = createMailer({
  smtpUrl: config.smtpUrl,
  from: config.mailFrom,
  mailbox: writeToDevMailbox(database.db),
  ...(conveniences.devMailbox ? { mailboxUrl } : {}),
})

const portal = await startPortal({
  db: database.db,
  writes: database.writes,
  mailer,
  secret: serverSecret(config.sessionSecret, config.database.dataDir),
  harness,
  distDir: config.distDir,
  storybookDir: config.storybookDir,
  hostname,
  mainPort,
  certPort,
  portalOrigins: config.portalOrigins,
  warmDirectory: true,
  devMailbox: conveniences.devMailbox,
  connectSources: config.certServiceUrl ? [config.certServiceUrl] : [],
  events: { retentionHours: config.retentionHours },
  certificates: { signer, validYears: config.validYears },
  webhooks: { development: config.webhooksDevelopment },
  publicUrl: config.publicUrl,
  metricsToken: config.metricsToken,
  operator: {
    token: config.operatorToken,
    // docs/decisions/0048: `npm run backup` takes the data folder's snapshot through this process.
    backup: folderBackup(database, config.database.dataDir),
  },
  shutdown: config.shutdown,
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

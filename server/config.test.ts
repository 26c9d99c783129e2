import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readConfig } from './config.ts'
import { testsUsePostgres } from './platform/db/test-database.ts'

/* The configuration, read and checked once at start: every bad value named with its rule. */

const problemsOf = (env: NodeJS.ProcessEnv) => {
  const reading = readConfig(env)
  return reading.ok ? [] : reading.problems
}

// Reads and starts with its own environment, DATABASE_URL included: once, in the PGlite run.
describe.skipIf(testsUsePostgres())('readConfig', () => {
  it('takes an empty environment: the defaults of a portal on this machine', () => {
    const reading = readConfig({})
    expect(reading.ok).toBe(true)
    if (!reading.ok) return
    expect(reading.config).toMatchObject({
      mainPort: 7700,
      certPort: 7600,
      hostname: '127.0.0.1',
      publicUrl: 'http://127.0.0.1:7700',
      portalOrigins: [],
      database: { databaseUrl: undefined, dataDir: './data' },
      smtpUrl: undefined,
      validYears: 3,
      retentionHours: 24,
      webhooksDevelopment: true,
      conveniences: { demoAccount: true, devMailbox: true, warnings: [] },
      demoAccount: { email: 'demo.vendor@example.com' },
    })
  })

  it('takes the values an operator sets, at their bounds', () => {
    const reading = readConfig({
      MAIN_PORT: '65535',
      CERT_PORT: '1',
      HOST: '0.0.0.0',
      PORTAL_URL: 'https://cert.example.com',
      PORTAL_ORIGIN: 'https://a.example.com, http://127.0.0.1:5173',
      DATABASE_URL: 'postgresql://portal:secret@db:5432/portal',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      MAIL_FROM: 'Certification <no-reply@example.com>',
      SESSION_SECRET: 'x'.repeat(32),
      CERTIFICATE_VALID_YEARS: '10',
      EVENTS_RETENTION_HOURS: '0.5',
      CERT_CASE_MS: '0',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'WARN',
    })
    expect(reading.ok && reading.config).toMatchObject({
      mainPort: 65535,
      certPort: 1,
      hostname: '0.0.0.0',
      publicUrl: 'https://cert.example.com',
      portalOrigins: ['https://a.example.com', 'http://127.0.0.1:5173'],
      database: { databaseUrl: 'postgresql://portal:secret@db:5432/portal' },
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      mailFrom: 'Certification <no-reply@example.com>',
      sessionSecret: 'x'.repeat(32),
      validYears: 10,
      retentionHours: 0.5,
      conveniences: { demoAccount: false, devMailbox: false },
      webhooksDevelopment: false,
    })
  })

  it.each([
    [{ MAIN_PORT: '0' }, 'MAIN_PORT must be a whole number from 1 to 65535, not "0".'],
    [{ CERT_PORT: '65536' }, 'CERT_PORT must be a whole number from 1 to 65535, not "65536".'],
    [{ MAIN_PORT: '80.5' }, 'MAIN_PORT must be a whole number from 1 to 65535, not "80.5".'],
    [
      { HOST: 'portal host' },
      'HOST must be an address to listen on (a name, an IPv4 or an IPv6 address), not "portal host".',
    ],
    [
      { PORTAL_ORIGIN: 'https://a.example.com/app' },
      'PORTAL_ORIGIN must be a comma-separated list of http or https origins, not "https://a.example.com/app".',
    ],
    [
      { DATABASE_URL: 'mysql://portal:secret@db/portal' },
      'DATABASE_URL must be a PostgreSQL connection URL (postgres://user:password@host:5432/database).',
    ],
    [
      { SMTP_URL: 'mail.example.com:25' },
      'SMTP_URL must be an smtp:// or smtps:// URL (smtps://user:password@mail.example.com:465).',
    ],
    [
      { MAIL_FROM: 'Certification <no-reply@example.com' },
      'MAIL_FROM must be an e-mail address, alone or as "Name <address>", not "Certification <no-reply@example.com".',
    ],
    [{ SESSION_SECRET: 'x'.repeat(31) }, 'SESSION_SECRET must be at least 32 characters.'],
    [{ METRICS_TOKEN: 'short token' }, 'METRICS_TOKEN must be at least 32 characters with no spaces.'],
    [{ OPERATOR_TOKEN: 'short token' }, 'OPERATOR_TOKEN must be at least 32 characters with no spaces.'],
    [
      { LOG_LEVEL: 'verbose' },
      'LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent, not "verbose".',
    ],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY must be 1 (on) or 0 (off), not "yes".'],
    [{ CERT_MAINTENANCE: 'true' }, 'CERT_MAINTENANCE must be 1 (on) or 0 (off), not "true".'],
    [{ CERT_CASE_MS: '-1' }, 'CERT_CASE_MS must be a whole number of 0 or more, not "-1".'],
    [{ CERT_CASE_TIMEOUT_MS: '0' }, 'CERT_CASE_TIMEOUT_MS must be a whole number of 1 or more, not "0".'],
    [{ MAIL_CALLS_PER_IP: 'many' }, 'MAIL_CALLS_PER_IP must be a whole number of 1 or more, not "many".'],
    [{ SHUTDOWN_DELAY_MS: '5s' }, 'SHUTDOWN_DELAY_MS must be a whole number of 0 or more, not "5s".'],
    [{ SHUTDOWN_GRACE_MS: '-1' }, 'SHUTDOWN_GRACE_MS must be a whole number of 0 or more, not "-1".'],
    [
      { API_TOKEN_CALLS_PER_MINUTE: '0' },
      'API_TOKEN_CALLS_PER_MINUTE must be a whole number of 1 or more, not "0".',
    ],
    [
      { CERTIFICATE_VALID_YEARS: '11' },
      'CERTIFICATE_VALID_YEARS must be a whole number from 1 to 10, not "11".',
    ],
    [{ EVENTS_RETENTION_HOURS: '0' }, 'EVENTS_RETENTION_HOURS must be a number of hours above 0, not "0".'],
    [{ DEMO_ACCOUNT: 'maybe' }, 'DEMO_ACCOUNT must be 1 (on) or 0 (off), not "maybe".'],
    [{ DEMO_EMAIL: 'demo' }, 'DEMO_EMAIL is not a valid e-mail address.'],
    [{ DEV_WEBHOOKS: '2' }, 'DEV_WEBHOOKS must be 1 (on) or 0 (off), not "2".'],
  ])('%j is refused: %s', (env, message) => {
    expect(problemsOf(env)).toEqual([message])
  })

  it('names every bad value at once, and never echoes a secret', () => {
    const problems = problemsOf({
      MAIN_PORT: 'http',
      SMTP_URL: 'smtp-password-hunter2',
      DATABASE_URL: 'db-password-hunter2',
      SESSION_SECRET: 'hunter2',
      CERTIFICATE_VALID_YEARS: '0',
    })
    expect(problems).toEqual([
      'MAIN_PORT must be a whole number from 1 to 65535, not "http".',
      'DATABASE_URL must be a PostgreSQL connection URL (postgres://user:password@host:5432/database).',
      'SMTP_URL must be an smtp:// or smtps:// URL (smtps://user:password@mail.example.com:465).',
      'SESSION_SECRET must be at least 32 characters.',
      'CERTIFICATE_VALID_YEARS must be a whole number from 1 to 10, not "0".',
    ])
    expect(problems.join('\n')).not.toContain('hunter2')
  })

  it('treats a blank value as unset', () => {
    expect(problemsOf({ MAIN_PORT: '', SMTP_URL: '  ', CERT_CASE_MS: '' })).toEqual([])
  })
})

// Reads and starts with its own environment, DATABASE_URL included: once, in the PGlite run.
describe.skipIf(testsUsePostgres())('the start', () => {
  it('stops before opening anything when a value is bad: each problem on stderr, exit code 1', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'config-'))
    try {
      const started = spawnSync(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          MAIN_PORT: '99999',
          CERTIFICATE_VALID_YEARS: 'three',
        },
        encoding: 'utf8',
        timeout: 60_000,
      })
      expect([started.status, started.stderr.trim().split('\n')]).toEqual([
        1,
        [
          'MAIN_PORT must be a whole number from 1 to 65535, not "99999".',
          'CERTIFICATE_VALID_YEARS must be a whole number from 1 to 10, not "three".',
        ],
      ])
      // Nothing was made: no database, no kept secret, no signing key.
      expect(readdirSync(dataDir)).toEqual([])
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 70_000)
})

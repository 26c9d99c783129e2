import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { portalUrlFromEnv } from './portal-url.ts'
import { testsUsePostgres } from './db/test-database.ts'

/* PORTAL_URL, the one origin of every mailed and shown link. */

const REQUIRED =
  'PORTAL_URL must be set when the portal listens on 0.0.0.0, beyond this machine: every link the portal mails or shows (set-password, invitation, verification) points there, e.g. PORTAL_URL=https://certification.example.com.'
const invalid = (value: string) =>
  `PORTAL_URL must be the portal's address as people reach it, an http or https origin such as https://certification.example.com (no path, query, user or password), not "${value}".`

// Reads and starts with its own environment, DATABASE_URL included: once, in the PGlite run.
describe.skipIf(testsUsePostgres())('portalUrlFromEnv', () => {
  it.each([
    [{ PORTAL_URL: 'https://cert.example.com' }, '0.0.0.0', 'https://cert.example.com'],
    [{ PORTAL_URL: ' https://cert.example.com/ ' }, '10.1.2.3', 'https://cert.example.com'],
    [{ PORTAL_URL: 'http://cert.example.com:8080' }, '127.0.0.1', 'http://cert.example.com:8080'],
    [{}, '127.0.0.1', 'http://127.0.0.1:7700'],
    [{}, 'localhost', 'http://localhost:7700'],
    [{}, '::1', 'http://[::1]:7700'],
    [{ PORTAL_URL: '' }, '[::1]', 'http://[::1]:7700'],
  ])('%j on %s → %s', (env, hostname, expected) => {
    expect(portalUrlFromEnv({ env, hostname, mainPort: 7700 })).toBe(expected)
  })

  it('is required beyond loopback', () => {
    expect(() => portalUrlFromEnv({ env: {}, hostname: '0.0.0.0', mainPort: 7700 })).toThrow(REQUIRED)
  })

  it.each([
    'cert.example.com',
    'ftp://cert.example.com',
    'https://cert.example.com/portal',
    'https://cert.example.com/?next=1',
    'https://user:pass@cert.example.com',
    'javascript:alert(1)',
  ])('refuses %j', (value) => {
    expect(() =>
      portalUrlFromEnv({ env: { PORTAL_URL: value }, hostname: '127.0.0.1', mainPort: 7700 }),
    ).toThrow(invalid(value))
  })

  it('keeps the portal from starting beyond loopback without it, with the message and exit code 1', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-url-'))
    try {
      const started = spawnSync(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
        env: { ...process.env, HOST: '0.0.0.0', PORTAL_URL: '', DATA_DIR: dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
        timeout: 60_000,
      })
      expect([started.status, started.stderr.trim()]).toEqual([1, REQUIRED])
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 70_000)
})

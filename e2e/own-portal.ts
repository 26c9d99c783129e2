import { type ChildProcess, spawn } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect } from '@playwright/test'
import pg from 'pg'
import { forgetPortal, registerPortal } from './portal-registry.ts'

/*
 * A portal of a journey's own (the built app, its own data folder and ports), for journeys that
 * change what every other journey shares — a server killed mid-run, the bench in maintenance, the
 * review setting — so that the journeys running beside them are not touched.
 *
 * With E2E_DATABASE_URL set (`npm run test:e2e:pg`, scripts/e2e-pg.mjs), each such portal runs on
 * PostgreSQL: a database of its own, made on that server, instead of PGlite in its data folder.
 */

const root = path.resolve(import.meta.dirname, '..')

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

export type Portal = {
  base: string
  /** The environment the portal runs with (its folder and ports), for a command on the same data. */
  env: NodeJS.ProcessEnv
  start(): Promise<void>
  /** Stops it as an orchestrator does (SIGTERM: a graceful stop, the database closed). */
  stop(): Promise<void>
  /** Kills it as a crash does (SIGKILL to its whole group). */
  kill(): Promise<void>
}

/*
 * What a portal of a journey's own starts from, made once per run by global-setup.ts:
 * - a data folder already migrated and seeded (E2E_PORTAL_TEMPLATE), copied into each PGlite
 *   portal's empty folder: a new folder's initdb, migrations and seeds cost about 8 s of CPU,
 *   the copy a fraction of one. The copies share the template's server secret and signing key,
 *   as one programme's portals restored from one backup would.
 * - the bundled server (dist-server/index.js) when E2E_BUILT_SERVER says npm test built it just
 *   before; else the sources through tsx, so that a journey run alone tests the code as it is.
 */
const TEMPLATE = 'E2E_PORTAL_TEMPLATE'
const serverArgs = () =>
  process.env.E2E_BUILT_SERVER === '1' ? ['dist-server/index.js'] : ['--import', 'tsx', 'server/index.ts']

/** Makes the template data folder: a portal started on a new folder, then stopped as SIGTERM stops it. */
export async function makePortalTemplate() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-template-'))
  const portal = await ownPortal(dataDir)
  await portal.start()
  await portal.stop()
  process.env[TEMPLATE] = dataDir
}

/** Removes the template data folder, once every journey is over. */
export function removePortalTemplate() {
  const template = process.env[TEMPLATE]
  if (template) rmSync(template, { recursive: true, force: true })
}

function copyTemplate(dataDir: string) {
  const template = process.env[TEMPLATE]
  if (!template || process.env.E2E_DATABASE_URL || readdirSync(dataDir).length > 0) return
  // A graceful stop took the folder's lock away with it: the copy is free to open.
  cpSync(template, dataDir, { recursive: true })
}

export async function ownPortal(
  dataDir: string,
  { caseMs = 400 }: { caseMs?: number } = {},
): Promise<Portal> {
  copyTemplate(dataDir)
  const [mainPort, certPort] = [await freePort(), await freePort()]
  const base = `http://127.0.0.1:${mainPort}`
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: await ownDatabase(dataDir),
    MAIN_PORT: String(mainPort),
    CERT_PORT: String(certPort),
    HOST: '127.0.0.1',
    PORTAL_URL: base,
    CERT_CASE_MS: String(caseMs),
    MAIL_CALLS_PER_IP: '1000',
    LOG_LEVEL: 'warn',
  }
  let server: ChildProcess | undefined
  async function end(signal: 'SIGTERM' | 'SIGKILL') {
    const child = server
    if (!child?.pid) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    process.kill(signal === 'SIGKILL' ? -child.pid : child.pid, signal)
    await exited
    forgetPortal(child.pid)
    server = undefined
  }
  return {
    base,
    env,
    async start() {
      server = spawn(process.execPath, serverArgs(), {
        cwd: root,
        env,
        stdio: ['ignore', 'ignore', 'inherit'],
        detached: true,
      })
      if (server.pid) registerPortal(server.pid)
      await expect
        .poll(async () => (await fetch(`${base}/api/portal-config`).catch(() => null))?.status ?? 0, {
          timeout: 60_000,
          message: 'the portal answers',
        })
        .toBe(200)
    },
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
  }
}

/** '' (PGlite in the data folder), or a new PostgreSQL database named after the folder on E2E_DATABASE_URL's server. */
async function ownDatabase(dataDir: string) {
  const server = process.env.E2E_DATABASE_URL
  if (!server) return ''
  const name = `e2e_${path
    .basename(dataDir)
    .replace(/[^a-zA-Z0-9]/g, '_')
    .toLowerCase()}`
  const client = new pg.Client({ connectionString: server })
  await client.connect()
  try {
    await client.query(`CREATE DATABASE "${name}"`)
  } finally {
    await client.end()
  }
  const url = new URL(server)
  url.pathname = `/${name}`
  return url.toString()
}

/** Runs a command of the project (`scripts/…`) on the portal's data, while the portal is stopped. */
export function runScript(
  portal: Portal,
  script: string,
  args: string[],
): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: root,
      env: portal.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('error', reject)
    child.once('exit', (code) => resolve({ code: code ?? 1, output }))
  })
}

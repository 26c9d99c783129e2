import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
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
  kill(): Promise<void>
}

export async function ownPortal(
  dataDir: string,
  { caseMs = 400 }: { caseMs?: number } = {},
): Promise<Portal> {
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
  return {
    base,
    env,
    async start() {
      server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
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
    async kill() {
      const child = server
      if (!child?.pid) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      process.kill(-child.pid, 'SIGKILL')
      await exited
      forgetPortal(child.pid)
      server = undefined
    },
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

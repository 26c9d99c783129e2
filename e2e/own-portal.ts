import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import path from 'node:path'
import { expect } from '@playwright/test'

/*
 * A portal of a journey's own (the built app, its own data folder and ports), for journeys that
 * change what every other journey shares — a server killed mid-run, the bench in maintenance, the
 * review setting — so that the journeys running beside them are not touched.
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
    DATABASE_URL: '',
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
      server = undefined
    },
  }
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

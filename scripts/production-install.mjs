#!/usr/bin/env node
/*
 * The production install, as an operator (and the Dockerfile) makes it: a fresh folder with only
 * package.json, package-lock.json and the built output (dist/, dist-server/), `npm ci --omit=dev`,
 * then `node dist-server/index.js` — no TypeScript, no tsx, no dev dependency. Checks that it
 * becomes ready (/readyz 200), answers its pages, and that the demo vendor logs in; exits 0 or
 * names what failed.
 *
 * Run by `npm test` after the build (scripts/test-all.mjs, step "production"), or on its own
 * after `npm run build`. The install reads npm's cache first (--prefer-offline): on a machine
 * that ran `npm ci` it needs no download.
 */
import { spawn, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort } from './test-pg.mjs'

const root = path.resolve(import.meta.dirname, '..')
const say = (line) => console.log(`[production] ${line}`)
const DEMO = { emailId: 'demo.vendor@example.com', password: 'Certify#Demo2025' }
/** How long the built portal may take to answer `/readyz` after its first start (below). */
const START_BOUND_MS = 180_000

for (const built of ['dist/index.html', 'dist-server/index.js']) {
  if (!existsSync(path.join(root, built))) {
    console.error(`${built} is missing: run npm run build first.`)
    process.exit(1)
  }
}

const folder = mkdtempSync(path.join(tmpdir(), 'portal-production-'))
let server
/** Every check below; a thrown Error is the failure's sentence. */
async function check() {
  for (const entry of ['package.json', 'package-lock.json', 'dist', 'dist-server']) {
    cpSync(path.join(root, entry), path.join(folder, 'app', entry), { recursive: true })
  }
  const app = path.join(folder, 'app')
  const started = Date.now()
  const install = spawnSync(
    'npm',
    ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'],
    { cwd: app, encoding: 'utf8', timeout: 600_000 },
  )
  if (install.status !== 0) throw new Error(`npm ci --omit=dev failed:\n${install.stderr}`)
  say(`npm ci --omit=dev: ${((Date.now() - started) / 1000).toFixed(1)} s`)
  for (const devOnly of ['tsx', 'vite', 'vitest', 'storybook']) {
    if (existsSync(path.join(app, 'node_modules', devOnly)))
      throw new Error(`The production install has ${devOnly}, a dev dependency.`)
  }

  const [mainPort, certPort] = [await freePort(), await freePort()]
  const base = `http://127.0.0.1:${mainPort}`
  let output = ''
  server = spawn(process.execPath, ['--enable-source-maps', 'dist-server/index.js'], {
    cwd: app,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: path.join(folder, 'data'),
      MAIN_PORT: String(mainPort),
      CERT_PORT: String(certPort),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  server.stdout.on('data', (chunk) => (output += chunk))
  server.stderr.on('data', (chunk) => (output += chunk))
  // A bound for a busy machine, not a pace: the first start migrates and seeds a new PGlite data
  // folder (7 s alone), and beside the other steps and a CPU-bound job it took more than 60 s.
  const deadline = Date.now() + START_BOUND_MS
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The portal exited (${server.exitCode}):\n${output}`)
    const answer = await fetch(`${base}/readyz`).catch(() => null)
    if (answer?.status === 200) break
    if (Date.now() > deadline)
      throw new Error(`The portal did not answer within ${START_BOUND_MS / 1000} s:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  say(
    `node dist-server/index.js answered / in ${((Date.now() - started) / 1000).toFixed(1)} s from the install`,
  )

  // A login, as the app makes it: a session and its Token first, then the credentials.
  const session = await fetch(`${base}/api/token`)
  const token = session.headers.get('Token') ?? ''
  const cookie = (session.headers.getSetCookie()[0] ?? '').split(';')[0] ?? ''
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Token: token, Cookie: cookie },
    body: JSON.stringify(DEMO),
  })
  const body = await login.json().catch(() => ({}))
  if (login.status !== 200 || typeof body.vendorUserId !== 'string')
    throw new Error(`The demo vendor's login answered ${login.status}: ${JSON.stringify(body)}`)
  say(`the demo vendor logged in (${login.status})`)
  const docs = await fetch(`${base}/api/docs`)
  if (docs.status !== 200) throw new Error(`/api/docs answered ${docs.status}`)
  say('the API reference is served (its files beside the bundle)')
}

let failed = false
try {
  await check()
  say('passed')
} catch (error) {
  failed = true
  console.error(`[production] failed: ${error instanceof Error ? error.message : String(error)}`)
} finally {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM')
    await new Promise((resolve) => {
      const timer = setTimeout(() => {
        server.kill('SIGKILL')
        resolve()
      }, 10_000)
      server.on('exit', () => {
        clearTimeout(timer)
        resolve()
      })
    })
  }
  rmSync(folder, { recursive: true, force: true })
}
process.exit(failed ? 1 : 0)

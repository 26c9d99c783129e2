import { spawn, type ChildProcess } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { findPostgresBin, freePort, startThrowawayPostgres } from '../../scripts/test-pg.mjs'
import { root } from '../portal-process.ts'

/*
 * The portal as the reliability suite drives it: real server processes (`tsx server/index.ts`,
 * spawned like bench/portal-process.ts, each in its own process group so kill -9 reaches it), on
 * a fresh PGlite data folder or a fresh database of one throwaway PostgreSQL cluster for every
 * section (attacker-like traffic of one section then cannot lock the accounts of the next).
 *
 * Spawned with HOST=127.0.0.1, DEV_MAILBOX=1 (the development mailbox, read for the 6-digit codes)
 * and DEMO_ACCOUNT=0; CERT_CASE_MS is small so that a certification run takes a few seconds.
 */

export type Node = {
  name: string
  base: string
  certBase: string
  process: ChildProcess
  /** When the current process was spawned (ms since the epoch). */
  spawnedAt: number
}

export type Backend = 'PGlite' | 'PostgreSQL ×2'

export type Deployment = {
  backend: Backend
  nodes: Node[]
  /** The nodes' own environment: DATA_DIR, DATABASE_URL (empty on PGlite), what the bench added. */
  env: Record<string, string>
  /** kill -9 of one node's process group; resolves once it has exited. */
  kill(node: Node): Promise<void>
  /** SIGTERM to one node's process group (a clean stop); resolves once it has exited. */
  stop(node: Node): Promise<void>
  /** Starts the node again on the same data (same ports); resolves once it answers. */
  restart(node: Node): Promise<void>
  /** Stops every process and removes the data. */
  close(): Promise<void>
}

export const CASE_MS = Number(process.env.RELIABILITY_CASE_MS ?? 150)

/** Waits until `url` answers (any status). */
export async function waitForAnswer(url: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) })
      return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`)
}

/** Every server process spawned and not yet seen to exit: killed if the suite itself is stopped. */
const live = new Set<ChildProcess>()
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const child of live) {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL')
      } catch {
        // already gone
      }
    }
    process.exit(130)
  })
}

function spawnNode(env: Record<string, string>, mainPort: number, certPort: number) {
  const child = spawnServer(env, mainPort, certPort)
  live.add(child)
  child.once('exit', () => live.delete(child))
  return child
}

function spawnServer(env: Record<string, string>, mainPort: number, certPort: number) {
  return spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env: {
      ...process.env,
      MAIN_PORT: String(mainPort),
      CERT_PORT: String(certPort),
      HOST: '127.0.0.1',
      DEV_MAILBOX: '1',
      DEMO_ACCOUNT: '0',
      // Every vendor of the suite registers from 127.0.0.1: the per-address cap on mail-sending
      // calls (10 per 15 minutes, docs/decisions/0016) is lifted, as npm test's journeys do.
      MAIL_CALLS_PER_IP: '100000',
      CERT_CASE_MS: String(CASE_MS),
      // Server logs would drown the figures; errors still reach stderr below.
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
      // The deployment's own: its data, and what a bench sets (e.g. bench/live's CERT_CASE_MS).
      ...env,
    },
    // The server logs on stdout (pino JSON lines, server/platform/log.ts) and reports start-up failures on stderr.
    stdio: [
      'ignore',
      ...(process.env.RELIABILITY_SERVER_STDERR
        ? (['inherit', 'inherit'] as const)
        : (['ignore', 'ignore'] as const)),
    ],
    detached: true,
  })
}

async function stopProcess(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  try {
    if (child.pid) process.kill(-child.pid, signal)
  } catch {
    // already gone
  }
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))])
}

async function startNodes(names: string[], env: Record<string, string>): Promise<Node[]> {
  const nodes: Node[] = []
  // One after the other: the first migrates and seeds, the next finds the schema ready.
  for (const name of names) {
    const mainPort = await freePort()
    let certPort = await freePort()
    while (certPort === mainPort) certPort = await freePort()
    const node: Node = {
      name,
      base: `http://127.0.0.1:${mainPort}`,
      certBase: `http://127.0.0.1:${certPort}`,
      process: spawnNode(env, mainPort, certPort),
      spawnedAt: Date.now(),
    }
    await waitForAnswer(`${node.base}/api/portal-config`)
    nodes.push(node)
  }
  return nodes
}

function makeDeployment(
  backend: Backend,
  nodes: Node[],
  env: Record<string, string>,
  cleanUp: () => Promise<void>,
) {
  const deployment: Deployment = {
    backend,
    nodes,
    env,
    async kill(node) {
      await stopProcess(node.process, 'SIGKILL')
    },
    async stop(node) {
      await stopProcess(node.process, 'SIGTERM')
    },
    async restart(node) {
      const mainPort = Number(new URL(node.base).port)
      const certPort = Number(new URL(node.certBase).port)
      node.spawnedAt = Date.now()
      node.process = spawnNode(env, mainPort, certPort)
      await waitForAnswer(`${node.base}/api/portal-config`)
    },
    async close() {
      await Promise.all(nodes.map((node) => stopProcess(node.process, 'SIGTERM')))
      await cleanUp()
    },
  }
  return deployment
}

/** The hash of what shapes a fresh database: the migrations and the seeds. */
function schemaHash() {
  const hash = createHash('sha256')
  const folder = path.join(root, 'server', 'platform', 'db')
  const files = [
    ...readdirSync(path.join(folder, 'migrations')).map((name) => path.join('migrations', name)),
    ...readdirSync(folder).filter((name) => name.startsWith('seed') || name === 'database.ts'),
    path.join('..', '..', 'accounts', 'demo-account.ts'),
  ].sort()
  for (const file of files) hash.update(file).update(readFileSync(path.join(folder, file)))
  return hash.digest('hex').slice(0, 16)
}

/**
 * A migrated and seeded PGlite data folder to copy for each section: a first start seeds the
 * address lists (tens of seconds on a busy machine); a copy starts in a few. Kept in
 * node_modules/.cache/reliability/ keyed by the migrations' and seeds' hash.
 */
async function pgliteTemplate() {
  const folder = path.join(root, 'node_modules', '.cache', 'reliability', `pglite-${schemaHash()}`)
  if (existsSync(folder)) return folder
  mkdirSync(path.dirname(folder), { recursive: true })
  const building = mkdtempSync(`${folder}-building-`)
  const nodes = await startNodes(['template'], { DATA_DIR: building, DATABASE_URL: '' })
  for (const node of nodes) await stopProcess(node.process, 'SIGTERM')
  // The secret is per data folder; every copy makes its own.
  rmSync(path.join(building, 'server-secret'), { force: true })
  renameSync(building, folder)
  return folder
}

/** What a bench may add to the servers' environment (e.g. CERT_CASE_MS), over the defaults above. */
export type DeploymentOptions = { env?: Record<string, string> }

/** One portal process on a fresh PGlite data folder (a copy of the seeded template). */
export async function startPglite(options: DeploymentOptions = {}): Promise<Deployment> {
  const template = await pgliteTemplate()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-reliability-'))
  cpSync(template, dataDir, { recursive: true })
  const env = { ...options.env, DATA_DIR: dataDir, DATABASE_URL: '' }
  const nodes = await startNodes(['A'], env)
  return makeDeployment('PGlite', nodes, env, async () => rmSync(dataDir, { recursive: true, force: true }))
}

export type PostgresCluster = { databaseUrl: string; stop(): void }

/** The throwaway cluster of scripts/test-pg.mjs (or DATABASE_URL's server), or undefined. */
export async function startCluster(): Promise<PostgresCluster | undefined> {
  if (process.env.DATABASE_URL) return { databaseUrl: process.env.DATABASE_URL, stop() {} }
  const bin = findPostgresBin()
  if (!bin) return undefined
  return (await startThrowawayPostgres(bin)) as PostgresCluster
}

async function adminQuery(cluster: PostgresCluster, query: string) {
  const admin = new pg.Client({ connectionString: cluster.databaseUrl })
  await admin.connect()
  try {
    await admin.query(query)
  } finally {
    await admin.end()
  }
}

function databaseUrl(cluster: PostgresCluster, name: string) {
  const url = new URL(cluster.databaseUrl)
  url.pathname = `/${name}`
  return url.toString()
}

const templates = new WeakMap<PostgresCluster, string>()

/** A migrated and seeded database of the cluster, copied (CREATE DATABASE … TEMPLATE) per section. */
async function postgresTemplate(cluster: PostgresCluster) {
  const known = templates.get(cluster)
  if (known) return known
  const name = `reliability_template_${randomBytes(4).toString('hex')}`
  await adminQuery(cluster, `CREATE DATABASE ${name}`)
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-reliability-pg-'))
  const nodes = await startNodes(['template'], {
    DATABASE_URL: databaseUrl(cluster, name),
    DATA_DIR: dataDir,
  })
  for (const node of nodes) await stopProcess(node.process, 'SIGTERM')
  rmSync(dataDir, { recursive: true, force: true })
  templates.set(cluster, name)
  return name
}

/** Drops the template database (at the end of the suite). */
export async function dropPostgresTemplate(cluster: PostgresCluster) {
  const name = templates.get(cluster)
  if (name) await adminQuery(cluster, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
}

/** Two portal processes sharing a fresh database of `cluster` (and one SESSION_SECRET). */
export async function startPostgresPair(
  cluster: PostgresCluster,
  options: DeploymentOptions = {},
): Promise<Deployment> {
  const template = await postgresTemplate(cluster)
  const name = `reliability_${randomBytes(4).toString('hex')}`
  await adminQuery(cluster, `CREATE DATABASE ${name} TEMPLATE ${template}`)
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-reliability-pg-'))
  const env = {
    ...options.env,
    DATABASE_URL: databaseUrl(cluster, name),
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString('base64url'),
  }
  const nodes = await startNodes(['A', 'B'], env)
  return makeDeployment('PostgreSQL ×2', nodes, env, async () => {
    rmSync(dataDir, { recursive: true, force: true })
    await adminQuery(cluster, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  })
}

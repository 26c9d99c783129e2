#!/usr/bin/env node
// `npm run test:pg`: the server suites (server/**/*.test.ts; not the app's tests, which open no
// database, nor the scripts', which work on PGlite's data folders) again, against a real PostgreSQL.
//
// With DATABASE_URL set, they run against that server (each test file gets a copy of a template
// database, or a schema of its own where the role may not create databases, and drops it:
// server/platform/db/test-database.ts). Without it, this script starts a throwaway cluster of Debian's PostgreSQL
// (apt-get install postgresql): initdb in a temporary folder, listening on loopback only on a free
// port, trust authentication for the one local user, durability off for speed; it is stopped and
// removed afterwards. As root, the cluster runs as the `postgres` user, since PostgreSQL refuses
// to run as root.
//
// Extra arguments go to Vitest (e.g. --reporter=json --outputFile=...).
import { execFileSync, spawn } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

/** The bin folder of the newest PostgreSQL installed from Debian's packages, or undefined. */
export function findPostgresBin() {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return undefined
  const versions = readdirSync(root)
    .filter((name) => existsSync(path.join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined
}

/** A TCP port free on loopback now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

const isRoot = process.getuid?.() === 0

/** Runs a PostgreSQL tool, as `postgres` when we are root. */
function pgTool(bin, tool, args) {
  const command = path.join(bin, tool)
  if (isRoot) execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' })
  else execFileSync(command, args, { stdio: 'pipe' })
}

/** Starts a throwaway cluster; resolves to its DATABASE_URL and a stop function. */
export async function startThrowawayPostgres(bin) {
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-pg-'))
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim())
    chownSync(folder, uid, gid)
  }
  const data = path.join(folder, 'data')
  const port = await freePort()
  pgTool(bin, 'initdb', ['-D', data, '-U', 'portal', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync'])
  const options = [
    `-p ${port}`,
    `-k ${folder}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ')
  pgTool(bin, 'pg_ctl', ['-D', data, '-o', options, '-l', path.join(folder, 'server.log'), '-w', 'start'])
  return {
    databaseUrl: `postgres://portal@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        pgTool(bin, 'pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'])
      } finally {
        rmSync(folder, { recursive: true, force: true })
      }
    },
  }
}

/**
 * DATABASE_URL's server when set, else a throwaway cluster; exits with a message when there is
 * neither. Resolves to the URL and a stop function (nothing to stop for DATABASE_URL).
 */
export async function postgresForTests(purpose) {
  if (process.env.DATABASE_URL) return { databaseUrl: process.env.DATABASE_URL, stop: () => {} }
  const bin = findPostgresBin()
  if (!bin) {
    console.error(
      'No PostgreSQL found: install it (apt-get install postgresql) or set DATABASE_URL to a database the tests may use.',
    )
    process.exit(3)
  }
  const cluster = await startThrowawayPostgres(bin)
  console.log(`PostgreSQL (${path.basename(path.dirname(bin))}) for ${purpose} on ${cluster.databaseUrl}`)
  return cluster
}

async function main() {
  const { databaseUrl, stop } = await postgresForTests('the server suites')
  const code = await new Promise((resolve) => {
    const child = spawn(
      'npx',
      ['vitest', 'run', '--project', 'server', 'server/', ...process.argv.slice(2)],
      {
        stdio: 'inherit',
        env: { ...process.env, DATABASE_URL: databaseUrl },
      },
    )
    child.on('close', (exitCode) => resolve(exitCode ?? 1))
  })
  stop()
  process.exit(code)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main()

#!/usr/bin/env node
// `npm run test:e2e:pg`: the journeys that start portals of their own (e2e/own-portal.ts) with
// each portal on PostgreSQL instead of PGlite: revisions and recertification
// (e2e/revisions.spec.ts) and a lab manager's plan v2 (e2e/test-plans.spec.ts), at desktop width.
// The server is DATABASE_URL's, or a throwaway cluster as for `npm run test:pg`; each portal makes
// a database of its own on it. Needs the built app (`node scripts/build.mjs`). `npm test` runs
// every journey that starts a portal of its own that way, in its e2e step (scripts/test-all.mjs,
// docs/decisions/0057).
//
// Extra arguments go to Playwright (other spec files, --reporter=…).
import { spawn } from 'node:child_process'
import { pathToFileURL } from 'node:url'
import pg from 'pg'
import { postgresForTests } from './test-pg.mjs'

const JOURNEYS = ['e2e/revisions.spec.ts', 'e2e/test-plans.spec.ts']

/** How many databases the journeys' portals made on this server (e2e/own-portal.ts names them e2e_…). */
export async function journeyDatabaseCount(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query(
      "SELECT count(*)::int AS n FROM pg_database WHERE datname LIKE 'e2e\\_%'",
    )
    return rows[0].n
  } finally {
    await client.end()
  }
}

async function main() {
  const { databaseUrl, stop } = await postgresForTests('the journeys’ portals')
  const extra = process.argv.slice(2)
  const specs = extra.some((arg) => arg.endsWith('.spec.ts')) ? [] : JOURNEYS
  const code = await new Promise((resolve) => {
    // Its own output folder: Playwright empties its folder first, and test-results/ holds the
    // traces of the journeys npm test ran just before.
    const child = spawn(
      'npx',
      ['playwright', 'test', ...specs, '--project=desktop', '--output=test-results-pg', ...extra],
      {
        stdio: 'inherit',
        env: {
          ...process.env,
          E2E_DATABASE_URL: databaseUrl,
          // These journeys reach only their own portals: no shared portal is started for them
          // (playwright.config.ts starts one when E2E_BASE_URL is unset).
          E2E_BASE_URL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:9',
        },
      },
    )
    child.on('close', (exitCode) => resolve(exitCode ?? 1))
  })
  // The journeys' portals really ran on this server: each made its database here.
  const made = await journeyDatabaseCount(databaseUrl)
  console.log(`${made} portal databases made on PostgreSQL by the journeys`)
  stop()
  process.exit(code === 0 && made === 0 ? 1 : code)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main()

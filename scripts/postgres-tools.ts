import { spawn } from 'node:child_process'
import { postgresToolFailedMessage, postgresToolMissingMessage } from '../src/contract/operator.ts'
import type { Output } from './operator-client.ts'

/*
 * docs/decisions/0048: on PostgreSQL (DATABASE_URL) `npm run backup` and `npm run restore` run
 * PostgreSQL's own pg_dump and pg_restore, printing the command first. The password goes in
 * PGPASSWORD, never on the command line (which other users of the machine can read).
 */

/** Runs `tool` with `args` and the database of `databaseUrl`; true when it succeeded (else printed why). */
export async function runPostgresTool(
  tool: 'pg_dump' | 'pg_restore',
  args: string[],
  databaseUrl: string,
  out: Output,
): Promise<boolean> {
  const url = new URL(databaseUrl)
  const password = decodeURIComponent(url.password)
  url.password = ''
  const command = [`--dbname=${url.href}`, ...args]
  out.log(`${tool} ${command.map((arg) => (/^[\w=./:@-]+$/.test(arg) ? arg : `'${arg}'`)).join(' ')}`)
  const code = await new Promise<number | null | 'missing'>((resolve) => {
    const child = spawn(tool, command, {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    })
    child.once('error', (error) =>
      resolve((error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : null),
    )
    child.once('exit', (exit) => resolve(exit))
  })
  if (code === 0) return true
  out.error(code === 'missing' ? postgresToolMissingMessage(tool) : postgresToolFailedMessage(tool, code))
  return false
}

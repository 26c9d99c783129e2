import { existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import {
  DATA_DIR_REQUIRED_MESSAGE,
  FROM_REQUIRED_MESSAGE,
  postgresRestoredMessage,
  postgresRestoreNeedsNoDataDirMessage,
  RESTORE_USAGE,
  restoredMessage,
  unreadableMessage,
} from '../src/contract/operator.ts'
import { restoreFolder } from '../server/platform/backup/data-folder.ts'
import type { Output } from './operator-client.ts'
import { runPostgresTool } from './postgres-tools.ts'

/*
 * docs/decisions/0048: `npm run restore -- --from <file> --data-dir <new folder>` unpacks a
 * backup of `npm run backup` into a new (or empty) folder, opens it once as a check and says what
 * it holds; start the portal with DATA_DIR set to it. With DATABASE_URL set, `--from` is a
 * pg_dump file and pg_restore restores it into that (new, empty) database in one transaction.
 */

type RestoreFlags = { from: string; dataDir: string | undefined }

/** Reads the flags; a message naming the flag when one is missing or wrong. */
export function readRestoreFlags(args: string[]): RestoreFlags | { message: string } {
  try {
    const { values } = parseArgs({
      args,
      options: { from: { type: 'string' }, 'data-dir': { type: 'string' } },
      strict: true,
    })
    if (!values.from?.trim()) return { message: FROM_REQUIRED_MESSAGE }
    const dataDir = values['data-dir']?.trim()
    return { from: path.resolve(values.from.trim()), dataDir: dataDir ? path.resolve(dataDir) : undefined }
  } catch (error) {
    return { message: `${error instanceof Error ? error.message : String(error)}\n${RESTORE_USAGE}` }
  }
}

/** The command: its exit code (2 for a wrong flag, 1 when nothing was restored). */
export async function restoreCommand(args: string[], env: NodeJS.ProcessEnv, out: Output = console) {
  const flags = readRestoreFlags(args)
  if ('message' in flags) {
    out.error(flags.message)
    return 2
  }
  if (env.DATABASE_URL && flags.dataDir) {
    out.error(postgresRestoreNeedsNoDataDirMessage)
    return 2
  }
  if (!env.DATABASE_URL && !flags.dataDir) {
    out.error(DATA_DIR_REQUIRED_MESSAGE)
    return 2
  }
  if (!existsSync(flags.from)) {
    out.error(unreadableMessage('--from', flags.from, 'ENOENT'))
    return 1
  }
  if (env.DATABASE_URL) {
    const args = ['--no-owner', '--exit-on-error', '--single-transaction', flags.from]
    const done = await runPostgresTool('pg_restore', args, env.DATABASE_URL, out)
    if (done) out.log(postgresRestoredMessage(flags.from))
    return done ? 0 : 1
  }
  const restored = await restoreFolder(flags.from, flags.dataDir as string)
  if ('message' in restored) {
    out.error(restored.message)
    return 1
  }
  out.log(restoredMessage(flags.dataDir as string, restored))
  return 0
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  process.exitCode = await restoreCommand(process.argv.slice(2), process.env)

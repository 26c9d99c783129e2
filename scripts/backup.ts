import { createWriteStream, existsSync, renameSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import {
  BACKUP_USAGE,
  backupWrittenMessage,
  OPERATOR_BACKUP_PATH,
  OUT_REQUIRED_MESSAGE,
  outExistsMessage,
  postgresBackupWrittenMessage,
} from '../src/contract/operator.ts'
import { backupStream, snapshotFolder } from '../server/platform/backup/data-folder.ts'
import { callOperator, commandRoute, jsonOf, type Output, printRefusal } from './operator-client.ts'
import { runPostgresTool } from './postgres-tools.ts'

/*
 * docs/decisions/0048: `npm run backup -- --out <file>`.
 * - PGlite (DATA_DIR): when a portal runs on the folder it takes the snapshot between two
 *   queries and streams it here (its operator call, scripts/operator-client.ts); when none runs
 *   the command opens the data folder itself. Either way the file is the data folder as a gzipped tar: PGlite's files and
 *   the keys beside them (scripts/restore.ts unpacks it).
 * - PostgreSQL (DATABASE_URL): pg_dump --format=custom, whether portals run or not.
 * The file appears whole or not at all (written beside it, then renamed); an existing one is kept.
 */

/** Reads the flags; a message naming the flag when one is missing or wrong. */
export function readBackupFlags(args: string[]): { out: string } | { message: string } {
  try {
    const { values } = parseArgs({ args, options: { out: { type: 'string' } }, strict: true })
    if (!values.out?.trim()) return { message: OUT_REQUIRED_MESSAGE }
    return { out: path.resolve(values.out.trim()) }
  } catch (error) {
    return { message: `${error instanceof Error ? error.message : String(error)}\n${BACKUP_USAGE}` }
  }
}

/** Writes `stream` to `file` through a file beside it, renamed once whole; its size. */
async function writeWhole(stream: Readable, file: string): Promise<number> {
  const partial = `${file}.partial-${process.pid}`
  try {
    await pipeline(stream, createWriteStream(partial, { mode: 0o600, flags: 'wx' }))
    renameSync(partial, file)
  } finally {
    rmSync(partial, { force: true })
  }
  return statSync(file).size
}

/** Through the running portal's operator call. */
async function backupThroughPortal(base: string, file: string, env: NodeJS.ProcessEnv, out: Output) {
  const response = await callOperator(base, OPERATOR_BACKUP_PATH, env)
  if (!response.ok || response.headers.get('Content-Type') !== 'application/gzip' || !response.body)
    return printRefusal(response, await jsonOf(response), base, out)
  const size = await writeWhole(Readable.fromWeb(response.body as never), file)
  out.log(backupWrittenMessage(file, size, 'portal'))
  return 0
}

/** The command: its exit code (2 for a wrong flag, 1 when no backup was written). */
export async function backupCommand(args: string[], env: NodeJS.ProcessEnv, out: Output = console) {
  const flags = readBackupFlags(args)
  if ('message' in flags) {
    out.error(flags.message)
    return 2
  }
  const file = flags.out
  if (existsSync(file)) {
    out.error(outExistsMessage(file))
    return 1
  }
  if (env.DATABASE_URL) {
    const done = await runPostgresTool(
      'pg_dump',
      ['--format=custom', `--file=${file}`],
      env.DATABASE_URL,
      out,
    )
    if (done) out.log(postgresBackupWrittenMessage(file, statSync(file).size))
    return done ? 0 : 1
  }
  const route = await commandRoute(env, out)
  if (route === null) return 1
  if (route !== 'database') return backupThroughPortal(route.portal, file, env, out)
  const dataDir = env.DATA_DIR || './data'
  try {
    const size = await writeWhole(await backupStream(await snapshotFolder(dataDir), dataDir), file)
    out.log(backupWrittenMessage(file, size, 'folder'))
    return 0
  } catch (error) {
    out.error(error instanceof Error ? error.message : String(error))
    return 1
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  process.exitCode = await backupCommand(process.argv.slice(2), process.env)

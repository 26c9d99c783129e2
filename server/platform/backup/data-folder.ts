import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { createGzip, gunzipSync } from 'node:zlib'
import { PGlite } from '@electric-sql/pglite'
import { dataDirNotEmptyMessage, notABackupMessage, unreadableMessage } from '@/contract/operator'
import { LOCK_FILE, lockDataDir, PGLITE_FOLDER, type PortalDatabase } from '../db/database.ts'
import { readTar, TAR_END, tarEntry, type TarEntry } from './tar.ts'

/*
 * docs/decisions/0048: a backup of a PGlite portal is its data folder as a gzipped tar, laid out
 * as the folder is — `pglite/…` (PGlite's dumpDataDir, taken between two queries) and every plain
 * file beside it (the certificate signing key, the server's secret: what a restored portal needs
 * so that its keys, mailed codes and webhook secrets still work). A manifest comes first, so a
 * restore can tell a portal backup from any other archive. Restoring unpacks it into a new folder.
 */

export const BACKUP_MANIFEST = 'portal-backup.json'

const gzipped = (blocks: Iterable<Uint8Array>) => Readable.from(blocks).pipe(createGzip())

/** The data folder's plain files besides PGlite's folder and the lock (certificate key, secret). */
function keptFiles(dataDir: string): TarEntry[] {
  if (!existsSync(dataDir)) return []
  return (
    readdirSync(dataDir, { withFileTypes: true })
      // The lock names a running process: never backed up.
      .filter((entry) => entry.isFile() && entry.name !== LOCK_FILE)
      .map((entry) => ({
        name: entry.name,
        type: 'file' as const,
        data: readFileSync(path.join(dataDir, entry.name)),
        mode: 0o600,
      }))
  )
}

/** The backup of `dataDir` whose database is `snapshot` (dumpDataDir's tar), gzipped. */
export async function backupStream(snapshot: Blob, dataDir: string): Promise<Readable> {
  const database = new Uint8Array(await snapshot.arrayBuffer())
  const manifest = JSON.stringify({ format: 1, engine: 'pglite', takenAt: new Date().toISOString() })
  function* blocks() {
    yield* tarEntry({ name: BACKUP_MANIFEST, type: 'file', data: Buffer.from(manifest), mode: 0o600 })
    for (const entry of readTar(database)) {
      const name = `${PGLITE_FOLDER}/${entry.name.replace(/^\/+/, '')}`.replace(/\/+$/, '')
      yield* tarEntry({ ...entry, name, mode: entry.type === 'directory' ? 0o700 : 0o600 })
    }
    for (const entry of keptFiles(dataDir)) yield* tarEntry(entry)
    yield TAR_END
  }
  return gzipped(blocks())
}

/** The backup a portal on `database` serves (server/apps/operator.ts): none unless PGlite in a folder. */
export function folderBackup(
  { snapshot }: Pick<PortalDatabase, 'snapshot'>,
  dataDir: string,
): (() => Promise<Readable>) | null {
  return snapshot ? async () => backupStream(await snapshot(), dataDir) : null
}

/** With no portal running on it: opens the folder (taking its lock) and dumps it. */
export async function snapshotFolder(dataDir: string): Promise<Blob> {
  const folder = path.resolve(dataDir)
  if (!existsSync(path.join(folder, PGLITE_FOLDER, 'PG_VERSION')))
    throw new Error(`There is no portal data folder at ${folder} (DATA_DIR).`)
  const release = lockDataDir(folder)
  try {
    const pglite = await PGlite.create(path.join(folder, PGLITE_FOLDER))
    try {
      await pglite.exec('checkpoint')
      return await pglite.dumpDataDir('none')
    } finally {
      await pglite.close()
    }
  } finally {
    release()
  }
}

export type Restored = { records: number; runs: number; certificates: number }

/** Unpacks the backup `file` into the new or empty folder `dataDir`; a refusal's message names the flag. */
export async function restoreFolder(file: string, dataDir: string): Promise<Restored | { message: string }> {
  const folder = path.resolve(dataDir)
  if (existsSync(folder) && (!statSync(folder).isDirectory() || readdirSync(folder).length > 0))
    return { message: dataDirNotEmptyMessage(folder) }
  let entries: TarEntry[]
  try {
    entries = [...readTar(gunzipSync(readFileSync(file)))]
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR')
      return { message: unreadableMessage('--from', file, code) }
    return { message: notABackupMessage(file) }
  }
  const [manifest, ...rest] = entries
  if (
    manifest?.name !== BACKUP_MANIFEST ||
    !rest.some((entry) => entry.name === `${PGLITE_FOLDER}/PG_VERSION`)
  )
    return { message: notABackupMessage(file) }
  const outside = rest.find((entry) => !isInside(folder, entry.name))
  if (outside) return { message: notABackupMessage(file) }
  mkdirSync(folder, { recursive: true, mode: 0o700 })
  try {
    for (const entry of rest) {
      const target = path.join(folder, entry.name)
      if (entry.type === 'directory') mkdirSync(target, { recursive: true, mode: 0o700 })
      else {
        mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 })
        writeFileSync(target, entry.data, { mode: 0o600 })
      }
    }
    return await countRestored(folder)
  } catch (error) {
    rmSync(folder, { recursive: true, force: true })
    throw error
  }
}

const isInside = (folder: string, name: string) => {
  const target = path.resolve(folder, name)
  return target.startsWith(`${folder}${path.sep}`) && !path.isAbsolute(name)
}

/** Opens the restored database once, as a check, and counts what it holds. */
async function countRestored(folder: string): Promise<Restored> {
  const release = lockDataDir(folder)
  try {
    const pglite = await PGlite.create(path.join(folder, PGLITE_FOLDER))
    try {
      const { rows } = await pglite.query<Restored>(
        `select (select count(*) from device_records)::int as records,
                (select count(*) from certification_runs)::int as runs,
                (select count(*) from certificates)::int as certificates`,
      )
      return rows[0] ?? { records: 0, runs: 0, certificates: 0 }
    } finally {
      await pglite.close()
    }
  } finally {
    release()
  }
}

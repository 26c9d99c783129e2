import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/*
 * The server's secret (SESSION_SECRET): it keys the hashes of mailed codes and the webhooks'
 * signing secrets (server/webhooks/secrets.ts). Without SESSION_SECRET it is made on the first
 * start and kept, owner-readable only, in DATA_DIR/server-secret, so that what it keyed before a
 * restart still works after it — and a backup of the data folder carries it (docs/decisions/0048).
 */

export const SERVER_SECRET_FILE = 'server-secret'

/** SESSION_SECRET when given, else the data folder's kept secret, made when missing. */
export function serverSecret(sessionSecret: string | undefined, dataDir: string): string {
  if (sessionSecret) return sessionSecret
  const folder = path.resolve(dataDir)
  const file = path.join(folder, SERVER_SECRET_FILE)
  try {
    const kept = readFileSync(file, 'utf8').trim()
    if (kept.length >= 32) return kept
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  mkdirSync(folder, { recursive: true })
  const secret = randomBytes(32).toString('base64url')
  writeFileSync(file, `${secret}\n`, { mode: 0o600 })
  return secret
}

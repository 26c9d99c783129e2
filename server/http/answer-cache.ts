import { gzipSync } from 'node:zlib'
import type { Context } from 'hono'
import { accepts } from 'hono/accepts'

/*
 * Serialized answers kept per account and data version (migration 0002), for the reads a vendor
 * repeats: the portfolio get and the device-record list. The session lookup reads the account's
 * data_version with the session, so a cached answer costs no query of its own; any change of the
 * vendor's data raises the version in the database (triggers), and the next read builds the
 * answer again. That holds across processes sharing one PostgreSQL too: nothing here is trusted
 * beyond the version the database reports.
 *
 * An answer is stored under the version read *before* it was built, so it is never older than its
 * version; at worst a change made while it was built makes the next read build it again.
 *
 * The gzip form is made once per entry, on the first request that accepts it: the list of 1,000
 * records is about 250 KB of JSON, and compressing it anew on every request would cost more than
 * reading it.
 */

type Entry = { version: number; json: string; gzip?: Buffer }

const GZIP_THRESHOLD = 1024

export class AnswerCache {
  private readonly entries = new Map<string, Entry>()

  constructor(private readonly limit = 2000) {}

  get(key: string, version: number | null | undefined): Entry | undefined {
    if (version === null || version === undefined) return undefined
    const entry = this.entries.get(key)
    if (!entry || entry.version !== version) return undefined
    // Most recently used last, so the first key is the one to drop.
    this.entries.delete(key)
    this.entries.set(key, entry)
    return entry
  }

  set(key: string, version: number | null | undefined, answer: unknown): Entry {
    const entry: Entry = { version: version ?? -1, json: JSON.stringify(answer) }
    if (version === null || version === undefined) return entry
    this.entries.delete(key)
    this.entries.set(key, entry)
    if (this.entries.size > this.limit) {
      const oldest = this.entries.keys().next().value
      if (oldest !== undefined) this.entries.delete(oldest)
    }
    return entry
  }

  get size() {
    return this.entries.size
  }
}

export type AnswerOptions = {
  /**
   * The data version to answer for, read by the caller after the session (the records list reads
   * it with its event seq); default: the one read with the session.
   */
  version?: number | null
  /** Headers of this answer (not kept with the entry): the list's X-Events-Seq. */
  headers?: Record<string, string>
}

/** What answering from the cache reads of a request: the cache, and the session's data version. */
type CacheEnv = {
  Variables: { services: { answers: AnswerCache }; session: { dataVersion: number | null } | null }
}

/**
 * Answers the caller's cached `key` when its version is the session's (or `options.version`), else
 * builds the answer, keeps it under that version and answers it. `build` may answer a Response of
 * its own (a refusal), which is sent as it is and not kept.
 */
export async function answerFromCache<E extends CacheEnv>(
  c: Context<E>,
  key: string,
  build: () => Promise<unknown>,
  options: AnswerOptions = {},
): Promise<Response> {
  const { answers } = c.var.services
  const version = options.version !== undefined ? options.version : c.var.session?.dataVersion
  const cached = answers.get(key, version)
  if (cached) return sendCachedJson(c, cached, options.headers)
  const answer = await build()
  if (answer instanceof Response) return answer
  return sendCachedJson(c, answers.set(key, version, answer), options.headers)
}

/** Answers with a cached entry: gzip when the caller accepts it, never stored by the browser. */
function sendCachedJson(c: Context, entry: Entry, extra: Record<string, string> = {}) {
  const headers: Record<string, string> = {
    ...extra,
    'Content-Type': 'application/json',
    'Cache-Control': 'no-store',
    Vary: 'Accept-Encoding',
  }
  const gzip =
    entry.json.length >= GZIP_THRESHOLD &&
    accepts(c, { header: 'Accept-Encoding', supports: ['gzip'], default: 'identity' }) === 'gzip'
  if (gzip) {
    entry.gzip ??= gzipSync(entry.json)
    return c.body(new Uint8Array(entry.gzip), 200, {
      ...headers,
      'Content-Encoding': 'gzip',
      'Content-Length': String(entry.gzip.length),
    })
  }
  return c.body(entry.json, 200, { ...headers, 'Content-Length': String(Buffer.byteLength(entry.json)) })
}

/*
 * Gzip copies of a build's scripts, styles and data, written beside them at build time
 * (file.js → file.js.gz), which the portal serves to a browser that accepts gzip
 * (server/apps/built-files.ts, serveStatic's `precompressed`). Without them the portal compressed
 * every file anew for every visitor whose browser had not cached it: about 0.25 s of the server's
 * CPU for each first start of the app (its 127 files), about as much as the page costs the server
 * otherwise (docs/decisions/0055). Pages (.html) are left out: they go out through the page policy
 * and are compressed as they are answered, as today.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { gzip as gzipCallback, constants } from 'node:zlib'

const gzip = promisify(gzipCallback)

/** The kinds of file worth a compressed copy: text the browser asks for. */
const PRECOMPRESSED_EXTENSIONS = new Set(['.js', '.mjs', '.css', '.json', '.svg', '.txt', '.xml'])
/** Below this the portal does not compress an answer either (hono's compress threshold). */
const PRECOMPRESS_MIN_BYTES = 1024

function* filesUnder(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* filesUnder(file)
    else if (entry.isFile()) yield file
  }
}

/**
 * Writes file.gz beside every file of `dir` worth it (its kind above, at least
 * PRECOMPRESS_MIN_BYTES, and smaller once compressed). Compression runs on libuv's thread pool, so
 * the copies are made on every core. Answers how many copies and bytes it wrote.
 */
export async function precompress(dir) {
  const files = [...filesUnder(dir)].filter(
    (file) =>
      PRECOMPRESSED_EXTENSIONS.has(path.extname(file)) && statSync(file).size >= PRECOMPRESS_MIN_BYTES,
  )
  const written = await Promise.all(
    files.map(async (file) => {
      const source = readFileSync(file)
      const compressed = await gzip(source, { level: constants.Z_BEST_COMPRESSION })
      if (compressed.length >= source.length) return 0
      writeFileSync(`${file}.gz`, compressed)
      return compressed.length
    }),
  )
  const copies = written.filter((bytes) => bytes > 0)
  return { files: copies.length, bytes: copies.reduce((sum, bytes) => sum + bytes, 0) }
}

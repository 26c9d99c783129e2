/*
 * The inline scripts of the built pages, by SHA-256 (docs/decisions/0017): the
 * Content-Security-Policy of a page the server answers from dist/ allows exactly the inline
 * scripts the build wrote into that page, never what an answer happens to contain.
 *
 * scripts/build.mjs writes SCRIPT_HASHES_FILE into dist/ once every page is written: for each
 * .html file under dist/ ('/'-separated path from dist/), the CSP sources of its inline scripts.
 * The server (server/http/page-policy.ts) reads it at start; a dist/ built before the file
 * existed has its hashes computed from its .html files instead, once, when the server starts
 * (pageScriptHashes) — the build's own output, not an answer.
 */
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

/** In dist/, beside .build-inputs.json: a dot file, which the server does not serve. */
export const SCRIPT_HASHES_FILE = '.script-hashes.json'

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi

/** 'sha256-…' sources of every inline script of a page (scripts with a src are files: 'self'). */
export function inlineScriptHashes(html) {
  const hashes = new Set()
  for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue
    // A JSON data block is not run: no hash needed.
    if (/\btype\s*=\s*["']?application\/(ld\+)?json/i.test(attributes)) continue
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`)
  }
  return [...hashes]
}

/** Each .html file under `dist` ('/'-separated relative path) with its inline scripts' sources. */
export function pageScriptHashes(dist) {
  const pages = {}
  if (!existsSync(dist)) return pages
  for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue
    const file = path.join(entry.parentPath, entry.name)
    const relative = path.relative(dist, file).split(path.sep).join('/')
    if (relative.split('/').some((part) => part.startsWith('.'))) continue
    pages[relative] = inlineScriptHashes(readFileSync(file, 'utf8'))
  }
  return Object.fromEntries(Object.entries(pages).sort(([a], [b]) => a.localeCompare(b)))
}

import './iterator-helpers.ts'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type Result, type RunnerResult } from 'lighthouse'
import { chromium } from 'playwright-core'
import { chromiumFlags, chromiumPath } from '../../scripts/chromium.mjs'
import { PRERENDERED_PATHS, PRERENDERED_SHELLS } from '@/routes/-prerendered-paths'
import { certifiedExample } from './certified-example.ts'
import { root, spawnPortal } from '../portal-process.ts'

/*
 * npm run bench:lighthouse — the public pages as a user on a phone sees them (Lighthouse's default
 * mobile run: a mid-range phone on a slow 4G line, simulated throttling).
 *
 * 1. Builds the front end (`npm run build`: dist/, and the prerendered HTML of the public routes)
 *    unless BENCH_SKIP_BUILD=1.
 * 2. Starts the real server (`tsx server/index.ts`) in its own process, on free ports, with a
 *    throwaway DATA_DIR, and waits until GET / answers 200.
 * 3. Launches Debian's Chromium once (headless, scripts/chromium.mjs flags; CHROME_PATH overrides
 *    /usr/bin/chromium) and runs Lighthouse on each page with its default config, categories
 *    performance, accessibility, best practices and SEO. Every run starts from an empty cache; a
 *    run that breaks (e.g. the occasional NO_NAVSTART) is tried again, up to 3 times.
 * 4. Prints per page the four scores, LCP, CLS, TBT, FCP and the JavaScript transferred; then the
 *    initial JavaScript of / (every script its run loaded, gzipped at level 9 from dist/,
 *    target 90 KB); then what the app loads on / at the first sign of use (a visitor's page
 *    loads it then: scripts/page-boot.mjs), measured in the same Chromium with the pointer moved
 *    over the page; then the targets' verdict (performance 100 and LCP ≤ 1.2 s on every page,
 *    accessibility 100) and, for every category below 100, the audits that cost the points.
 * 5. Writes each page's full report (LHR JSON) to BENCH_OUT, or to a temporary folder it prints.
 *
 * BENCH_PAGES=/,/help-center picks pages (`/verify/:certificate`: the verification page of a
 * certificate the bench makes first, as a vendor would, about 20 s); BENCH_RUNS=N (1) measures each page N times and keeps
 * the median run by performance score (of two middle runs, the lower).
 *
 * On Node 20, ./iterator-helpers.ts supplies what Lighthouse 13 (made for Node 22) needs.
 *
 * A measurement, not a test: it exits 0 when targets are missed, and non-zero only when something
 * broke (the build, the server, Chromium or a Lighthouse run).
 */

/**
 * The verification page of a certificate stands for its shell (PRERENDERED_SHELLS): ':certificate'
 * is replaced by the number of a certificate made for the run (./certified-example.ts).
 */
const CERTIFICATE_PAGE = '/verify/:certificate'
const ALL_PAGES: readonly string[] = [...PRERENDERED_PATHS, CERTIFICATE_PAGE]
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
const CATEGORY_LABELS: Record<Category, string> = {
  performance: 'perf',
  accessibility: 'a11y',
  'best-practices': 'bp',
  seo: 'seo',
}
type Category = (typeof CATEGORIES)[number]

const RUNS = Math.max(1, Math.floor(Number(process.env.BENCH_RUNS ?? 1)) || 1)
const SKIP_BUILD = process.env.BENCH_SKIP_BUILD === '1'
const TARGET_INITIAL_JS_KB = 90
const TARGET_LCP_S = 1.2
/** Tries per run before a page counts as broken. */
const ATTEMPTS = 3
/** Set on Ctrl-C: the runs under way stop quietly while Chromium and the server are stopped. */
let stopping = false
const NOT_SCORED = new Set(['informative', 'notApplicable', 'manual'])

const distDir = path.join(root, 'dist')

/** The pages BENCH_PAGES names (any path of the site), or all public pages. */
function chosenPages() {
  const only = (process.env.BENCH_PAGES ?? '')
    .split(',')
    .map((page) => page.trim())
    .filter(Boolean)
    .map((page) => (page.startsWith('/') ? page : `/${page}`))
  return only.length ? [...new Set(only)] : [...ALL_PAGES]
}

/** The file name of a page's report: / → home, /create-profile/register → create-profile-register. */
function slug(page: string) {
  return page.replace(/^\/+|\/+$/g, '').replace(/[^\w.-]+/g, '-') || 'home'
}

type Figures = {
  page: string
  scores: Record<Category, number | null>
  lcpS: number | null
  cls: number | null
  tbtMs: number | null
  fcpS: number | null
  jsKb: number
  lhr: Result
}

function figuresOf(page: string, lhr: Result): Figures {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? null
  const score = (id: Category) => {
    const value = lhr.categories[id]?.score
    return value === null || value === undefined ? null : Math.round(value * 100)
  }
  let jsBytes = 0
  const requests = lhr.audits['network-requests']?.details
  if (requests?.type === 'table') {
    for (const item of requests.items) {
      if (item.resourceType === 'Script' && typeof item.transferSize === 'number') {
        jsBytes += item.transferSize
      }
    }
  }
  const lcp = numeric('largest-contentful-paint')
  const fcp = numeric('first-contentful-paint')
  return {
    page,
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    lcpS: lcp === null ? null : lcp / 1000,
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    fcpS: fcp === null ? null : fcp / 1000,
    jsKb: jsBytes / 1024,
    lhr,
  }
}

/** The median run by performance score; of an even number of runs, the lower middle one. */
function medianRun(runs: Figures[]) {
  const sorted = [...runs].sort((a, b) => (a.scores.performance ?? -1) - (b.scores.performance ?? -1))
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? runs[0]
}

/** The audits that cost a category points: scored, below 1 (or failed to run). */
function failingAudits(lhr: Result, category: Category) {
  const found: string[] = []
  for (const ref of lhr.categories[category]?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id]
    if (!audit || NOT_SCORED.has(audit.scoreDisplayMode)) continue
    if (audit.scoreDisplayMode === 'error') {
      found.push(`${audit.id} — ${audit.title} (the audit failed: ${audit.errorMessage ?? 'no message'})`)
    } else if (audit.score !== null && audit.score < 1) {
      const shown = audit.displayValue ? ` — ${audit.displayValue}` : ''
      found.push(`${audit.id} — ${audit.title}${shown} (score ${Math.round(audit.score * 100)})`)
      found.push(...examplesOf(audit.details, new URL(lhr.requestedUrl ?? lhr.finalDisplayedUrl).origin))
    }
  }
  return found
}

const EXAMPLES = 3

type Details = NonNullable<Result['audits'][string]['details']>

/** The rows of an audit's tables (a list, like the insights', holds tables). */
function rowsOf(details: Details | undefined): Record<string, unknown>[] {
  if (!details) return []
  if (details.type === 'table' || details.type === 'opportunity') return details.items
  if (details.type === 'list') return details.items.flatMap((item) => rowsOf(item as Details))
  return []
}

/** One row as text: the element, file, console line or task it names, and what it costs. */
function describeRow(row: Record<string, unknown>) {
  const parts: string[] = []
  const text = (value: unknown) => {
    if (typeof value === 'string') return value.split('\n')[0] ?? ''
    if (value && typeof value === 'object') {
      const { selector, snippet, url, value: inner } = value as Record<string, unknown>
      return text(selector || snippet || url || inner)
    }
    return ''
  }
  for (const key of ['node', 'url', 'source', 'description', 'line', 'message', 'label', 'groupLabel']) {
    const value = text(row[key])
    if (value) parts.push(value)
  }
  for (const key of ['duration', 'reflowTime', 'wastedMs']) {
    const value = row[key]
    if (typeof value === 'number') parts.push(`${Math.round(value)} ms`)
  }
  if (typeof row.wastedBytes === 'number') parts.push(`${(row.wastedBytes / 1024).toFixed(1)} KiB to save`)
  return parts.join(' · ')
}

/** A few of the items a failing audit names (elements, files, console lines, tasks), one line each. */
function examplesOf(details: Details | undefined, origin: string) {
  const rows = rowsOf(details)
    .map(describeRow)
    .filter(Boolean)
    .map((row) => row.replaceAll(origin, ''))
  const lines = rows
    .slice(0, EXAMPLES)
    .map((row) => `    · ${row.length > 150 ? `${row.slice(0, 149)}…` : row}`)
  const more = rows.length - EXAMPLES
  return more > 0 ? [...lines, `    · … and ${more} more`] : lines
}

type Tag = { name: string; attributes: Map<string, string> }

function tagsOf(html: string) {
  const tags: Tag[] = []
  for (const match of html.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const attributes = new Map<string, string>()
    for (const attribute of (match[2] ?? '').matchAll(
      /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g,
    )) {
      const name = (attribute[1] ?? '').toLowerCase()
      attributes.set(name, attribute[2] ?? attribute[3] ?? attribute[4] ?? '')
    }
    tags.push({ name: (match[1] ?? '').toLowerCase(), attributes })
  }
  return tags
}

/** Same-origin /assets/ scripts a Lighthouse run of a page loaded, in load order; undefined without a report. */
function scriptsOfReport(report?: Result): string[] | undefined {
  const items = report?.audits['network-requests']?.details
  if (!report || !items || items.type !== 'table') return undefined
  const origin = new URL(report.finalDisplayedUrl).origin
  const urls: string[] = []
  for (const item of items.items) {
    const url = typeof item.url === 'string' ? new URL(item.url) : null
    if (
      !url ||
      url.origin !== origin ||
      item.resourceType !== 'Script' ||
      !url.pathname.startsWith('/assets/')
    )
      continue
    if (!urls.includes(url.pathname)) urls.push(url.pathname)
  }
  return urls
}

/** What dist/index.html starts (module scripts, modulepreloads, the loader's import()) and their static imports. */
function staticScriptsOfIndex(): string[] {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8')
  const queue: string[] = []
  for (const tag of tagsOf(html)) {
    const { name, attributes } = tag
    if (name === 'script' && attributes.get('type') === 'module' && attributes.get('src')) {
      queue.push(attributes.get('src') ?? '')
    }
    const rel = (attributes.get('rel') ?? '').toLowerCase().split(/\s+/)
    if (name === 'link' && rel.includes('modulepreload') && attributes.get('href')) {
      queue.push(attributes.get('href') ?? '')
    }
  }
  for (const inline of html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)) {
    for (const loaded of (inline[1] ?? '').matchAll(/import\(\s*["']([^"']+)["']\s*\)/g))
      queue.push(loaded[1] ?? '')
  }
  const urls: string[] = []
  while (queue.length > 0) {
    const url = queue.shift() ?? ''
    if (urls.includes(url)) continue
    urls.push(url)
    if (/^[a-z][a-z\d+.-]*:|^\/\//i.test(url) || !url.endsWith('.js')) continue
    const code = readFileSync(path.join(distDir, url.replace(/^\/+/, '')), 'utf8')
    // Static imports only: `import{a as b}from"./x.js"`, `import"./x.js"`, `export{…}from"./x.js"`.
    for (const found of code.matchAll(
      /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{},\s]*?from\s*)?["'](\.\/[^"']+\.js)["']/g,
    )) {
      queue.push(path.posix.join(path.posix.dirname(url), found[1] ?? ''))
    }
  }
  return urls
}

/**
 * The JavaScript / loads: every script of its Lighthouse run (the app starts in steps and loads the
 * route's code with import(), so a static reading of dist/index.html would see only the small
 * entry), measured from dist/ at gzip level 9. Without a report of /, falls back to what
 * dist/index.html starts and the chunks those import statically.
 */
function initialScripts(homeReport?: Result) {
  const fromReport = scriptsOfReport(homeReport)
  return sizesOf(fromReport ?? staticScriptsOfIndex())
}

/** Each script's size as built in dist/: raw, and gzipped at level 9. */
function sizesOf(urls: readonly string[]) {
  const files: { url: string; rawKb: number; gzipKb: number }[] = []
  for (const url of urls) {
    if (/^[a-z][a-z\d+.-]*:|^\/\//i.test(url)) {
      console.warn(`  ${url}: not in dist/, left out`)
      continue
    }
    const file = path.join(distDir, decodeURIComponent(url.replace(/[?#].*$/, '')).replace(/^\/+/, ''))
    const content = readFileSync(file)
    files.push({
      url,
      rawKb: content.length / 1024,
      gzipKb: gzipSync(content, { level: 9 }).length / 1024,
    })
  }
  return files
}

/**
 * The scripts / loads once used: a visitor's page requests the app at the first sign of use
 * (scripts/page-boot.mjs), so Lighthouse, which never moves the pointer, sees none of it. Opens /
 * in the bench's Chromium, moves the pointer, waits until the app has hydrated the page and the
 * network is quiet, and lists the same-origin /assets/ scripts in load order.
 */
async function scriptsOnFirstUse(url: string, port: number) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`)
  try {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(url, { waitUntil: 'load' })
    const used = await page.evaluate(() => performance.now())
    await page.mouse.move(10, 10)
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 })
    const liveAfterMs = (await page.evaluate(() => performance.now())) - used
    await page.waitForLoadState('networkidle')
    const origin = new URL(url).origin
    const urls = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => entry.name),
    )
    await context.close()
    const scripts = [
      ...new Set(
        urls
          .map((found) => new URL(found))
          .filter((found) => found.origin === origin && /^\/assets\/.+\.js$/.test(found.pathname))
          .map((found) => found.pathname),
      ),
    ]
    return { scripts, liveAfterMs }
  } finally {
    await browser.close()
  }
}

/**
 * One Lighthouse run of `url` with the default (mobile) config. A run that breaks — Lighthouse
 * throws, or its report carries a runtimeError such as the occasional NO_NAVSTART of a fresh
 * Chromium, which asks to "run Lighthouse again" — is tried again, up to ATTEMPTS times. Returns
 * the last report (with its runtimeError if every attempt had one), or undefined if every attempt threw.
 */
async function measure(url: string, port: number, label: string) {
  let lhr: Result | undefined
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    let result: RunnerResult | undefined
    try {
      result = await lighthouse(url, {
        port,
        output: 'json',
        logLevel: 'error',
        formFactor: 'mobile',
        onlyCategories: [...CATEGORIES],
      })
    } catch (error) {
      if (stopping) return undefined
      console.error(`  ${label}: Lighthouse failed (attempt ${attempt} of ${ATTEMPTS}):`, error)
      continue
    }
    lhr = result?.lhr
    if (!lhr) {
      console.error(`  ${label}: Lighthouse returned no result (attempt ${attempt} of ${ATTEMPTS}).`)
      continue
    }
    if (!lhr.runtimeError) return lhr
    if (attempt < ATTEMPTS) console.warn(`  ${label}: ${lhr.runtimeError.code}, trying again…`)
  }
  return lhr
}

async function waitFor(url: string, exited: () => string | null, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  let last = 'no answer'
  while (Date.now() < deadline) {
    const exit = exited()
    if (exit) throw new Error(`The server stopped before answering (${exit}).`)
    try {
      const response = await fetch(url)
      await response.body?.cancel()
      if (response.status === 200) return
      last = `status ${response.status}`
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms (${last}).`)
}

async function main() {
  const pages = chosenPages()
  if (!SKIP_BUILD) {
    console.log('Building (npm run build)…')
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
    if (build.status !== 0) throw new Error(`npm run build failed (${build.status ?? build.signal}).`)
  } else if (!existsSync(path.join(distDir, 'index.html'))) {
    throw new Error('BENCH_SKIP_BUILD=1 but dist/index.html is missing: run `npm run build` first.')
  }

  const outDir = process.env.BENCH_OUT
    ? path.resolve(process.env.BENCH_OUT)
    : mkdtempSync(path.join(tmpdir(), 'portal-lighthouse-'))
  mkdirSync(outDir, { recursive: true })
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'))
  const { server, base } = await spawnPortal({ dataDir })
  let serverExit: string | null = null
  const serverGone = new Promise<void>((resolve) => {
    server.once('exit', (code, signal) => {
      serverExit = signal ? `signal ${signal}` : `exit code ${code}`
      resolve()
    })
    server.once('error', (error) => {
      serverExit = error.message
      resolve()
    })
  })

  let chrome: chromeLauncher.LaunchedChrome | undefined
  let cleaned: Promise<void> | undefined
  const cleanUp = () =>
    (cleaned ??= (async () => {
      try {
        chrome?.kill()
      } catch (error) {
        console.error('Stopping Chromium failed:', error)
      }
      if (serverExit === null && server.pid) {
        try {
          process.kill(-server.pid, 'SIGTERM')
        } catch {
          // already gone
        }
        const force = setTimeout(() => {
          try {
            process.kill(-(server.pid ?? 0), 'SIGKILL')
          } catch {
            // already gone
          }
        }, 10_000)
        await serverGone
        clearTimeout(force)
      }
      rmSync(dataDir, { recursive: true, force: true })
      // A run that broke before any report leaves no empty temporary folder behind.
      if (!process.env.BENCH_OUT && readdirSync(outDir).length === 0) rmSync(outDir, { recursive: true })
    })())
  // Ctrl-C or a kill: stop Chromium and the server before leaving.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopping = true
      console.error(`\n${signal}: stopping Chromium and the server…`)
      void cleanUp().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143))
    })
  }
  // A crash (an error thrown outside the try below, e.g. by chrome-launcher) skips `finally`:
  // leave no server or Chromium behind even then.
  process.once('exit', () => {
    if (serverExit === null && server.pid) {
      try {
        process.kill(-server.pid, 'SIGKILL')
      } catch {
        // already gone
      }
    }
    try {
      chrome?.kill()
    } catch {
      // already gone
    }
  })

  let broken = 0
  try {
    // A fresh DATA_DIR is seeded first (the address lists): on a busy machine that takes minutes.
    await waitFor(`${base}/`, () => serverExit, 240_000)
    console.log(`Server: ${base}/ (DATA_DIR ${dataDir})`)
    if (pages.includes(CERTIFICATE_PAGE)) {
      const number = await certifiedExample(base, server)
      const shell = PRERENDERED_SHELLS.find((candidate) => candidate.route === '/verify/$number')
      console.log(`Certificate ${number} made and listed, for ${shell?.renderedAt ?? '/verify/<number>'}.`)
      pages.splice(pages.indexOf(CERTIFICATE_PAGE), 1, `/verify/${number}`)
    }

    if (!existsSync(chromiumPath)) throw new Error(`No Chromium at ${chromiumPath} (set CHROME_PATH).`)
    chrome = await chromeLauncher.launch({
      chromePath: chromiumPath,
      chromeFlags: [...chromiumFlags, '--headless=new'],
      logLevel: 'silent',
      handleSIGINT: false,
    })
    console.log(`Chromium: ${chromiumPath} (debugging port ${chrome.port})`)
    console.log(
      `Lighthouse: default mobile config (simulated throttling), ${RUNS} run(s) per page, ${pages.length} page(s)\n`,
    )

    const results: Figures[] = []
    const runScores = new Map<string, (number | null)[]>()
    for (const page of pages) {
      if (stopping) break
      const runs: Figures[] = []
      for (let run = 1; run <= RUNS; run++) {
        if (stopping) break
        const started = Date.now()
        const lhr = await measure(`${base}${page}`, chrome.port, `${page}${RUNS > 1 ? ` run ${run}` : ''}`)
        if (!lhr) {
          broken++
          continue
        }
        const file = path.join(outDir, RUNS > 1 ? `${slug(page)}.run${run}.json` : `${slug(page)}.json`)
        writeFileSync(file, JSON.stringify(lhr, null, 2))
        const seconds = ((Date.now() - started) / 1000).toFixed(0)
        if (lhr.runtimeError) {
          broken++
          console.error(`  ${page}: ${lhr.runtimeError.code}: ${lhr.runtimeError.message} (${file})`)
          continue
        }
        const figures = figuresOf(page, lhr)
        runs.push(figures)
        console.log(
          `  ${page}${RUNS > 1 ? ` run ${run}` : ''}: performance ${figures.scores.performance ?? '–'} (${seconds} s)`,
        )
        for (const warning of lhr.runWarnings) console.warn(`    warning: ${warning}`)
      }
      const median = runs.length ? medianRun(runs) : undefined
      if (median) {
        results.push(median)
        runScores.set(
          page,
          runs.map((run) => run.scores.performance),
        )
        if (RUNS > 1)
          writeFileSync(path.join(outDir, `${slug(page)}.json`), JSON.stringify(median.lhr, null, 2))
      }
    }

    if (stopping) return

    const pad = (value: string | number, width: number) => String(value).padStart(width)
    const fixed = (value: number | null, digits: number) => (value === null ? '–' : value.toFixed(digits))
    const pageWidth = Math.max(26, ...results.map((row) => row.page.length + 2))
    console.log(
      `\nPublic pages on a phone (Lighthouse ${results[0]?.lhr.lighthouseVersion ?? ''}, mobile, simulated throttling${RUNS > 1 ? `, median of ${RUNS} runs by performance` : ''})\n`,
    )
    console.log(
      `${'page'.padEnd(pageWidth)}${CATEGORIES.map((category) => pad(CATEGORY_LABELS[category], 6)).join('')}${pad('LCP s', 8)}${pad('CLS', 8)}${pad('TBT ms', 8)}${pad('FCP s', 8)}${pad('JS KB', 8)}`,
    )
    for (const row of results) {
      console.log(
        `${row.page.padEnd(pageWidth)}${CATEGORIES.map((category) => pad(row.scores[category] ?? '–', 6)).join('')}${pad(fixed(row.lcpS, 2), 8)}${pad(fixed(row.cls, 3), 8)}${pad(fixed(row.tbtMs, 0), 8)}${pad(fixed(row.fcpS, 2), 8)}${pad(row.jsKb.toFixed(1), 8)}`,
      )
    }
    if (RUNS > 1) {
      console.log('\nPerformance of every run:')
      for (const [page, scores] of runScores) {
        console.log(`  ${page.padEnd(pageWidth)}${scores.map((score) => score ?? '–').join(', ')}`)
      }
    }
    console.log('JS KB: JavaScript transferred over the page load (compressed, as sent).')

    console.log(
      '\nInitial JS for / (every script its Lighthouse run loaded, as built in dist/, gzip level 9)\n',
    )
    const initial = initialScripts(results.find((row) => row.page === '/')?.lhr)
    if (initial.length === 0) console.log("  none: a visitor's page loads the app at the first sign of use")
    for (const file of initial) {
      console.log(
        `  ${file.url.padEnd(48)}${pad(file.rawKb.toFixed(1), 9)} KB raw${pad(file.gzipKb.toFixed(1), 8)} KB gzip`,
      )
    }
    const initialRaw = initial.reduce((sum, file) => sum + file.rawKb, 0)
    const initialGzip = initial.reduce((sum, file) => sum + file.gzipKb, 0)
    console.log(
      `  ${'total'.padEnd(48)}${pad(initialRaw.toFixed(1), 9)} KB raw${pad(initialGzip.toFixed(1), 8)} KB gzip — target ≤ ${TARGET_INITIAL_JS_KB} KB: ${initialGzip <= TARGET_INITIAL_JS_KB ? 'PASS' : 'FAIL'}`,
    )

    if (pages.includes('/')) {
      const firstUse = await scriptsOnFirstUse(`${base}/`, chrome.port)
      const used = sizesOf(firstUse.scripts)
      const usedGzip = used.reduce((sum, file) => sum + file.gzipKb, 0)
      const usedRaw = used.reduce((sum, file) => sum + file.rawKb, 0)
      const largest = [...used].sort((a, b) => b.gzipKb - a.gzipKb).slice(0, 5)
      console.log(
        `\nOn the first sign of use, / loads the app: ${used.length} scripts, ${usedRaw.toFixed(1)} KB raw, ${usedGzip.toFixed(1)} KB gzip, live ${Math.round(firstUse.liveAfterMs)} ms later (this machine, no throttling). Largest:`,
      )
      for (const file of largest) {
        console.log(
          `  ${file.url.padEnd(48)}${pad(file.rawKb.toFixed(1), 9)} KB raw${pad(file.gzipKb.toFixed(1), 8)} KB gzip`,
        )
      }
    }

    const missing = pages.filter((page) => !results.some((row) => row.page === page))
    const slowLcp = results.filter((row) => row.lcpS === null || row.lcpS > TARGET_LCP_S)
    const verdict = (label: string, misses: string[]) =>
      console.log(
        `  ${label}: ${misses.length === 0 && missing.length === 0 ? 'met' : 'NOT met'}${misses.length ? ` (${misses.join(', ')})` : ''}`,
      )
    const below = (category: Category) =>
      results
        .filter((row) => row.scores[category] !== 100)
        .map((row) => `${row.page} ${row.scores[category] ?? '–'}`)
    console.log('\nTargets, on every page:')
    verdict('performance 100', below('performance'))
    verdict(
      `LCP ≤ ${TARGET_LCP_S} s`,
      slowLcp.map((row) => `${row.page} ${fixed(row.lcpS, 2)} s`),
    )
    verdict('accessibility 100', below('accessibility'))
    if (missing.length) console.log(`  not measured: ${missing.join(', ')}`)

    const failing = results.flatMap((row) =>
      CATEGORIES.filter((category) => row.scores[category] !== 100).map((category) => ({
        row,
        category,
        audits: failingAudits(row.lhr, category),
      })),
    )
    if (failing.length) {
      console.log('\nWhat costs the points (audits scoring below 100):')
      for (const { row, category, audits } of failing) {
        console.log(`\n  ${row.page} — ${category} ${row.scores[category] ?? '–'}`)
        for (const audit of audits) console.log(`    ${audit}`)
        if (!audits.length) console.log('    (no single scored audit below 100)')
      }
    }

    console.log(`\nFull reports (LHR JSON): ${outDir}`)
  } finally {
    await cleanUp()
  }
  if (broken) {
    console.error(`\n${broken} Lighthouse run(s) failed.`)
    process.exitCode = 1
  }
}

await main()

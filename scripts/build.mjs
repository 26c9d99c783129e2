/*
 * npm run build — the front end, with the public pages prerendered (ARCHITECTURE.md "Front end").
 *
 * 1. The browser build: dist/ with index.html as the page template and hashed assets.
 * 2. A Node build of src/entry-server.tsx into .prerender/ (not served, not committed).
 * 3. Each public page rendered as for a visitor into the template: dist/index.html for /,
 *    dist/<path>/index.html for the others, with the page's own <title> and description in the
 *    head. dist/app.html keeps the empty template: the server answers it for every other path
 *    (the logged-in screens render in the browser). dist/prerendered.json lists the pages.
 *    A page with a path parameter (PRERENDERED_SHELLS: /verify/<number>) is rendered once, as its
 *    frame without the value, to its own file (dist/verify/number.html), which the server answers
 *    for every value. Its `script` is bundled on its own (no chunk shared with the app) and loaded
 *    once the page has painted: it reads the value and fills the frame, while the app starts as
 *    on any other page. A page of PAGE_SCRIPTS gets its script the same way (the directory of
 *    certified devices reads its first page with it).
 *
 * What a prerendered page asks of the network before it paints is only its HTML: the part of the
 * stylesheet it uses is inlined (scripts/critical-css.mjs; the whole stylesheet comes with the
 * app), and the app's script is requested by scripts/page-boot.mjs — after the first paint for a
 * logged-in vendor, at the first sign of use for a visitor — instead of competing with the page for
 * the first round trips. Until then the page is plain HTML whose links work; then the app hydrates
 * it and takes over navigation. app.html keeps the usual tags.
 *
 * A page that cannot be rendered fails the build: a public page never silently falls back.
 *
 * 4. dist/.script-hashes.json records the SHA-256 of every built page's inline scripts: the pages'
 *    Content-Security-Policy allows those and no others (scripts/script-hashes.mjs).
 * 5. Gzip copies of the scripts, styles and data sit beside them (scripts/precompress.mjs), and
 *    dist/.build-inputs.json records the inputs as they were when the build began
 *    (scripts/build-inputs.mjs): `npm start` skips the build while they are unchanged.
 * 6. Last, the server is bundled into dist-server/ (scripts/build-server.mjs), which
 *    `npm run start:prod` runs on a production install.
 */
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'
import { APP_BUILD, fingerprint, writeStamp } from './build-inputs.mjs'
import { buildServer } from './build-server.mjs'
import { usedClasses, usedCss } from './critical-css.mjs'
import { bootPage } from './page-boot.mjs'
import { precompress } from './precompress.mjs'
import { pageScriptHashes, SCRIPT_HASHES_FILE } from './script-hashes.mjs'

const root = path.resolve(import.meta.dirname, '..')
const dist = path.join(root, 'dist')
const serverOut = path.join(root, '.prerender')

const started = performance.now()
// Taken before building: a file edited during the build makes the next start build again.
const inputs = fingerprint(root, APP_BUILD)
// The manifest says which files each module became: the pages' boot preloads the app's (below).
await build({ root, logLevel: 'warn', build: { manifest: true } })
await build({
  root,
  logLevel: 'warn',
  build: { ssr: 'src/entry-server.tsx', outDir: serverOut, emptyOutDir: true, sourcemap: false },
})

const { PAGE_SCRIPTS, PRERENDERED_PATHS, PRERENDERED_SHELLS, renderPage } = await import(
  pathToFileURL(path.join(serverOut, 'entry-server.js')).href
)
const template = readFileSync(path.join(dist, 'index.html'), 'utf8')
if (!template.includes('<div id="root"></div>'))
  throw new Error('dist/index.html has no empty <div id="root">.')
copyFileSync(path.join(dist, 'index.html'), path.join(dist, 'app.html'))

/**
 * React writes a page's <title> and <meta> where the page renders them, and preload hints for its
 * high-priority images first: they all belong in the head (the client never renders them there).
 */
function moveHeadTags(html) {
  const headTags = []
  const body = html.replace(
    /<title>[^<]*<\/title>|<meta name="description"[^>]*>|<link rel="preload"[^>]*>/g,
    (tag) => {
      headTags.push(tag)
      return ''
    },
  )
  return { body, headTags }
}

/**
 * The template without the stylesheet's link and the preloads: `<!--page-style-->` where the link
 * was, for the part of the stylesheet each page uses (scripts/critical-css.mjs), and
 * `<!--page-boot-->` where the module script was.
 */
function paintFirst(template) {
  const stylesheet = template.match(/<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/)
  const entry = template.match(/<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/)
  if (!stylesheet || !entry)
    throw new Error('dist/index.html lacks the stylesheet or the module script Vite writes.')
  const css = readFileSync(path.join(dist, stylesheet[1]), 'utf8').replace(
    /\/\*# sourceMappingURL=[^*]*\*\//,
    '',
  )
  return {
    entry: entry[1],
    stylesheet: stylesheet[1],
    css,
    template: template
      .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
      .replace(stylesheet[0], () => '<!--page-style-->')
      .replace(entry[0], () => '<!--page-boot-->'),
  }
}
const painted = paintFirst(template)

/*
 * What a page's boot preloads when the app starts (scripts/page-boot.mjs): the files of the steps
 * src/main.tsx imports one after another, and of the routes the page matched, less what the entry
 * brings itself. Without it each step would cost a round trip before the next could be fetched.
 */
const manifestFile = path.join(dist, '.vite', 'manifest.json')
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'))
rmSync(path.dirname(manifestFile), { recursive: true, force: true })
/** A module's file and every file it imports statically, as manifest keys. */
function withImports(key, found = new Set()) {
  if (found.has(key) || !manifest[key]) return found
  found.add(key)
  for (const imported of manifest[key].imports ?? []) withImports(imported, found)
  return found
}
const entryChunk = manifest['index.html']
if (!entryChunk || `/${entryChunk.file}` !== painted.entry)
  throw new Error('The build manifest does not name the entry dist/index.html starts.')
const withEntry = withImports('index.html')
const appSteps = new Set((entryChunk.dynamicImports ?? []).flatMap((key) => [...withImports(key)]))
/** The code-split component of a route (TanStack Router's file naming: /_data/login → _data.login.tsx). */
function routeComponentKey(routeId) {
  const name = routeId.replace(/^\//, '').replace(/\/$/, '/index').replaceAll('/', '.') || 'index'
  return `src/routes/${name}.tsx?tsr-split=component`
}
function preloadOf(routeIds) {
  const keys = new Set(appSteps)
  for (const routeId of routeIds) {
    if (routeId === '__root__') continue
    const key = routeComponentKey(routeId)
    if (!manifest[key]) throw new Error(`The build manifest has no code for route ${routeId} (${key}).`)
    for (const found of withImports(key)) keys.add(found)
  }
  return [...keys].filter((key) => !withEntry.has(key)).map((key) => `/${manifest[key].file}`)
}

/** The page's few lines of boot (scripts/page-boot.mjs): they start the app at the right moment. */
function bootScript(preload, pageScript) {
  const afterPaint = pageScript ? `() => import(${JSON.stringify(pageScript)})` : 'undefined'
  return `<script type="module">(${bootPage})(() => import(${JSON.stringify(painted.entry)}), window, ${JSON.stringify(preload)}, ${afterPaint}, ${JSON.stringify(painted.stylesheet)})</script>`
}

/** A shell's own script, one self-contained file in dist/assets/ (its path there). */
async function buildShellScript(entry) {
  const name = path.basename(entry).replace(/\.[cm]?[jt]sx?$/, '')
  const output = await build({
    root,
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    resolve: { alias: { '@': path.join(root, 'src') } },
    build: {
      outDir: dist,
      emptyOutDir: false,
      target: 'es2022',
      sourcemap: true,
      rollupOptions: {
        input: { [name]: path.join(root, entry) },
        output: { entryFileNames: 'assets/[name]-[hash].js' },
      },
    },
  })
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) => result.output)
  const files = chunks.filter((chunk) => chunk.type === 'chunk')
  if (files.length !== 1 || !files[0].isEntry)
    throw new Error(`The shell script ${entry} must build to one file, not ${files.length}.`)
  return `/${files[0].fileName}`
}

const pages = [
  ...(await Promise.all(
    PRERENDERED_PATHS.map(async (pagePath) => ({
      pagePath,
      file: pagePath === '/' ? 'index.html' : path.join(pagePath.slice(1), 'index.html'),
      script: PAGE_SCRIPTS[pagePath] ? await buildShellScript(PAGE_SCRIPTS[pagePath]) : undefined,
    })),
  )),
  // The page shows no value of the parameter before its script runs: the one it is rendered at is none.
  ...(await Promise.all(
    PRERENDERED_SHELLS.map(async (shell) => ({
      pagePath: shell.renderedAt,
      file: shell.file,
      script: await buildShellScript(shell.script),
    })),
  )),
]
const written = []
for (const { pagePath, file: relative, script } of pages) {
  const { html, problem, routeIds } = await renderPage(pagePath)
  if (problem) throw new Error(`${pagePath} cannot be prerendered: ${problem}.`)
  const { body, headTags } = moveHeadTags(html)
  const scriptText = script ? [readFileSync(path.join(dist, script), 'utf8')] : []
  const css = usedCss(painted.css, usedClasses(body, scriptText))
  let page = painted.template
    .replace('<!--page-style-->', () => `<style>${css}</style>`)
    .replace('<!--page-boot-->', () => bootScript(preloadOf(routeIds), script))
    .replace('<div id="root"></div>', () => `<div id="root">${body}</div>`)
  for (const tag of headTags) {
    if (tag.startsWith('<title>')) page = page.replace(/<title>[^<]*<\/title>/, () => tag)
    else if (tag.startsWith('<meta')) page = page.replace(/<meta\s+name="description"[^>]*>/, () => tag)
    else page = page.replace('</head>', () => `  ${tag}\n  </head>`)
  }
  const file = path.join(dist, relative)
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, page)
  written.push({ path: pagePath, file: relative, bytes: Buffer.byteLength(page) })
}
writeFileSync(
  path.join(dist, 'prerendered.json'),
  `${JSON.stringify(
    written.map((page) => page.path),
    null,
    2,
  )}\n`,
)
// Every page is written: the inline scripts the build put in them are the only ones their
// Content-Security-Policy allows (scripts/script-hashes.mjs, server/http/page-policy.ts).
writeFileSync(
  path.join(dist, SCRIPT_HASHES_FILE),
  `${JSON.stringify({ pages: pageScriptHashes(dist) }, null, 2)}\n`,
)
rmSync(serverOut, { recursive: true, force: true })
// Gzip copies of the scripts and styles, served as they are (scripts/precompress.mjs).
const compressed = await precompress(dist)
writeStamp(dist, inputs)

for (const page of written)
  console.log(
    `  prerendered ${page.path.padEnd(26)} dist/${page.file} (${(page.bytes / 1024).toFixed(1)} KB)`,
  )
// 6. The server for production (scripts/build-server.mjs): dist-server/index.js.
const serverBundle = await buildServer(root)
console.log(
  `Built and prerendered ${written.length} pages (${compressed.files} files gzipped beside them) and bundled the server into ${path.relative(root, serverBundle.file)} in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
)

/*
 * Is a build fresh? `npm start` (scripts/start.mjs) rebuilds dist/ and storybook-static/ only when
 * they are missing or stale, so that a second start takes seconds.
 *
 * A build is fresh when its folder holds a stamp (STAMP, written last, by scripts/build.mjs and
 * scripts/build-storybook.mjs once the build succeeded) recording the SHA-256 of every input file
 * and the build-time environment (VITE_* and STORYBOOK_* variables) as they were when the build
 * began, and they are all the same now. Content hashes, not modification times: a checkout or a
 * `git stash` that touches files without changing them costs no rebuild, and a file put back to
 * an older content with an older time is still seen. Hashing the ~300 inputs takes a few tens of
 * milliseconds.
 *
 * Both builds empty their folder first (Vite's emptyOutDir, Storybook's "Cleaning outputDir"), so
 * a failed or interrupted build leaves no stamp and the next start builds again. A build made
 * without a stamp (`npx storybook build`, `npx vite build`) counts as stale once.
 *
 * The inputs are whole folders (minus tests, which neither build bundles, and the generated route
 * tree) and the configuration files at the root: a change to anything a build reads — a story, a
 * component, the Tailwind tokens, a dependency (package-lock.json) — makes it stale.
 */
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/** The stamp's file name inside a build folder. */
export const STAMP = '.build-inputs.json'

const ROOT_CONFIG = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'vite.config.ts',
  'tailwind.config.ts',
]

/** The front end (scripts/build.mjs): Vite's build of index.html, then the prerendered pages. */
export const APP_BUILD = {
  name: 'app',
  folders: ['src', 'public'],
  files: [
    ...ROOT_CONFIG,
    'index.html',
    'scripts/build.mjs',
    'scripts/critical-css.mjs',
    'scripts/page-boot.mjs',
    'scripts/script-hashes.mjs',
  ],
}

/** The static Storybook (scripts/build-storybook.mjs): the stories, their config and what they render. */
export const STORYBOOK_BUILD = {
  name: 'storybook',
  folders: ['stories', '.storybook', 'src', 'public'],
  files: [
    ...ROOT_CONFIG,
    'scripts/build-storybook.mjs',
    // The certificate pages it shows are rendered at build time (scripts/certificate-pages.ts).
    'scripts/certificate-pages.ts',
    'server/certification/certificate-pdf.ts',
    'server/certification/certificate-pdf-writer.ts',
    'server/certification/woff.ts',
  ],
}

/** Files no build reads: tests, the route tree the router plugin writes during builds, OS litter. */
function ignored(relativePath) {
  const name = path.basename(relativePath)
  return (
    /\.test\.[cm]?[jt]sx?$/.test(name) ||
    name === 'routeTree.gen.ts' ||
    name === '.DS_Store' ||
    relativePath.split('/').includes('node_modules')
  )
}

/** The input files of `build` that exist under `root`, as sorted '/'-separated relative paths. */
export function listInputs(root, build) {
  const found = []
  for (const folder of build.folders) {
    const absolute = path.join(root, folder)
    if (!existsSync(absolute)) continue
    for (const entry of readdirSync(absolute, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue
      const relative = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')
      if (!ignored(relative)) found.push(relative)
    }
  }
  // .env, .env.local, .env.production …: Vite reads them at build time.
  const envFiles = readdirSync(root).filter((name) => name === '.env' || name.startsWith('.env.'))
  for (const file of [...build.files, ...envFiles]) {
    if (existsSync(path.join(root, file))) found.push(file)
  }
  return [...new Set(found)].sort()
}

/** What a build of `build` from `root` would be made of now: each input's hash and the build-time environment. */
export function fingerprint(root, build, env = process.env) {
  const files = {}
  for (const file of listInputs(root, build)) {
    files[file] = createHash('sha256')
      .update(readFileSync(path.join(root, file)))
      .digest('hex')
  }
  const buildEnv = {}
  for (const name of Object.keys(env).sort()) {
    if (/^(VITE|STORYBOOK)_/.test(name)) buildEnv[name] = env[name]
  }
  return { build: build.name, files, env: buildEnv }
}

function listed(names, limit = 3) {
  const shown = names.slice(0, limit).join(', ')
  return names.length > limit ? `${shown} and ${names.length - limit} more` : shown
}

/**
 * Why a build stamped `stamp` is stale against `current` (a fingerprint), or null when it is
 * fresh. The reason names the files that changed, for the line `npm start` prints.
 */
export function staleReason(stamp, current) {
  if (!stamp) return 'it has not been built yet'
  if (typeof stamp !== 'object' || typeof stamp.files !== 'object' || stamp.files === null)
    return 'its build stamp is unreadable'
  const changed = []
  for (const [file, hash] of Object.entries(current.files)) {
    if (stamp.files[file] === undefined) changed.push(`${file} (new)`)
    else if (stamp.files[file] !== hash) changed.push(file)
  }
  for (const file of Object.keys(stamp.files)) {
    if (current.files[file] === undefined) changed.push(`${file} (removed)`)
  }
  const stampEnv = stamp.env ?? {}
  const names = new Set([...Object.keys(stampEnv), ...Object.keys(current.env)])
  for (const name of [...names].sort()) {
    if (stampEnv[name] !== current.env[name]) changed.push(`${name} (environment)`)
  }
  if (changed.length === 0) return null
  return `${changed.length === 1 ? 'this input' : `${changed.length} inputs`} changed since it was built: ${listed(changed)}`
}

/** The stamp in `outDir`, or null (none, or unreadable JSON: both mean "build it"). */
export function readStamp(outDir) {
  try {
    return JSON.parse(readFileSync(path.join(outDir, STAMP), 'utf8'))
  } catch {
    return null
  }
}

/** Records that `outDir` was built from `print` (a fingerprint taken before the build began). */
export function writeStamp(outDir, print) {
  writeFileSync(
    path.join(outDir, STAMP),
    `${JSON.stringify({ ...print, builtAt: new Date().toISOString() }, null, 1)}\n`,
  )
}

/**
 * Whether `outDir` holds a fresh build of `build` from `root`: `{ fresh, reason, print }`, where
 * `print` is the current fingerprint (to stamp the build that follows) and `reason` says why not.
 */
export function checkBuild(root, build, outDir, env = process.env) {
  const print = fingerprint(root, build, env)
  const stamp = readStamp(outDir)
  const reason =
    stamp === null && existsSync(outDir)
      ? 'the build there has no stamp (an interrupted build, or one made without npm start)'
      : staleReason(stamp, print)
  return { fresh: reason === null, reason, print }
}

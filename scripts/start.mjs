#!/usr/bin/env node
/*
 * npm start: the portal with the app and the Storybook, from a fresh clone or after any change.
 *
 * 1. The app (dist/): built by scripts/build.mjs when it is missing or stale, else left as it is.
 *    Stale means an input changed since the build began (scripts/build-inputs.mjs: content hashes
 *    of src/, public/, the configuration and the lock file, and the VITE_* variables).
 * 2. The server starts as soon as the app is there: server/index.ts bundled into dist-server/
 *    (scripts/build-server.mjs, about a second), as `npm run start:prod` runs it.
 * 3. The Storybook (storybook-static/): when missing or stale, built in the background (a few
 *    minutes) into node_modules/.cache/storybook-static-next, then put in place in one rename.
 *    Meanwhile the folder holds STORYBOOK_BUILDING and /storybook/ answers 503 "being built" with
 *    a page that reloads itself, or keeps serving the previous build (server/apps/main.ts). Its
 *    output goes to node_modules/.cache/storybook-build.log; a failure prints its last lines and
 *    leaves the app running.
 *
 * DIST_DIR or STORYBOOK_DIR set: that folder is served as it is, never built here.
 * Ctrl+C (SIGINT) or SIGTERM stops the background build and the server.
 */
import { spawn } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import path from 'node:path'
import { APP_BUILD, checkBuild, STORYBOOK_BUILD } from './build-inputs.mjs'
import { buildServer, SERVER_OUT } from './build-server.mjs'

/** Also in server/apps/built-files.ts (STORYBOOK_BUILDING): the server answers 503 while it is there. */
const STORYBOOK_BUILDING = '.building'

const root = path.resolve(import.meta.dirname, '..')
const env = process.env
const cache = path.join(root, 'node_modules', '.cache')
const host = env.HOST || '127.0.0.1'
const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host
const storybookUrl = `http://${shownHost}:${env.MAIN_PORT || '7700'}/storybook/`

const say = (line) => console.log(`[start] ${line}`)
const seconds = (ms) => {
  const s = Math.round(ms / 1000)
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`
}

function run(args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', ...options })
    child.on('close', (code) => resolve(code ?? 1))
  })
}

// 1. The app.
if (env.DIST_DIR) {
  say(`App: serving ${env.DIST_DIR} as it is (DIST_DIR is set; npm start builds only ./dist).`)
} else {
  const app = checkBuild(root, APP_BUILD, path.join(root, 'dist'))
  if (app.fresh) {
    say('App: dist/ is up to date, not rebuilt.')
  } else {
    say(`App: building dist/ because ${app.reason} (about half a minute)…`)
    const code = await run([path.join(root, 'scripts', 'build.mjs')])
    if (code !== 0) {
      say('App: the build failed (above); nothing started.')
      process.exit(code)
    }
  }
}

// 3 (decided before the server starts, so that /storybook/ says "being built" from the first request).
const storybookDir = path.join(root, 'storybook-static')
let buildStorybook = false
if (env.STORYBOOK_DIR) {
  say(`Storybook: serving ${env.STORYBOOK_DIR} as it is (STORYBOOK_DIR is set).`)
} else {
  const storybook = checkBuild(root, STORYBOOK_BUILD, storybookDir)
  if (storybook.fresh) {
    rmSync(path.join(storybookDir, STORYBOOK_BUILDING), { force: true })
    say(`Storybook: storybook-static/ is up to date, served at ${storybookUrl}`)
  } else {
    buildStorybook = true
    mkdirSync(storybookDir, { recursive: true })
    writeFileSync(path.join(storybookDir, STORYBOOK_BUILDING), `${process.pid}\n`)
    say(`Storybook: building it in the background because ${storybook.reason}.`)
    say(
      `Storybook: that takes a few minutes; the app is served meanwhile and ${storybookUrl} ` +
        (existsSync(path.join(storybookDir, 'index.html'))
          ? 'shows the previous build until the new one is in place.'
          : 'says it is being built (the page reloads itself).'),
    )
  }
}

// 2. The server, bundled again (about a second: scripts/build-server.mjs) and run as production runs it.
try {
  await buildServer(root)
} catch (error) {
  say(
    `Server: the bundle failed (${error instanceof Error ? error.message : String(error)}); nothing started.`,
  )
  process.exit(1)
}
const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, SERVER_OUT, 'index.js')], {
  cwd: root,
  stdio: 'inherit',
})

let builder
let stopping = false
function stop(signal) {
  if (stopping) return
  stopping = true
  if (builder && builder.exitCode === null) {
    try {
      process.kill(-builder.pid, 'SIGTERM')
    } catch {
      // already gone
    }
    rmSync(path.join(storybookDir, STORYBOOK_BUILDING), { force: true })
  }
  if (server.exitCode === null) server.kill(signal)
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal))
server.on('exit', (code, signal) => {
  stop('SIGTERM')
  process.exit(code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1))
})

// 3. The Storybook, in the background.
if (buildStorybook) {
  const next = path.join(cache, 'storybook-static-next')
  const previous = path.join(cache, 'storybook-static-previous')
  const logFile = path.join(cache, 'storybook-build.log')
  mkdirSync(cache, { recursive: true })
  rmSync(next, { recursive: true, force: true })
  const started = Date.now()
  const log = openSync(logFile, 'w')
  // Its own process group, so that stopping it stops Storybook's workers too.
  builder = spawn(process.execPath, [path.join(root, 'scripts', 'build-storybook.mjs'), '-o', next], {
    cwd: root,
    stdio: ['ignore', log, log],
    detached: true,
  })
  builder.on('close', (code) => {
    if (stopping) return
    if (code !== 0) {
      rmSync(path.join(storybookDir, STORYBOOK_BUILDING), { force: true })
      const tail = readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-15).join('\n')
      say(`Storybook: the build failed after ${seconds(Date.now() - started)}; the app keeps running.`)
      console.log(tail)
      say(`Storybook: the whole output is in ${path.relative(root, logFile)}.`)
      return
    }
    // The new build replaces the old in two renames (a copy when node_modules is on another disk).
    rmSync(previous, { recursive: true, force: true })
    if (existsSync(storybookDir)) renameSync(storybookDir, previous)
    try {
      renameSync(next, storybookDir)
    } catch {
      cpSync(next, storybookDir, { recursive: true })
      rmSync(next, { recursive: true, force: true })
    }
    rmSync(previous, { recursive: true, force: true })
    say(`Storybook: built in ${seconds(Date.now() - started)}, served at ${storybookUrl}`)
  })
}

import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Context, Hono, MiddlewareHandler } from 'hono'
import type { MainEnv } from '../http/context.ts'

/*
 * What the main service serves from files built beside it: the Storybook under /storybook/ and the
 * front end (vite build) for every path the API and the mailbox did not answer. A file with a gzip
 * copy beside it (the builds make them, scripts/precompress.mjs) goes out as that copy to a browser
 * that accepts gzip; the others are compressed as they go out (server/apps/main.ts).
 */

/** The file scripts/start.mjs keeps in the Storybook's folder while it builds the Storybook. */
export const STORYBOOK_BUILDING = '.building'
export const STORYBOOK_BUILDING_PAGE = `<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="10">
<title>Storybook: being built</title>
<p>The Storybook is being built: npm start builds it when it is missing or older than its sources,
which takes a few minutes. This page reloads by itself until it is there.</p>`

/** The built Storybook under /storybook/, or why it is not there. */
export function mountStorybook(app: Hono<MainEnv>, storybookDir: string) {
  app.get('/storybook', (c) => c.redirect('/storybook/', 301))
  // Looked for at each request: npm start serves the app while it builds a missing or stale
  // Storybook, with STORYBOOK_BUILDING in the folder meanwhile (scripts/start.mjs).
  let storybookFiles: MiddlewareHandler | undefined
  app.use('/storybook/*', (c, next) => {
    if (!existsSync(storybookDir) || hasDotSegment(c.req.path)) return next()
    storybookFiles ??= serveStatic({
      root: storybookDir,
      precompressed: true,
      rewriteRequestPath: (requestPath) => requestPath.replace(/^\/storybook/, ''),
    })
    return storybookFiles(c, next)
  })
  app.get('/storybook/*', (c) =>
    existsSync(path.join(storybookDir, STORYBOOK_BUILDING))
      ? c.html(STORYBOOK_BUILDING_PAGE, 503, { 'Retry-After': '10' })
      : c.text('The Storybook has not been built: run npm run build-storybook.', 404),
  )
}

/**
 * The built front end for every other path: its files, then the empty app page (app.html) so that
 * the client router decides what a path shows.
 */
export function mountFrontEnd(app: Hono<MainEnv>, distDir: string) {
  // The build prerenders the public pages (dist/index.html, dist/<page>/index.html, served as files
  // below) and keeps the empty page as app.html for every other path: the browser renders those.
  const appPage = () => {
    const appFile = path.join(distDir, 'app.html')
    return existsSync(appFile) ? appFile : path.join(distDir, 'index.html')
  }
  // /verify/<number>: one prerendered frame for every number (scripts/build.mjs, its
  // PRERENDERED_SHELLS), or the empty app page from a build without it.
  const verifyShell = () => {
    const shellFile = path.join(distDir, 'verify', 'number.html')
    return existsSync(shellFile) ? shellFile : appPage()
  }
  // Which dist/ file an answer is: its page policy allows that page's scripts as built.
  const markBuiltPage = (c: Context<MainEnv>, file: string) =>
    c.set('builtPage', path.relative(distDir, file).split(path.sep).join('/'))
  // Every HTML page goes out the same way: compressed, with the page policy and no-cache (below).
  const answerPage = (c: Context<MainEnv>, file: string) => {
    if (!existsSync(file)) {
      return c.text('The front end has not been built: run npm run build (npm start does it).', 503)
    }
    markBuiltPage(c, file)
    return c.html(readFileSync(file, 'utf8'))
  }

  app.use('*', async (c, next) => {
    await next()
    if (c.req.path.startsWith('/api/') || c.res.headers.has('Cache-Control')) return
    // File names under /assets carry a content hash and never change; anything else is revalidated.
    const immutable = c.req.path.startsWith('/assets/') && c.res.status === 200
    c.res.headers.set('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
  })
  const appFiles = serveStatic<MainEnv>({
    root: distDir,
    precompressed: true,
    // The page a file is, not its gzip copy's name.
    onFound: (file, c) => markBuiltPage(c, file.replace(/\.(gz|br|zst)$/, '')),
  })
  app.use('*', (c, next) => (hasDotSegment(c.req.path) ? next() : appFiles(c, next)))

  // The file itself is also served above as /verify/number.html: the same frame, for a path that
  // names no certificate, as this route would answer for it.
  app.get('/verify/:number', (c) => answerPage(c, verifyShell()))
  app.get('*', (c) => answerPage(c, appPage()))
}

/**
 * A path with a part that starts with a dot names no file of the built app or Storybook: their
 * build stamps (.build-inputs.json, .building) stay unserved.
 */
function hasDotSegment(requestPath: string) {
  return requestPath.split('/').some((part) => part.startsWith('.'))
}

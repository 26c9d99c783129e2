#!/usr/bin/env node
/*
 * The server for production: server/index.ts and everything it imports from server/ and
 * src/contract, bundled by esbuild into dist-server/index.js (ES module, Node 20, with a source
 * map). The packages stay imports (`packages: 'external'`): a production install
 * (`npm ci --omit=dev`) provides them, so every one the bundle imports must be among the
 * package's "dependencies" — the build fails naming any that is not. Files the server reads next
 * to its own module (the API reference's stylesheet and script) are copied beside the bundle.
 *
 * `node scripts/build-server.mjs` on its own; `npm run build` and `npm start` call buildServer().
 * Takes about a second.
 */
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { builtinModules } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'

export const SERVER_OUT = 'dist-server'

/** Read by server/apps/api-docs/openapi.ts from the folder of the module that runs. */
const BESIDE_THE_BUNDLE = ['server/apps/api-docs/docs.css', 'server/apps/api-docs/docs-init.js']

/** The package a bare import names ('hono/cors' → 'hono', '@hono/node-server/x' → '@hono/node-server'). */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/')

export async function buildServer(root = path.resolve(import.meta.dirname, '..')) {
  const out = path.join(root, SERVER_OUT)
  rmSync(out, { recursive: true, force: true })
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['server/index.ts'],
    outfile: path.join(out, 'index.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig: 'tsconfig.json',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
    legalComments: 'none',
  })
  const { dependencies = {} } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'))
  const builtins = new Set(builtinModules)
  const imported = new Set(
    Object.values(result.metafile.outputs)
      .flatMap((output) => output.imports)
      .filter((entry) => entry.external && !entry.path.startsWith('node:') && !builtins.has(entry.path))
      .map((entry) => packageOf(entry.path)),
  )
  const missing = [...imported].filter((name) => !(name in dependencies)).sort()
  if (missing.length > 0) {
    throw new Error(
      `The server imports ${missing.join(', ')}, which package.json lists only among devDependencies (or not at all): a production install would not have ${missing.length === 1 ? 'it' : 'them'}.`,
    )
  }
  mkdirSync(out, { recursive: true })
  for (const file of BESIDE_THE_BUNDLE)
    copyFileSync(path.join(root, file), path.join(out, path.basename(file)))
  return { file: path.join(out, 'index.js'), packages: [...imported].sort() }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now()
  const { file, packages } = await buildServer()
  console.log(
    `Bundled the server into ${path.relative(process.cwd(), file)} in ${Math.round(performance.now() - started)} ms (${packages.length} packages from the production install).`,
  )
}

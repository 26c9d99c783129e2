#!/usr/bin/env node
/*
 * npm run build-storybook [-- -o DIR]: the certificate's sample pages as PNGs
 * (scripts/certificate-pages.ts, which the story "Certificates/Certificate document" shows), then
 * the static Storybook (`storybook build --quiet`) into storybook-static/ or DIR, gzip copies of its
 * scripts and data beside them (scripts/precompress.mjs), then its stamp
 * (scripts/build-inputs.mjs), so that `npm start` knows it is fresh and does not build it again.
 * Storybook empties the folder first: a failed build leaves no stamp. Exits with the first failing
 * step's code.
 */
import { spawn, spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fingerprint, STORYBOOK_BUILD, writeStamp } from './build-inputs.mjs'
import { precompress } from './precompress.mjs'

const root = path.resolve(import.meta.dirname, '..')
const args = process.argv.slice(2)
const at = args.indexOf('-o')
const outDir = path.resolve(at >= 0 && args[at + 1] ? args[at + 1] : path.join(root, 'storybook-static'))

const storybookPackage = path.join(root, 'node_modules', 'storybook', 'package.json')
const { bin } = JSON.parse(readFileSync(storybookPackage, 'utf8'))
const cli = path.join(path.dirname(storybookPackage), typeof bin === 'string' ? bin : bin.storybook)

// Taken before building: a file edited during the build makes the next start build again.
const inputs = fingerprint(root, STORYBOOK_BUILD)
const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs')
const pages = spawnSync(process.execPath, [tsx, path.join(root, 'scripts', 'certificate-pages.ts')], {
  cwd: root,
  stdio: 'inherit',
})
if (pages.status !== 0) process.exit(pages.status ?? 1)
const child = spawn(process.execPath, [cli, 'build', '--quiet', '-o', outDir], {
  cwd: root,
  stdio: 'inherit',
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('close', async (code, signal) => {
  if (code === 0) {
    // Gzip copies of its scripts and data, served as they are (scripts/precompress.mjs).
    await precompress(outDir)
    writeStamp(outDir, inputs)
  }
  process.exit(code ?? (signal ? 1 : 0))
})

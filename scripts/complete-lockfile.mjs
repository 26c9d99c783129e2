#!/usr/bin/env node
// Records the other platforms' native binaries in package-lock.json.
//
// The npm registry these machines reach does not serve some platform builds (for example
// @swc/core-darwin-arm64, @tailwindcss/oxide-win32-x64-msvc), so `npm install` leaves them out of
// the lock file, and `npm ci` then refuses the lock file ("Missing: … from lock file") on every
// machine. This adds an entry with the package's os, cpu and libc (read from its name) for each
// optional dependency that has none; npm ci skips them on platforms that do not match, as usual.
// Run it after `npm install` changes dependencies: `node scripts/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from 'node:fs'

const OS = [
  'darwin',
  'linux',
  'win32',
  'freebsd',
  'android',
  'openharmony',
  'sunos',
  'aix',
  'netbsd',
  'openbsd',
]
const CPU = ['arm64', 'x64', 'arm', 'ia32', 'ppc64', 's390x', 'riscv64', 'loong64', 'wasm32', 'mips64el']
const LIBC = { gnu: 'glibc', gnueabihf: 'glibc', musl: 'musl', musleabihf: 'musl', msvc: undefined }

function platformOf(name) {
  const parts = name.split('/').pop().split('-')
  const os = parts.find((part) => OS.includes(part))
  const cpu = parts.find((part) => CPU.includes(part))
  const libcPart = parts.find((part) => part in LIBC)
  if (name.endsWith('-wasm32-wasi')) return { cpu: ['wasm32'] }
  if (!os || !cpu) return undefined
  return { os: [os], cpu: [cpu], ...(libcPart && LIBC[libcPart] ? { libc: [LIBC[libcPart]] } : {}) }
}

const file = new URL('../package-lock.json', import.meta.url)
const lock = JSON.parse(readFileSync(file, 'utf8'))
const added = []
const unknown = []

for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = path === '' ? '' : `${path}/`
    if (lock.packages[`${base}node_modules/${name}`] || lock.packages[`node_modules/${name}`]) continue
    const platform = platformOf(name)
    if (!platform) {
      unknown.push(`${name}@${version}`)
      continue
    }
    lock.packages[`node_modules/${name}`] = { version, optional: true, ...platform }
    added.push(`${name}@${version}`)
  }
}

lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
)
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`)
console.log(
  `package-lock.json: ${added.length} platform entries added${added.length ? `: ${added.join(', ')}` : ''}`,
)
if (unknown.length) {
  console.error(`No platform could be read from these names; add them by hand: ${unknown.join(', ')}`)
  process.exit(1)
}

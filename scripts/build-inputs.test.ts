import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  APP_BUILD,
  checkBuild,
  listInputs,
  STAMP,
  STORYBOOK_BUILD,
  staleReason,
  writeStamp,
} from './build-inputs.mjs'

let root: string
let out: string

function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
  writeFileSync(path.join(root, file), text)
}

/** A Storybook built from the files as they are now, as scripts/build-storybook.mjs leaves it. */
function build(env: NodeJS.ProcessEnv = {}) {
  const { print } = checkBuild(root, STORYBOOK_BUILD, out, env)
  mkdirSync(out, { recursive: true })
  writeFileSync(path.join(out, 'index.json'), '{}')
  writeStamp(out, print)
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'build-inputs-'))
  out = path.join(root, 'storybook-static')
  write('package.json', '{}')
  write('package-lock.json', '{"lockfileVersion":3}')
  write('tailwind.config.ts', 'export default {}')
  write('.storybook/main.ts', 'export default {}')
  write('stories/ui/button.stories.tsx', 'export const Primary = {}')
  write('src/components/ui/button.tsx', 'export function Button() {}')
})

afterEach(() => rmSync(root, { recursive: true, force: true }))

describe('checkBuild', () => {
  it('calls a missing build stale, and says so', () => {
    expect(checkBuild(root, STORYBOOK_BUILD, out, {})).toMatchObject({
      fresh: false,
      reason: 'it has not been built yet',
    })
  })

  it('calls a build without a stamp stale (interrupted, or made by hand)', () => {
    mkdirSync(out)
    writeFileSync(path.join(out, 'index.json'), '{}')
    expect(checkBuild(root, STORYBOOK_BUILD, out, {}).reason).toMatch(/no stamp/)
  })

  it('calls a build fresh when nothing changed since it began', () => {
    build()
    expect(checkBuild(root, STORYBOOK_BUILD, out, {})).toMatchObject({ fresh: true, reason: null })
  })

  it('stays fresh when a file is touched but not changed (a checkout, a stash)', () => {
    build()
    const future = new Date(Date.now() + 60_000)
    utimesSync(path.join(root, 'stories/ui/button.stories.tsx'), future, future)
    expect(checkBuild(root, STORYBOOK_BUILD, out, {}).fresh).toBe(true)
  })

  it.each([
    ['a story', 'stories/ui/button.stories.tsx'],
    ['a component', 'src/components/ui/button.tsx'],
    ['the Storybook config', '.storybook/main.ts'],
    ['the lock file', 'package-lock.json'],
    ['the Tailwind config', 'tailwind.config.ts'],
  ])('calls it stale when %s changes, naming the file', (_what, file) => {
    build()
    write(file, 'changed')
    const { fresh, reason } = checkBuild(root, STORYBOOK_BUILD, out, {})
    expect(fresh).toBe(false)
    expect(reason).toBe(`this input changed since it was built: ${file}`)
  })

  it('sees a file added and a file removed', () => {
    build()
    write('stories/ui/card.stories.tsx', 'export const Default = {}')
    rmSync(path.join(root, 'src/components/ui/button.tsx'))
    expect(checkBuild(root, STORYBOOK_BUILD, out, {}).reason).toBe(
      '2 inputs changed since it was built: stories/ui/card.stories.tsx (new), src/components/ui/button.tsx (removed)',
    )
  })

  it('sees a build-time variable change, and ignores the rest of the environment', () => {
    build({ VITE_SUPPORT_EMAIL: 'a@example.com', HOME: '/root' })
    expect(checkBuild(root, STORYBOOK_BUILD, out, { VITE_SUPPORT_EMAIL: 'a@example.com' }).fresh).toBe(true)
    expect(checkBuild(root, STORYBOOK_BUILD, out, { VITE_SUPPORT_EMAIL: 'b@example.com' }).reason).toBe(
      'this input changed since it was built: VITE_SUPPORT_EMAIL (environment)',
    )
  })

  it('names a few changed files and counts the rest', () => {
    build()
    for (const name of ['a', 'b', 'c', 'd', 'e']) write(`stories/${name}.stories.tsx`, name)
    expect(checkBuild(root, STORYBOOK_BUILD, out, {}).reason).toBe(
      '5 inputs changed since it was built: stories/a.stories.tsx (new), stories/b.stories.tsx (new), stories/c.stories.tsx (new) and 2 more',
    )
  })

  it('treats an unreadable stamp as no stamp', () => {
    build()
    writeFileSync(path.join(out, STAMP), '{ half a stamp')
    expect(checkBuild(root, STORYBOOK_BUILD, out, {}).fresh).toBe(false)
  })
})

describe('listInputs', () => {
  it('leaves out tests and the generated route tree, which no build depends on', () => {
    write('src/lib/rules.test.ts', 'test')
    write('src/routeTree.gen.ts', 'generated')
    write('src/components/ui/node_modules/x.js', 'vendored')
    expect(listInputs(root, STORYBOOK_BUILD)).toEqual([
      '.storybook/main.ts',
      'package-lock.json',
      'package.json',
      'src/components/ui/button.tsx',
      'stories/ui/button.stories.tsx',
      'tailwind.config.ts',
    ])
  })

  it('takes the .env files Vite reads; the app build does not read the stories', () => {
    write('.env.production', 'VITE_MAIN_API_URL=https://portal.example')
    write('index.html', '<div id="root"></div>')
    expect(listInputs(root, APP_BUILD)).toEqual([
      '.env.production',
      'index.html',
      'package-lock.json',
      'package.json',
      'src/components/ui/button.tsx',
      'tailwind.config.ts',
    ])
  })
})

describe('staleReason', () => {
  it('is null for equal fingerprints', () => {
    const print = { build: 'app', files: { 'a.ts': '1' }, env: {} }
    expect(staleReason(print, print)).toBeNull()
  })
})

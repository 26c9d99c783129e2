import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { openTestDatabase, type TestDatabase } from '../platform/db/test-database.ts'
import { createMainApp, STORYBOOK_BUILDING } from './main.ts'
import { createMailer } from '../platform/mailer.ts'
import { precompress } from '../../scripts/precompress.mjs'

/*
 * npm start (scripts/start.mjs) starts the server before a missing or stale Storybook is built:
 * /storybook/ must follow the folder as it appears, without a restart.
 */
let app: ReturnType<typeof createMainApp>
let database: TestDatabase
let storybookDir: string

beforeAll(async () => {
  database = await openTestDatabase({ seeds: { catalogue: false, addresses: false, demoAccount: false } })
  const root = mkdtempSync(path.join(tmpdir(), 'portal-storybook-'))
  const distDir = path.join(root, 'dist')
  storybookDir = path.join(root, 'storybook-static')
  mkdirSync(distDir)
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>app</title>')
  const mailer = createMailer({ mailbox: async () => {}, log: () => {} })
  app = createMainApp({ distDir, storybookDir, db: database.db, mailer, secret: 'test-secret' })
}, 30_000)

afterAll(async () => {
  await database?.close()
})

beforeEach(() => rmSync(storybookDir, { recursive: true, force: true }))

describe('main service: a Storybook built after the start', () => {
  it('says it has not been built while its folder is missing', async () => {
    const response = await app.request('/storybook/')
    expect(response.status).toBe(404)
    expect(await response.text()).toContain('has not been built')
  })

  it('answers 503 with a page that reloads itself while npm start builds it', async () => {
    mkdirSync(storybookDir)
    writeFileSync(path.join(storybookDir, STORYBOOK_BUILDING), '')
    const response = await app.request('/storybook/')
    expect(response.status).toBe(503)
    expect(response.headers.get('retry-after')).toBe('10')
    const page = await response.text()
    expect(page).toContain('The Storybook is being built')
    expect(page).toContain('http-equiv="refresh"')
  })

  it('serves the previous build while a new one is made, and the new one once it is there', async () => {
    mkdirSync(storybookDir)
    writeFileSync(path.join(storybookDir, 'index.html'), '<title>previous storybook</title>')
    writeFileSync(path.join(storybookDir, STORYBOOK_BUILDING), '')
    expect(await (await app.request('/storybook/')).text()).toContain('previous storybook')
    expect((await app.request('/storybook/iframe.html')).status).toBe(503)

    rmSync(storybookDir, { recursive: true })
    mkdirSync(storybookDir)
    writeFileSync(path.join(storybookDir, 'index.html'), '<title>new storybook</title>')
    const response = await app.request('/storybook/')
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('new storybook')
  })
})

describe('main service: build stamps', () => {
  it('serves no file whose path has a part starting with a dot', async () => {
    mkdirSync(storybookDir)
    writeFileSync(path.join(storybookDir, 'index.html'), '<title>storybook</title>')
    writeFileSync(path.join(storybookDir, '.build-inputs.json'), '{"inputs":"storybook"}')
    const stamp = await app.request('/storybook/.build-inputs.json')
    expect(stamp.status).toBe(404)
    expect(await stamp.text()).not.toContain('inputs')
    // The app's own stamp: the path is no file, so the app page answers it.
    writeFileSync(path.join(path.dirname(storybookDir), 'dist', '.build-inputs.json'), '{"inputs":"app"}')
    const appStamp = await app.request('/.build-inputs.json')
    expect(await appStamp.text()).toContain('<title>app</title>')
  })
})

describe('main service: the gzip copies the builds make', () => {
  const script = `export const answer = ${JSON.stringify('x'.repeat(4000))}\n`

  it('sends a built script as its gzip copy to a browser that accepts gzip, and as it is otherwise', async () => {
    const assets = path.join(path.dirname(storybookDir), 'dist', 'assets')
    mkdirSync(assets, { recursive: true })
    writeFileSync(path.join(assets, 'app-1234.js'), script)
    writeFileSync(path.join(assets, 'tiny-1234.js'), 'export {}\n')
    expect(await precompress(path.dirname(assets))).toEqual({ files: 1, bytes: expect.any(Number) })
    const copy = readFileSync(path.join(assets, 'app-1234.js.gz'))

    const zipped = await app.request('/assets/app-1234.js', {
      headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' },
    })
    expect(zipped.status).toBe(200)
    expect(zipped.headers.get('content-encoding')).toBe('gzip')
    expect(zipped.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect(zipped.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const body = Buffer.from(await zipped.arrayBuffer())
    expect(body.equals(copy)).toBe(true)
    expect(gunzipSync(body).toString()).toBe(script)

    const plain = await app.request('/assets/app-1234.js', { headers: { 'Accept-Encoding': 'identity' } })
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(script)
    // A file too small to be worth a copy has none, and goes out as before.
    const tiny = await app.request('/assets/tiny-1234.js', { headers: { 'Accept-Encoding': 'gzip' } })
    expect(tiny.headers.get('content-encoding')).toBeNull()
    expect(await tiny.text()).toBe('export {}\n')
  })

  it("sends the Storybook's scripts and index as their gzip copies", async () => {
    mkdirSync(path.join(storybookDir, 'assets'), { recursive: true })
    writeFileSync(path.join(storybookDir, 'assets', 'preview-1234.js'), script)
    writeFileSync(path.join(storybookDir, 'index.json'), JSON.stringify({ entries: script }))
    expect(await precompress(storybookDir)).toEqual({ files: 2, bytes: expect.any(Number) })
    for (const file of ['assets/preview-1234.js', 'index.json']) {
      const response = await app.request(`/storybook/${file}`, { headers: { 'Accept-Encoding': 'gzip' } })
      expect(response.headers.get('content-encoding')).toBe('gzip')
      expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(
        readFileSync(path.join(storybookDir, file), 'utf8'),
      )
    }
  })
})

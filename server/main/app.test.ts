import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase, type TestDatabase } from '../db/test-database.ts'
import { createMainApp } from './app.ts'
import { createMailer } from './mailer.ts'

let app: ReturnType<typeof createMainApp>
let database: TestDatabase

beforeAll(async () => {
  database = await openTestDatabase({ seeds: { catalogue: false, addresses: false, demoAccount: false } })
  const root = mkdtempSync(path.join(tmpdir(), 'portal-'))
  const distDir = path.join(root, 'dist')
  const storybookDir = path.join(root, 'storybook-static')
  mkdirSync(path.join(distDir, 'assets'), { recursive: true })
  mkdirSync(storybookDir)
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>app</title>')
  writeFileSync(path.join(distDir, 'assets', 'main-abc123.js'), 'console.log(1)')
  writeFileSync(path.join(storybookDir, 'index.html'), '<!doctype html><title>storybook</title>')
  const mailer = createMailer({ outbox: async () => {}, log: () => {} })
  app = createMainApp({ distDir, storybookDir, db: database.db, mailer, secret: 'test-secret' })
}, 30_000)

afterAll(async () => {
  await database?.close()
})

describe('main service: where the page finds the certification service (decision 0010)', () => {
  it('answers null when it does not know, so the page keeps port 7600', async () => {
    const response = await app.request('/api/portal-config')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ certificationServicePort: null })
  })

  it('answers the port the certification service listens on', async () => {
    const mailer = createMailer({ outbox: async () => {}, log: () => {} })
    const configured = createMainApp({
      distDir: mkdtempSync(path.join(tmpdir(), 'portal-config-')),
      storybookDir: '/nonexistent',
      db: database.db,
      mailer,
      secret: 'test-secret',
      certificationServicePort: () => 7611,
    })
    const response = await configured.request('/api/portal-config')
    expect(await response.json()).toEqual({ certificationServicePort: 7611 })
    expect(response.headers.get('cache-control')).toBe('no-store')
  })
})

describe('main service: front end and Storybook', () => {
  it.each(['/', '/login', '/create-profile/register', '/dashboard', '/no-such-page'])(
    'answers %s with the app, whose router decides what it shows',
    async (pathname) => {
      const response = await app.request(pathname)
      expect(response.status).toBe(200)
      expect(await response.text()).toContain('<title>app</title>')
      expect(response.headers.get('cache-control')).toBe('no-cache')
    },
  )

  it('with prerendered pages: each public page its own HTML, every other path the empty app page', async () => {
    const distDir = mkdtempSync(path.join(tmpdir(), 'portal-prerendered-'))
    mkdirSync(path.join(distDir, 'help-center'))
    mkdirSync(path.join(distDir, 'create-profile', 'register'), { recursive: true })
    writeFileSync(path.join(distDir, 'index.html'), '<title>home page</title>')
    writeFileSync(path.join(distDir, 'app.html'), '<title>empty app page</title>')
    writeFileSync(path.join(distDir, 'help-center', 'index.html'), '<title>help center page</title>')
    writeFileSync(
      path.join(distDir, 'create-profile', 'register', 'index.html'),
      '<title>register page</title>',
    )
    const mailer = createMailer({ outbox: async () => {}, log: () => {} })
    const prerendered = createMainApp({
      distDir,
      storybookDir: distDir,
      db: database.db,
      mailer,
      secret: 'test-secret',
    })
    const titleOf = async (pathname: string) =>
      /<title>([^<]*)/.exec(await (await prerendered.request(pathname)).text())?.[1]
    expect(await titleOf('/')).toBe('home page')
    expect(await titleOf('/help-center')).toBe('help center page')
    expect(await titleOf('/create-profile/register')).toBe('register page')
    expect(await titleOf('/dashboard')).toBe('empty app page')
    expect(await titleOf('/portfolio')).toBe('empty app page')
    expect(await titleOf('/no-such-page')).toBe('empty app page')
    expect((await prerendered.request('/help-center')).headers.get('cache-control')).toBe('no-cache')
  })

  it('serves hashed assets with a long cache and security headers', async () => {
    const response = await app.request('/assets/main-abc123.js')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toContain('immutable')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('serves the built Storybook under /storybook/', async () => {
    expect((await app.request('/storybook')).status).toBe(301)
    const response = await app.request('/storybook/')
    expect(await response.text()).toContain('<title>storybook</title>')
  })

  it('answers an unknown API call with a JSON 404, never the app', async () => {
    const response = await app.request('/api/nothing-here')
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ message: 'No API call at GET /api/nothing-here.' })
  })

  it('refuses a POST without the Token before looking for the call, and answers 404 with it', async () => {
    expect((await app.request('/api/nothing-here', { method: 'POST' })).status).toBe(403)
    const bootstrap = await app.request('/api/token')
    const cookie = (bootstrap.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
    const response = await app.request('/api/nothing-here', {
      method: 'POST',
      headers: { Cookie: cookie, Token: bootstrap.headers.get('token') ?? '' },
    })
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ message: 'No API call at POST /api/nothing-here.' })
  })
})

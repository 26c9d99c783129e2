import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { openTestDatabase, type TestDatabase } from '../platform/db/test-database.ts'
import { createMainApp, STORYBOOK_BUILDING } from './main.ts'
import { createMailer } from '../platform/mailer.ts'

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

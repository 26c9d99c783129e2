import { expect, type Page, test } from '@playwright/test'
import { PRERENDERED_PATHS } from '../src/routes/-prerendered-paths'
import { DEMO, logInOverApi } from './accounts'

/*
 * A slow device loses nothing (issue 36, part 6; docs/decisions/0049): on a mid-range phone —
 * Chromium's CPU 6× slower, and the app's scripts arriving seconds late — a call to action
 * clicked before the app is ready arrives where a plain link would, and text typed meanwhile is
 * kept and sent. With no script at all, every public link is a link.
 */

/** How late the app's scripts arrive on the slow device: after the page first asks for one. */
const SCRIPT_DELAY_MS = 2000
/** How long a click may take to arrive on the slow device, beside other work on a busy machine. */
const ARRIVAL = { timeout: 30_000 }
/** How long the app may take to start on the slow device on a busy machine (load average 25 seen). */
const APP_START = { timeout: 60_000 }

/**
 * Turns the page's browser into a mid-range phone: 6× slower CPU, and no script of the app before
 * SCRIPT_DELAY_MS after the page in the tab first asked for one (each new page waits again). The
 * scripts the app asks for later (a route's code) come as soon as that time is up, not each
 * SCRIPT_DELAY_MS late again: the app is seconds late once, as on a slow network, and the throttled
 * page, which keeps a core busy for as long as it is open, is not kept waiting for nothing
 * (docs/decisions/0054). Given `until` (lateFor), no script comes before it either: a journey
 * whose point is a click before the app is there holds the app back until the click is made, where
 * a page that starts its app at once would otherwise race a busy machine's click
 * (docs/decisions/0056).
 */
async function slowDevice(page: Page, until?: Promise<void>) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 })
  let firstAsked: number | undefined
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) firstAsked = undefined
  })
  await page.route('**/assets/*.js', async (route) => {
    const asked = (firstAsked ??= Date.now())
    await new Promise((resolve) => setTimeout(resolve, asked + SCRIPT_DELAY_MS - Date.now()))
    await until
    await route.continue().catch(() => {
      // The page went on without it (a plain link's navigation): nothing is waiting for it.
    })
  })
}

/** A hold for slowDevice's scripts, and its release: the app comes once `release` is called. */
function lateFor() {
  let release = () => {}
  const until = new Promise<void>((resolve) => {
    release = resolve
  })
  return { until, release }
}

type ClickMoment = { hydrating: boolean; hydrated: boolean; target: string }

/**
 * Writes down, at each click in the page, whether the app was listening (`data-hydrating`) or
 * live (`data-hydrated`) at that moment: in sessionStorage, which outlives a plain link's
 * navigation in the tab.
 */
async function recordClickMoments(page: Page) {
  await page.addInitScript(() => {
    window.addEventListener(
      'click',
      (event) => {
        const html = document.documentElement
        const target = event.target instanceof Element ? event.target.closest('a, button') : null
        const moments = JSON.parse(sessionStorage.getItem('click-moments') ?? '[]') as unknown[]
        moments.push({
          hydrating: html.hasAttribute('data-hydrating'),
          hydrated: html.hasAttribute('data-hydrated'),
          target: target instanceof HTMLElement ? target.innerText.trim() : '',
        })
        sessionStorage.setItem('click-moments', JSON.stringify(moments))
      },
      true,
    )
  })
}

const clickMoments = (page: Page) =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem('click-moments') ?? '[]') as ClickMoment[])

/** A call to action of a public page, and where a plain link takes a visitor. */
type CallToAction = {
  link: { name: string | RegExp; within?: 'main' | 'header' }
  url: RegExp
  heading: string
}

/**
 * Every public page's calls to action (scripts/build.mjs prerenders the pages; spec §2), as
 * walks: each click arrives on the page whose call to action is clicked next, before its app is
 * there too (the click moves the pointer, which starts the app; it comes seconds late).
 */
const WALKS: { from: (typeof PRERENDERED_PATHS)[number]; steps: CallToAction[] }[] = [
  {
    from: '/',
    steps: [
      { link: { name: 'Sign In', within: 'header' }, url: /\/login$/, heading: 'Sign in' },
      { link: { name: 'Forgot Password?' }, url: /\/forgot-password$/, heading: 'Forgot password' },
      { link: { name: 'Back to login' }, url: /\/login$/, heading: 'Sign in' },
      { link: { name: 'Register' }, url: /\/create-profile$/, heading: 'Create your vendor profile' },
      {
        link: { name: 'Register' },
        url: /\/create-profile\/register$/,
        heading: 'Register your organization',
      },
      { link: { name: 'Sign in' }, url: /\/login$/, heading: 'Sign in' },
    ],
  },
  {
    from: '/device-certifications',
    steps: [
      {
        link: { name: 'Browse the certified devices' },
        url: /\/certified-devices$/,
        heading: 'Certified devices',
      },
      { link: { name: 'Verify a certificate' }, url: /\/verify$/, heading: 'Verify a certificate' },
    ],
  },
  {
    from: '/contact-us',
    steps: [{ link: { name: 'Go to the Help Center' }, url: /\/help-center$/, heading: 'Help Center' }],
  },
  {
    from: '/check-mail',
    steps: [{ link: { name: 'Ask for a code' }, url: /\/forgot-password$/, heading: 'Forgot password' }],
  },
  {
    from: '/portfolio-manager',
    steps: [
      { link: { name: 'Create Portfolio' }, url: /\/login\?from=create-portfolio$/, heading: 'Sign in' },
    ],
  },
]

/** Clicks a call to action on the slow device before the app is ready, and follows it. */
async function clickBeforeTheApp(page: Page, from: string, action: CallToAction) {
  await page.evaluate(() => sessionStorage.removeItem('click-moments'))
  await page
    .locator(action.link.within ?? 'main')
    .getByRole('link', { name: action.link.name })
    .first()
    .click()
  await expect(page).toHaveURL(action.url, ARRIVAL)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(action.heading, ARRIVAL)
  expect(await clickMoments(page), `${from}: the click on ${String(action.link.name)}`).toEqual([
    expect.objectContaining({ hydrating: false, hydrated: false }),
  ])
}

/** Logs the demo vendor in over the API, at full speed: the slow device comes after. */
async function logInAsVendor(page: Page) {
  await page.goto('/check-mail', { waitUntil: 'domcontentloaded' })
  await logInOverApi(page, DEMO)
}

test.describe('a slow device', () => {
  test.skip(({ isMobile }) => !isMobile, 'A slow device is a mid-range phone: the phone project walks it.')
  // Each page loads at a sixth of the CPU, its scripts seconds late, beside other work.
  test.describe.configure({ timeout: 90_000 })

  test.beforeEach(async ({ page }) => {
    await recordClickMoments(page)
  })

  for (const [index, walk] of WALKS.entries()) {
    test(`calls to action clicked before the app is there arrive where their links point (walk ${index + 1}: ${walk.from})`, async ({
      page,
    }) => {
      await slowDevice(page)
      await page.goto(walk.from, { waitUntil: 'domcontentloaded' })
      let from: string = walk.from
      for (const step of walk.steps) {
        await clickBeforeTheApp(page, from, step)
        from = new URL(page.url()).pathname
      }
    })
  }

  test('a visitor who scrolled keeps the place when the app starts, and a link clicked meanwhile arrives', async ({
    page,
  }) => {
    await slowDevice(page)
    // Where the page is each time it scrolls while the app starts on it (it has not been clicked).
    await page.addInitScript(() => {
      window.addEventListener('scroll', () => {
        const html = document.documentElement
        if (!html.hasAttribute('data-hydrating') || sessionStorage.getItem('click-moments')) return
        const seen = JSON.parse(sessionStorage.getItem('scrolled-while-starting') ?? '[]') as number[]
        sessionStorage.setItem('scrolled-while-starting', JSON.stringify([...seen, window.scrollY]))
      })
    })
    await page.goto('/', { waitUntil: 'domcontentloaded' })
    // A visitor reads down the page: the scroll starts the app.
    const link = page.locator('main').getByRole('link', { name: /^Device portfolio/ })
    await link.evaluate((element) => element.scrollIntoView({ block: 'center' }))
    const place = await page.evaluate(() => window.scrollY)
    expect(place).toBeGreaterThan(300)
    await page.locator('html[data-hydrating]').waitFor({ state: 'attached', ...APP_START })
    await link.click()
    await expect(page).toHaveURL(/\/portfolio-manager\?portfolio=device-portfolio$/, ARRIVAL)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Portfolio Manager', ARRIVAL)
    expect(await clickMoments(page)).toEqual([
      expect.objectContaining({ hydrating: true, target: expect.stringMatching(/^Device portfolio/) }),
    ])
    // The app never moved the page from under the visitor's pointer.
    const scrolled = await page.evaluate(
      () => JSON.parse(sessionStorage.getItem('scrolled-while-starting') ?? '[]') as number[],
    )
    expect(scrolled.filter((y) => Math.abs(y - place) > 1)).toEqual([])
  })

  test('a logged-in vendor’s Add New Portfolio, clicked before the app is there, opens the form', async ({
    page,
  }) => {
    await logInAsVendor(page)
    // A logged-in vendor's page starts its app at once: it comes after the click.
    const late = lateFor()
    await slowDevice(page, late.until)
    await page.goto('/portfolio-manager', { waitUntil: 'domcontentloaded' })
    await page.locator('main').getByRole('link', { name: 'Add New Portfolio' }).click()
    late.release()
    await expect(page).toHaveURL(/\/portfolio$/, ARRIVAL)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('PORTFOLIO FORM', ARRIVAL)
    expect(await clickMoments(page)).toEqual([
      expect.objectContaining({ hydrated: false, target: 'Add New Portfolio' }),
    ])
  })

  test('a logged-in vendor’s Add New Portfolio, clicked once the app listens, opens the form', async ({
    page,
  }) => {
    await logInAsVendor(page)
    await slowDevice(page)
    await page.goto('/portfolio-manager', { waitUntil: 'domcontentloaded' })
    await page.locator('html[data-hydrating]').waitFor({ state: 'attached', ...APP_START })
    await page.locator('main').getByRole('link', { name: 'Add New Portfolio' }).click()
    await expect(page).toHaveURL(/\/portfolio$/, ARRIVAL)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('PORTFOLIO FORM', ARRIVAL)
  })

  test('a certificate number typed and checked before the app is there is kept and sent', async ({
    page,
  }) => {
    // Typing starts the app: it comes after the press.
    const late = lateFor()
    await slowDevice(page, late.until)
    await page.goto('/verify', { waitUntil: 'domcontentloaded' })
    await page.getByRole('textbox', { name: /Certificate number/ }).fill('dcp-0000-0000-0001')
    await page.getByRole('button', { name: 'Check' }).click()
    late.release()
    // The press is held, and pressed again once the app is live (a second click, then).
    expect((await clickMoments(page))[0]).toEqual({ hydrating: false, hydrated: false, target: 'Check' })
    await expect(page).toHaveURL(/\/verify\/DCP-0000-0000-0001$/, ARRIVAL)
    await expect(page.getByRole('region', { name: 'Result' })).toContainText(
      'No certificate with this number exists.',
      ARRIVAL,
    )
  })

  test('a login typed before the app is there is kept and sent', async ({ page }) => {
    await slowDevice(page)
    await page.goto('/login', { waitUntil: 'domcontentloaded' })
    const form = page.getByRole('form', { name: 'Sign in' })
    await form.getByRole('textbox', { name: /^Email/ }).fill(DEMO.emailId)
    await form.getByLabel(/^Password/).fill(DEMO.password)
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrating')
    // Login is enabled once the form checks what was typed (spec §2), which the app does.
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/login'), ARRIVAL)
    await form.getByRole('button', { name: 'Login' }).click(ARRIVAL)
    expect((await sent).postDataJSON()).toEqual(DEMO)
  })
})

test('with no script at all, every public link is a link', async ({ browser, isMobile }) => {
  // A phone shows a subset of a desktop's links with no script (its header's menu needs the app):
  // the walk at desktop width follows every one of them.
  test.skip(isMobile, 'A phone’s links with no script are a subset of a desktop’s: walked at desktop width.')
  test.setTimeout(90_000)
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  const followed = new Set<string>()
  for (const path of PRERENDERED_PATHS) {
    await page.goto(path, { waitUntil: 'domcontentloaded' })
    const hrefs = await page
      .locator('a[href^="/"]:visible')
      .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''))
    for (const href of hrefs.filter((found) => !followed.has(found))) {
      followed.add(href)
      if (page.url() !== new URL(path, page.url()).href)
        await page.goto(path, { waitUntil: 'domcontentloaded' })
      await page.locator(`a[href="${href}"]:visible`).first().click()
      await expect(page, `${href} from ${path}`).toHaveURL(new URL(href, page.url()).href)
      await expect(page.getByRole('heading', { level: 1 }), `${href} from ${path}`).toBeVisible()
    }
  }
  expect(followed.size).toBeGreaterThan(10)
  await context.close()
})

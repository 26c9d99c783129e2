import type { Browser, Page } from '@playwright/test'

/*
 * The dashboard bench's set-up, shared by bench/dashboard (the dashboard at scale) and
 * bench/live (the same dashboard while live events arrive): the generated list answer,
 * the in-page probes, the demo vendor's login and a page opened on /dashboard with the list call
 * answered by the generated records.
 */

const DEMO = { emailId: 'demo.vendor@example.com', password: 'Certify#Demo2025' }

export const VENDORS = [
  'Nokia',
  'Huawei',
  'ZTE',
  'Zyxel',
  'Sagemcom',
  'Adtran',
  'Calix',
  'TP-Link',
  'Netgear',
  'Arris',
]
const TYPES = ['Wi-Fi Router', 'Wi-Fi Extender', 'Wi-Fi Mesh Device', 'Set-top Box', 'ONT', 'OLT', 'ONU']
const STATUSES = [
  ['Submitted', ''],
  ['InProgress', ''],
  ['Maintenance', ''],
  ['Completed', 'CERTIFIED-OK'],
  ['Completed', 'Validation failure'],
] as const

/** BENCH_ROWS records in the list answer's shape, varied enough for the filters and the search. */
export function recordsAnswer(count: number): string {
  const list = Array.from({ length: count }, (_, i) => generatedRecord(i))
  return JSON.stringify({ portfolioManagerSubmittedDetailsList: list })
}

/** Row `i` of recordsAnswer (id `pm-<i>`; Submitted when i mod 5 = 0). */
export function generatedRecord(i: number) {
  const [status, isCertified] = STATUSES[i % STATUSES.length] as (typeof STATUSES)[number]
  return {
    portfolioManagerId: `pm-${i}`,
    vendor: VENDORS[i % VENDORS.length] ?? '',
    deviceName: `Model ${(i * 7919) % 5000}`,
    deviceType: TYPES[i % TYPES.length] ?? '',
    productClass: `Class ${i % 23}`,
    baseFirmwareVersion: `${i % 9}.${i % 17}.${i % 31}`,
    businessDomain: i % 3 === 0 ? 'Wireline,Wireless' : i % 2 === 0 ? 'Wireline' : 'Wireless',
    creationTime: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString(),
    createdBy: `Vendor User ${i % 50}`,
    status: status as string,
    isCertified: isCertified as string,
  }
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}
export const ms = (value: number) => `${value.toFixed(1)} ms`

/**
 * In the page: times from each key press or click to the next painted frame, and to the row count
 * changing. Plain JavaScript in a string: a function would be compiled with helpers the page lacks.
 */
export const PAGE_PROBES = `
  window.__frames = []
  window.__results = []
  window.__firstRow = null
  window.__parsedAt = null
  // When the list answer's JSON has been parsed: the rows are in the page's hands from then.
  const parse = JSON.parse
  JSON.parse = function (text, reviver) {
    const value = parse.call(this, text, reviver)
    if (typeof text === 'string' && text.length > 1000000) window.__parsedAt = performance.now()
    return value
  }
  const afterNextPaint = (start, into) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel()
      channel.port1.onmessage = () => into.push(performance.now() - start)
      channel.port2.postMessage(null)
    })
  const watchCount = (start) => {
    const status = [...document.querySelectorAll('[role="status"]')].find((node) => /records$/.test(node.textContent || ''))
    if (!status) return
    const before = status.textContent
    const observer = new MutationObserver(() => {
      if (status.textContent === before) return
      observer.disconnect()
      afterNextPaint(start, window.__results)
    })
    observer.observe(status, { childList: true, characterData: true, subtree: true })
  }
  for (const type of ['keydown', 'pointerup']) {
    window.addEventListener(type, (event) => {
      if (type === 'pointerup' && !(event.target && event.target.closest && event.target.closest('[role="option"]'))) return
      afterNextPaint(event.timeStamp, window.__frames)
      watchCount(event.timeStamp)
    }, { capture: true })
  }
  new MutationObserver((_, observer) => {
    if (!document.querySelector('tbody tr[aria-rowindex]')) return
    observer.disconnect()
    requestAnimationFrame(() => {
      const channel = new MessageChannel()
      channel.port1.onmessage = () => { window.__firstRow = performance.now() }
      channel.port2.postMessage(null)
    })
  }).observe(document, { childList: true, subtree: true })
`

export async function logIn(page: Page, base: string) {
  await page.goto(`${base}/help-center`)
  await page.evaluate(async (demo) => {
    const tokenAnswer = await fetch('/api/token', { credentials: 'include' })
    const token = tokenAnswer.headers.get('Token') ?? ''
    localStorage.setItem('TOKEN', token)
    const login = await fetch('/api/login', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Token: token },
      body: JSON.stringify(demo),
    })
    localStorage.setItem('AUTH_DATA', JSON.stringify(await login.json()))
  }, DEMO)
}

/** Waits until the portal at `base` answers its home page. */
export async function waitForPortal(base: string) {
  for (let tries = 0; ; tries += 1) {
    const ok = await fetch(`${base}/`).then(
      (answer) => answer.ok,
      () => false,
    )
    if (ok) return
    if (tries > 120) throw new Error('The portal did not start.')
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

export type OpenDashboardOptions = {
  /** Where the page loads the portal from. */
  base: string
  /** The list call's answer (recordsAnswer). */
  body: string
  /** More in-page scripts, run before the app's (after PAGE_PROBES). */
  initScripts?: string[]
  /** Called just before the page opens /dashboard (e.g. to start a profiler). */
  beforeGoto?: (page: Page) => Promise<void>
}

/**
 * A page logged in as the demo vendor, with the list call answered by `body` and the probes in
 * place, opened on /dashboard; resolves once the first table row is there.
 */
export async function openDashboard(browser: Browser, options: OpenDashboardOptions) {
  const { base, body, initScripts = [], beforeGoto } = options
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
  page.on('pageerror', (error) => console.error(`  [page error] ${error.message}`))
  await logIn(page, base)
  await page.route('**/api/portfoliomanager/list', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body }),
  )
  await page.addInitScript({ content: PAGE_PROBES })
  for (const content of initScripts) await page.addInitScript({ content })
  await beforeGoto?.(page)
  await page.goto(`${base}/dashboard`)
  await page.locator('tbody tr[aria-rowindex]').first().waitFor({ timeout: 60_000 })
  return page
}

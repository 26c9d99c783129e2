// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { bootPage } from './page-boot.mjs'

/*
 * The lines every prerendered page runs before the app (scripts/page-boot.mjs): when the app's
 * code is requested, and what happens to presses and form submissions until the app listens.
 */

const html = document.documentElement

/** Boots a page at `url`; every listener bootPage adds is removed after the test. */
function boot(url = '/', preload: string[] = [], afterPaint?: () => unknown) {
  window.history.replaceState(null, '', url)
  const load = vi.fn()
  bootPage(load, window, preload, afterPaint)
  return load
}

const added: Array<
  [string, EventListenerOrEventListenerObject, boolean | AddEventListenerOptions | undefined]
> = []

beforeEach(() => {
  const add = window.addEventListener.bind(window)
  vi.spyOn(window, 'addEventListener').mockImplementation((type, listener, options) => {
    added.push([type, listener, options])
    add(type, listener, options)
  })
  document.body.innerHTML = `
    <main>
      <button type="button" id="toggle"><span id="label">Learn more</span></button>
      <a href="/help-center"><span role="button" id="in-link">Help</span></a>
      <form id="search"><input name="q" /><button id="send">Search</button></form>
    </main>`
})

afterEach(() => {
  for (const [type, listener, options] of added.splice(0)) window.removeEventListener(type, listener, options)
  for (const name of ['data-auth', 'data-hydrating', 'data-hydrated']) html.removeAttribute(name)
  vi.useRealTimers()
})

describe('when the app is requested', () => {
  it('for a visitor, at the first sign of use and only once', () => {
    const load = boot('/')
    expect(load).not.toHaveBeenCalled()
    window.dispatchEvent(new Event('scroll'))
    expect(load).toHaveBeenCalledTimes(1)
    document.body.dispatchEvent(new Event('pointermove', { bubbles: true }))
    document.getElementById('toggle')?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))
    expect(load).toHaveBeenCalledTimes(1)
  })

  it.each(['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll'])(
    'for a visitor, on %s',
    (type) => {
      const load = boot('/help-center')
      document.body.dispatchEvent(new Event(type, { bubbles: true }))
      expect(load).toHaveBeenCalledTimes(1)
    },
  )

  it('with the app’s files preloaded, all at once, before its entry is imported', () => {
    const preloaded = () =>
      [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) =>
        link.getAttribute('href'),
      )
    const files = ['/assets/client-1.js', '/assets/esm-2.js', '/assets/start-app-3.js']
    const load = vi.fn(() => expect(preloaded()).toEqual(files))
    window.history.replaceState(null, '', '/')
    bootPage(load, window, files)
    expect(preloaded()).toEqual([])
    window.dispatchEvent(new Event('keydown'))
    window.dispatchEvent(new Event('scroll'))
    expect(load).toHaveBeenCalledTimes(1)
    expect(preloaded()).toEqual(files)
    for (const link of document.head.querySelectorAll('link')) link.remove()
  })

  it('for a visitor who only looks, never', () => {
    vi.useFakeTimers()
    const load = boot('/')
    vi.advanceTimersByTime(60_000)
    expect(load).not.toHaveBeenCalled()
  })

  it.each([
    ['a logged-in vendor', '/', true],
    ['a query', '/login?goto=%2Fdashboard', false],
    ['a fragment', '/#portfolio-manager', false],
  ])('for %s, once the page has painted (at most a second later)', (_who, url, member) => {
    vi.useFakeTimers()
    if (member) html.setAttribute('data-auth', 'in')
    const load = boot(url)
    vi.advanceTimersByTime(1000)
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('not for a visitor who only looks at a page whose HTML is its frame: its own script fills it once painted', () => {
    vi.useFakeTimers()
    const fill = vi.fn()
    const load = boot('/verify/DCP-7KQ4-M9XZ-2F8H', [], fill)
    expect(fill).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1000)
    expect(fill).toHaveBeenCalledTimes(1)
    expect(load).not.toHaveBeenCalled()
    window.dispatchEvent(new Event('scroll'))
    expect(load).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(1000)
    expect(fill).toHaveBeenCalledTimes(1)
  })
})

describe('until the app listens', () => {
  it('a button pressed is held, then pressed again once the page is live', async () => {
    boot('/')
    const toggle = document.getElementById('toggle') as HTMLButtonElement
    const seen: Array<{ prevented: boolean; live: boolean }> = []
    toggle.addEventListener('click', (event) =>
      seen.push({ prevented: event.defaultPrevented, live: html.hasAttribute('data-hydrated') }),
    )
    document.getElementById('label')?.click()
    expect(seen).toEqual([{ prevented: true, live: false }])
    html.setAttribute('data-hydrating', '')
    html.setAttribute('data-hydrated', '')
    await Promise.resolve()
    expect(seen).toEqual([
      { prevented: true, live: false },
      { prevented: false, live: true },
    ])
  })

  it('a press also starts the app, even before any other sign of use', () => {
    const load = boot('/')
    const press = new MouseEvent('click', { bubbles: true, cancelable: true })
    document.getElementById('toggle')?.dispatchEvent(press)
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('presses are replayed in their order, each one', async () => {
    boot('/')
    const toggle = document.getElementById('toggle') as HTMLButtonElement
    const send = document.getElementById('send') as HTMLButtonElement
    const order: string[] = []
    for (const button of [toggle, send])
      button.addEventListener('click', () => {
        if (html.hasAttribute('data-hydrated')) order.push(button.id)
      })
    toggle.click()
    send.click()
    toggle.click()
    html.setAttribute('data-hydrated', '')
    await Promise.resolve()
    expect(order).toEqual(['toggle', 'send', 'toggle'])
  })

  it('a press inside a link is the link’s: not held', () => {
    boot('/')
    const press = new MouseEvent('click', { bubbles: true, cancelable: true })
    document.getElementById('in-link')?.dispatchEvent(press)
    // jsdom does not navigate; what matters is that the default (following the link) is left alone.
    expect(press.defaultPrevented).toBe(false)
  })

  it('a form is not sent by the browser; once React listens, it is the app’s', () => {
    boot('/')
    const form = document.getElementById('search') as HTMLFormElement
    const early = new Event('submit', { bubbles: true, cancelable: true })
    form.dispatchEvent(early)
    expect(early.defaultPrevented).toBe(true)
    html.setAttribute('data-hydrating', '')
    const late = new Event('submit', { bubbles: true, cancelable: true })
    form.dispatchEvent(late)
    expect(late.defaultPrevented).toBe(false)
  })

  it('once React listens (data-hydrating), a press is left to React', () => {
    boot('/')
    html.setAttribute('data-hydrating', '')
    const press = new MouseEvent('click', { bubbles: true, cancelable: true })
    document.getElementById('toggle')?.dispatchEvent(press)
    expect(press.defaultPrevented).toBe(false)
  })
})

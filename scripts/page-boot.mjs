/**
 * The few lines a prerendered public page runs before the app (scripts/build.mjs inlines
 * `bootPage` into every page, with `load` importing the app's entry). Decision 0008, point 4.
 *
 * When the app starts:
 * - for a logged-in vendor (`<html data-auth="in">`, set by index.html before the first paint), or
 *   a URL with a query or a fragment (`?goto=`, `?portfolio=`, `#portfolio-manager`: the app has
 *   something to do with them), once the page's first contentful paint has happened (after one
 *   second at the latest, for tabs that do not paint);
 * - for a visitor, at the first sign of use: the pointer moving or pressing, a touch, a key, focus
 *   entering the page, a wheel or a scroll. Until then the page is what its HTML and stylesheet
 *   make it: text, pictures, working links, the hero turning by CSS. Nothing of the app is
 *   downloaded or run for a visitor who only looks.
 *
 * Until the app listens (`<html data-hydrating>`, set by src/start-app.tsx just before it hydrates,
 * from when React answers events itself), a press on a button is held and pressed again once the
 * page is live (`<html data-hydrated>`), in the order they came, and a form is not sent by the
 * browser (the app sends it). React answers the press at once if that part of the page is
 * hydrated, or hydrates it first. Text typed into a field meanwhile stays in it, and the field
 * hands it to the app when it hydrates (src/lib/use-text-typed-early.ts).
 *
 * A page whose HTML is only its frame (the shell of /verify/<number>) has a script of its own that
 * fills it (`afterPaint`, a few kilobytes): it is loaded once the page has painted, whatever the
 * visitor does, and the app still waits as above.
 *
 * When it starts, the app's code comes in steps with pauses between them (src/main.tsx) and then
 * the page's route code: `preload` names those files, fetched at once, in parallel, so that the
 * steps wait for no further round trip.
 *
 * The page's HTML carries only the part of the stylesheet it uses (scripts/critical-css.mjs): the
 * whole `stylesheet` is linked when the app starts, for what the app shows beyond the page's HTML.
 *
 * @param {() => unknown} load starts the app (import() of its entry)
 * @param {Window & typeof globalThis} [win]
 * @param {readonly string[]} [preload] the app's and the page's module files (scripts/build.mjs)
 * @param {() => unknown} [afterPaint] loads the page's own script (import() of it), once painted
 * @param {string} [stylesheet] the app's whole stylesheet
 */
export function bootPage(load, win = window, preload = [], afterPaint = undefined, stylesheet = undefined) {
  const html = win.document.documentElement
  const intents = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll']
  let started = false
  const start = () => {
    if (started) return
    started = true
    for (const type of intents) win.removeEventListener(type, start, true)
    if (stylesheet) {
      const link = win.document.createElement('link')
      link.rel = 'stylesheet'
      link.href = stylesheet
      win.document.head.append(link)
    }
    for (const href of preload) {
      const link = win.document.createElement('link')
      link.rel = 'modulepreload'
      link.href = href
      win.document.head.append(link)
    }
    load()
  }

  /** Runs `then` once, right after the first contentful paint (one second at the latest). */
  const painted = (then) => {
    let done = false
    const once = () => {
      if (done) return
      done = true
      then()
    }
    try {
      new win.PerformanceObserver((list, observer) => {
        if (list.getEntriesByName('first-contentful-paint').length === 0) return
        observer.disconnect()
        win.setTimeout(once)
      }).observe({ type: 'paint', buffered: true })
    } catch {
      once()
    }
    win.setTimeout(once, 1000)
  }

  if (afterPaint) painted(afterPaint)
  if (html.hasAttribute('data-auth') || win.location.search !== '' || win.location.hash !== '') {
    painted(start)
  } else {
    for (const type of intents) win.addEventListener(type, start, { capture: true, passive: true })
  }

  const listening = () => html.hasAttribute('data-hydrating') || html.hasAttribute('data-hydrated')
  /** @type {Element[]} */
  const pressed = []
  win.addEventListener(
    'click',
    (event) => {
      if (listening() || !(event.target instanceof win.Element)) return
      const button = event.target.closest('button, [role="button"]')
      if (!button || button.closest('a[href]')) return
      event.preventDefault()
      pressed.push(button)
      start()
    },
    true,
  )
  win.addEventListener(
    'submit',
    (event) => {
      if (!listening()) event.preventDefault()
    },
    true,
  )
  new win.MutationObserver((_records, observer) => {
    if (!html.hasAttribute('data-hydrated')) return
    observer.disconnect()
    for (const button of pressed.splice(0)) {
      if (button.isConnected) /** @type {HTMLElement} */ (button).click()
    }
  }).observe(html, { attributes: true, attributeFilter: ['data-hydrated'] })
}

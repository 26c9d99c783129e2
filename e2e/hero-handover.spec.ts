import { expect, test } from '@playwright/test'

/*
 * The home page's hero turns every 1200 ms across 8 images (spec §1, §9). A prerendered
 * page turns it with the stylesheet until the app hydrates the page and takes over; the handover
 * must not show: no image held longer than one turn, no step back. The page samples itself every
 * 100 ms, before, during and after the hydration.
 */

type Sample = { at: number; image: number; caption: number }

const TURN_MS = 1200
/** Sampling every 100 ms, on a busy machine: a turn may look up to this much longer. */
const TOLERANCE_MS = 300

test('the hero turns on without a stumble when the app takes over from the stylesheet', async ({ page }) => {
  test.setTimeout(60_000)
  await page.goto('/')
  await page.evaluate(() => {
    const figure = document.querySelector('[data-slot="hero-carousel"]') as HTMLElement
    const samples: Sample[] = []
    ;(window as unknown as { heroSamples: Sample[] }).heroSamples = samples
    const sample = () => {
      // The image shown: the most opaque of the eight (a cross-fade shows two at once).
      const opacities = [...figure.querySelectorAll('img')].map((image) =>
        Number(getComputedStyle(image).opacity),
      )
      const image = opacities.indexOf(Math.max(...opacities))
      // The name shown: by the stylesheet, the one of the eight names that is visible; by the app,
      // the dot marked current.
      const names = [...figure.querySelectorAll('figcaption [data-hero-slot]')]
      const caption =
        names.length > 0
          ? names.findIndex((name) => Number(getComputedStyle(name).opacity) > 0.5)
          : [...figure.querySelectorAll('[role="group"] button')].findIndex(
              (dot) => dot.getAttribute('aria-current') === 'true',
            )
      samples.push({ at: performance.now(), image, caption })
    }
    sample()
    setInterval(sample, 100)
  })
  // Two turns by the stylesheet, then the first sign of use loads the app (away from the hero, which
  // a pointer on it would hold), then four turns by the app.
  await page.waitForTimeout(2 * TURN_MS + 350)
  await page.mouse.move(1, 1)
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  await page.waitForTimeout(4 * TURN_MS)
  const samples = await page.evaluate(() => (window as unknown as { heroSamples: Sample[] }).heroSamples)

  for (const part of ['image', 'caption'] as const) {
    // Runs of the same image: each next one is the following image, and none lasts past its turn.
    const runs: { shown: number; from: number; to: number }[] = []
    for (const sample of samples) {
      // A name switching on the very frame sampled may show none: no sample.
      if (sample[part] < 0) continue
      const last = runs.at(-1)
      if (last && last.shown === sample[part]) last.to = sample.at
      else runs.push({ shown: sample[part], from: sample.at, to: sample.at })
      // One sample of the outgoing image between two of the incoming one (A, B, A) is the sample
      // landing on the cross-fade's midpoint, where the two are as opaque as each other: not a
      // step back. A step back held for two samples or more still fails below.
      const [before, blip, after] = runs.slice(-3)
      if (before && blip && after && before.shown === after.shown && blip.from === blip.to) {
        runs.splice(-2, 2)
        before.to = after.to
      }
    }
    const steps = runs.slice(1).map((run, index) => `${runs[index]!.shown}→${run.shown}`)
    expect(
      steps.filter((step) => {
        const [from, to] = step.split('→').map(Number)
        return to !== (from! + 1) % 8
      }),
      `${part}: every step goes to the next image (${steps.join(', ')})`,
    ).toEqual([])
    // The first and last runs are cut by the sampling; the ones between are whole turns.
    const held = runs.slice(1, -1).map((run) => Math.round(run.to - run.from))
    expect(runs.length, `${part}: turns seen`).toBeGreaterThanOrEqual(5)
    // The sampler runs on the page's main thread: while the app's start holds it, a turn is seen
    // late, so one run looks long and the next as much shorter (1508 then 672 ms: two turns in
    // 2180). That is the sampler's delay, not a stumble. A stumble (the app starting the turn
    // again) holds an image long and leaves the next turn whole.
    const stumbles = held.filter(
      (ms, index) =>
        ms > TURN_MS + TOLERANCE_MS &&
        !(
          index + 1 < held.length &&
          held[index + 1]! < TURN_MS - TOLERANCE_MS &&
          ms + held[index + 1]! <= 2 * TURN_MS + TOLERANCE_MS
        ),
    )
    expect(stumbles, `${part}: held for ${held.join(', ')} ms`).toEqual([])
  }
})

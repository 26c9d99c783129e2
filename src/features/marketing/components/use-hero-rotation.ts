import * as React from 'react'
import { clampIndex, indexAfter } from '@/features/marketing/model/rotation'
import type { Clock } from '@/lib/clock'
import { useClock } from '@/lib/clock'
import { useHydrated } from '@/lib/use-hydrated'
import { usePrefersReducedMotion } from '@/lib/use-reduced-motion'

/** What the stylesheet's `hero-*` animations are made for (src/styles.css). */
const STYLESHEET_TURN = { images: 8, intervalMs: 1200 }
/**
 * How long before its turn an image fades in (and the one before it out), as in the stylesheet's
 * `hero-fade`: the picture and the name shown are the same whether the stylesheet or React turns.
 */
const FADE_MS = 500

type Rotation = { count: number; startAt: number; intervalMs: number }

/**
 * The carousel's turn (hero-carousel.tsx): the image shown, held still by a pause, a hover, focus
 * or reduced motion; turned by the stylesheet until hydration, then by React from the same origin.
 */
export function useHeroRotation({ count, startAt, intervalMs }: Rotation) {
  // What drives the rotation: the real clock, or the manual one of a story (src/lib/clock.tsx).
  const clock = useClock()
  const [index, setIndex] = React.useState(() => clampIndex(startAt, count))
  const [paused, setPaused] = React.useState(false)
  const [held, setHeld] = React.useState({ hover: false, focus: false })
  const reducedMotion = usePrefersReducedMotion()
  const rotating = !paused && !reducedMotion && !held.hover && !held.focus && count > 1
  // While the HTML is made and hydrated: the stylesheet turns it (the HTML needs every caption).
  // styles.css turns 8 images at 1200 ms (spec §1, §9), the only rotation the pages prerender.
  const byStylesheet =
    !useHydrated() && count === STYLESHEET_TURN.images && intervalMs === STYLESHEET_TURN.intervalMs
  const figureRef = React.useRef<HTMLElement>(null)
  // When the first image's turn began, on the clock, while it turns; null while it holds still.
  const originRef = React.useRef<number | null>(null)
  const indexRef = React.useRef(index)
  React.useLayoutEffect(() => {
    indexRef.current = index
  })

  React.useLayoutEffect(() => {
    // Hydrating a page the stylesheet has been turning: go on from the image it shows now, in the
    // same phase (its animations started when the first image's turn began).
    const animation = figureRef.current?.querySelector('[data-hero-slot]')?.getAnimations?.()[0]
    const elapsed = Number(animation?.currentTime ?? Number.NaN)
    if (!animation || !Number.isFinite(elapsed)) return
    originRef.current = clock.now() - elapsed
    setIndex(indexAfter(elapsed, intervalMs, count))
    // Once, at the first render in the browser: later renders are React's own rotation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const fadingTo = useRotationSteps({ clock, rotating, intervalMs, count, originRef, indexRef, setIndex })
  // The picture showing: the next one from FADE_MS before its turn, while it turns.
  const shown = rotating && fadingTo !== null ? fadingTo : index
  return { index, setIndex, shown, paused, setPaused, setHeld, rotating, byStylesheet, figureRef }
}

type Steps = {
  clock: Clock
  rotating: boolean
  intervalMs: number
  count: number
  originRef: React.RefObject<number | null>
  indexRef: React.RefObject<number>
  setIndex: (index: number) => void
}

/**
 * While it turns: each turn at origin + n × interval, and the next picture fading in before it.
 * Returns the picture fading in (null while it holds still).
 */
function useRotationSteps({ clock, rotating, intervalMs, count, originRef, indexRef, setIndex }: Steps) {
  const [fadingTo, setFadingTo] = React.useState<number | null>(null)
  // Before the browser paints: at the handover (the hydration's layout effect above set the turn's
  // image) a page hydrated inside a fade must show the incoming picture from its first frame, as
  // the stylesheet did, not the outgoing one until an effect after paint (a step back on a busy
  // machine: e2e/hero-handover.spec.ts saw 3→2→3).
  React.useLayoutEffect(() => {
    if (!rotating) {
      originRef.current = null
      return
    }
    // Going on (after a pause, a hover, a chosen dot): the current image gets a whole turn.
    const start = originRef.current ?? clock.now() - indexRef.current * intervalMs
    originRef.current = start
    const fade = Math.min(FADE_MS, intervalMs / 2)
    let cancel = () => {}
    const step = () => {
      const elapsed = clock.now() - start
      setIndex(indexAfter(elapsed, intervalMs, count))
      setFadingTo(indexAfter(elapsed + fade, intervalMs, count))
      // The next moment something changes: the next picture's fade, else the next turn.
      const intoTurn = ((elapsed % intervalMs) + intervalMs) % intervalMs
      const toFade = intervalMs - fade - intoTurn
      cancel = clock.after(toFade > 0 ? toFade : intervalMs - intoTurn, step)
    }
    step()
    return () => {
      cancel()
      // Held still, the picture is the current image's; going on, step() fades afresh.
      setFadingTo(null)
    }
  }, [rotating, clock, intervalMs, count, originRef, indexRef, setIndex])
  return fadingTo
}

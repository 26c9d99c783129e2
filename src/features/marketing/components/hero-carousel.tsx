import { Pause, Play } from 'lucide-react'
import * as React from 'react'
import {
  HERO_IMAGES,
  IMAGE_HEIGHT,
  IMAGE_WIDTH,
  type ProductImage,
} from '@/features/marketing/components/product-images'
import { HERO_INTERVAL_MS } from '@/features/marketing/model/home-content'
import { clampIndex, indexAfter } from '@/features/marketing/model/rotation'
import { useClock } from '@/lib/clock'
import { useHydrated } from '@/lib/use-hydrated'
import { usePrefersReducedMotion } from '@/lib/use-reduced-motion'
import { cn } from '@/lib/utils'

/** What the stylesheet's `hero-*` animations are made for (src/styles.css). */
const STYLESHEET_TURN = { images: 8, intervalMs: 1200 }
/**
 * How long before its turn an image fades in (and the one before it out), as in the stylesheet's
 * `hero-fade`: the picture and the name shown are the same whether the stylesheet or React turns.
 */
const FADE_MS = 500

type HeroCarouselProps = {
  images?: readonly ProductImage[]
  /** The image shown first (stories show each of the eight). */
  startAt?: number
  /** Spec §9: 1200 ms. */
  intervalMs?: number
  className?: string
}

/**
 * The home page's product image, changing every 1200 ms across 8 images (spec §1). It does not
 * move for users who ask for reduced motion, nor while the pointer or keyboard focus is on it, and
 * the Pause button stops it for good (WCAG 2.2.2). Dots pick an image; the caption names it.
 *
 * A prerendered page turns before the app has hydrated it (a visitor's page may never load the
 * app: scripts/page-boot.mjs): the HTML carries every caption and each part's place in the turn
 * (`--hero-slot`), and the stylesheet's `hero-*` animations show one after another (styles.css,
 * not for reduced motion). On hydration React takes over at the image and in the phase the
 * stylesheet is showing: the rotation keeps one time origin (when the first image's turn began),
 * each turn comes at origin + n × interval, and the picture fades as the stylesheet's does, so the
 * handover neither holds an image longer nor steps back (issue 16).
 */
function HeroCarousel({
  images = HERO_IMAGES,
  startAt = 0,
  intervalMs = HERO_INTERVAL_MS,
  className,
}: HeroCarouselProps) {
  // What drives the rotation: the real clock, or the manual one of a story (src/lib/clock.tsx).
  const clock = useClock()
  const [index, setIndex] = React.useState(() => clampIndex(startAt, images.length))
  const [paused, setPaused] = React.useState(false)
  const [held, setHeld] = React.useState({ hover: false, focus: false })
  const reducedMotion = usePrefersReducedMotion()
  const rotating = !paused && !reducedMotion && !held.hover && !held.focus && images.length > 1
  // While the HTML is made and hydrated: the stylesheet turns it (the HTML needs every caption).
  // styles.css turns 8 images at 1200 ms (spec §1, §9), the only rotation the pages prerender.
  const byStylesheet =
    !useHydrated() && images.length === STYLESHEET_TURN.images && intervalMs === STYLESHEET_TURN.intervalMs
  const figureRef = React.useRef<HTMLElement>(null)
  // When the first image's turn began, on the clock, while it turns; null while it holds still.
  const origin = React.useRef<number | null>(null)
  // The picture showing: the next one from FADE_MS before its turn, while it turns.
  const [fadingTo, setFadingTo] = React.useState<number | null>(null)
  const indexNow = React.useRef(index)
  React.useLayoutEffect(() => {
    indexNow.current = index
  })

  React.useLayoutEffect(() => {
    // Hydrating a page the stylesheet has been turning: go on from the image it shows now, in the
    // same phase (its animations started when the first image's turn began).
    const animation = figureRef.current?.querySelector('[data-hero-slot]')?.getAnimations?.()[0]
    const elapsed = Number(animation?.currentTime ?? Number.NaN)
    if (!animation || !Number.isFinite(elapsed)) return
    origin.current = clock.now() - elapsed
    setIndex(indexAfter(elapsed, intervalMs, images.length))
    // Once, at the first render in the browser: later renders are React's own rotation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  React.useEffect(() => {
    if (!rotating) {
      origin.current = null
      return
    }
    // Going on (after a pause, a hover, a chosen dot): the current image gets a whole turn.
    const start = origin.current ?? clock.now() - indexNow.current * intervalMs
    origin.current = start
    const fade = Math.min(FADE_MS, intervalMs / 2)
    let cancel = () => {}
    const step = () => {
      const elapsed = clock.now() - start
      setIndex(indexAfter(elapsed, intervalMs, images.length))
      setFadingTo(indexAfter(elapsed + fade, intervalMs, images.length))
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
  }, [rotating, clock, intervalMs, images.length])

  const shown = rotating && fadingTo !== null ? fadingTo : index
  const current = images[index] ?? images[0]
  const captionId = React.useId()

  return (
    <figure
      ref={figureRef}
      aria-roledescription="carousel"
      aria-label="Devices we certify"
      data-slot="hero-carousel"
      data-rotating={rotating}
      data-autoplay={byStylesheet ? '' : undefined}
      className={cn('flex flex-col items-center gap-3', className)}
      onPointerEnter={() => setHeld((state) => ({ ...state, hover: true }))}
      onPointerLeave={() => setHeld((state) => ({ ...state, hover: false }))}
      onFocus={() => setHeld((state) => ({ ...state, focus: true }))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget))
          setHeld((state) => ({ ...state, focus: false }))
      }}
    >
      {/* On a phone the picture stays smaller than the text above it, so the text (painted with the
          HTML) is the page's largest paint, not the next picture the rotation brings in. */}
      <div className="relative aspect-[4/3] w-full max-w-52 sm:max-w-[480px]">
        {images.map((image, position) => (
          <img
            key={image.id}
            src={image.src}
            alt={position === index ? image.alt : ''}
            aria-hidden={position === index ? undefined : true}
            width={IMAGE_WIDTH}
            height={IMAGE_HEIGHT}
            // The first picture is what the page paints first; the others follow without hurry.
            fetchPriority={position === 0 ? 'high' : 'low'}
            decoding={position === 0 ? 'sync' : 'async'}
            {...slotProps(byStylesheet, position)}
            className={cn(
              'absolute inset-0 size-full object-contain transition-opacity duration-500 ease-linear',
              position === shown ? 'opacity-100' : 'opacity-0',
            )}
          />
        ))}
      </div>
      <figcaption
        id={captionId}
        // Announced when the visitor chooses; silent while it turns by itself (WAI carousel pattern).
        aria-live={rotating ? 'off' : 'polite'}
        className="text-small font-semibold text-ink-muted"
      >
        {byStylesheet ? (
          <>
            {/* Every name, one shown at a time by the stylesheet; screen readers get the first
                image's, as the rotation is not announced while it turns by itself. */}
            <span aria-hidden="true" className="grid">
              {images.map((image, position) => (
                <span
                  key={image.id}
                  {...slotProps(true, position)}
                  className={cn('col-start-1 row-start-1', position === index ? 'opacity-100' : 'opacity-0')}
                >
                  {image.name}
                </span>
              ))}
            </span>
            {current ? <span className="sr-only">{captionOf(current, index, images.length)}</span> : null}
          </>
        ) : (
          current && captionOf(current, index, images.length)
        )}
      </figcaption>
      <div className="flex items-center gap-3">
        <button
          type="button"
          onClick={() => setPaused((value) => !value)}
          aria-label={paused ? 'Play the rotation' : 'Pause the rotation'}
          className="flex size-8 cursor-pointer items-center justify-center rounded-full border border-line bg-surface text-ink-muted hover:text-ink focus-visible:focus-ring"
        >
          {paused ? (
            <Play aria-hidden="true" className="size-3.5" />
          ) : (
            <Pause aria-hidden="true" className="size-3.5" />
          )}
        </button>
        <div role="group" aria-label="Choose an image" className="flex items-center">
          {images.map((image, position) => (
            <button
              key={image.id}
              type="button"
              aria-label={`Show ${image.name}, image ${position + 1} of ${images.length}`}
              aria-current={position === index ? 'true' : undefined}
              onClick={() => setIndex(position)}
              className="group relative flex size-6 cursor-pointer items-center justify-center rounded-full focus-visible:focus-ring"
            >
              <span
                aria-hidden="true"
                className={cn(
                  'block h-2 rounded-full transition-all',
                  position === index && !byStylesheet
                    ? 'w-5 bg-brand-700'
                    : 'w-2 bg-line-strong group-hover:bg-ink-subtle',
                )}
              />
              {byStylesheet ? (
                // The stylesheet shows the current image's wide dot over its small one.
                <span
                  aria-hidden="true"
                  {...slotProps(true, position)}
                  className={cn(
                    'absolute h-2 w-5 rounded-full bg-brand-700',
                    position === index ? 'opacity-100' : 'opacity-0',
                  )}
                />
              ) : null}
            </button>
          ))}
        </div>
      </div>
    </figure>
  )
}

/** The image's name, and for screen readers its place among the others. */
function captionOf(image: ProductImage, position: number, count: number) {
  return (
    <>
      {image.name}
      <span className="sr-only">{`, image ${position + 1} of ${count}`}</span>
    </>
  )
}

/** A part's place in the stylesheet's turn (styles.css `hero-*`), while it is the one turning. */
function slotProps(byStylesheet: boolean, position: number) {
  return byStylesheet
    ? { 'data-hero-slot': position, style: { '--hero-slot': position } as React.CSSProperties }
    : {}
}

export { HeroCarousel }

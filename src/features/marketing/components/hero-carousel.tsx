import { Pause, Play } from 'lucide-react'
import * as React from 'react'
import {
  HERO_IMAGES,
  IMAGE_HEIGHT,
  IMAGE_WIDTH,
  type ProductImage,
} from '@/features/marketing/components/product-images'
import { useHeroRotation } from '@/features/marketing/components/use-hero-rotation'
import { HERO_INTERVAL_MS } from '@/features/marketing/model/home-content'
import { cn } from '@/lib/utils'

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
 * handover neither holds an image longer nor steps back.
 */
function HeroCarousel({
  images = HERO_IMAGES,
  startAt = 0,
  intervalMs = HERO_INTERVAL_MS,
  className,
}: HeroCarouselProps) {
  const { index, setIndex, shown, paused, setPaused, setHeld, rotating, byStylesheet, figureRef } =
    useHeroRotation({ count: images.length, startAt, intervalMs })
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
      <HeroImages images={images} index={index} shown={shown} byStylesheet={byStylesheet} />
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
        <PauseButton paused={paused} onToggle={() => setPaused((value) => !value)} />
        <HeroDots images={images} index={index} byStylesheet={byStylesheet} onChoose={setIndex} />
      </div>
    </figure>
  )
}

type ImagesProps = { images: readonly ProductImage[]; index: number; shown: number; byStylesheet: boolean }

/** The pictures, stacked: the one shown opaque; only the current one is named to screen readers. */
function HeroImages({ images, index, shown, byStylesheet }: ImagesProps) {
  return (
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
  )
}

/** Pause stops the rotation for good (WCAG 2.2.2); Play starts it again. */
function PauseButton({ paused, onToggle }: { paused: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-label={paused ? 'Play the rotation' : 'Pause the rotation'}
      className="flex size-8 cursor-pointer items-center justify-center rounded-full border border-line bg-surface text-ink-muted hover:text-ink focus-visible:focus-ring"
    >
      {paused ? (
        <Play aria-hidden="true" className="size-3.5" />
      ) : (
        <Pause aria-hidden="true" className="size-3.5" />
      )}
    </button>
  )
}

type DotsProps = {
  images: readonly ProductImage[]
  index: number
  byStylesheet: boolean
  onChoose: (position: number) => void
}

/** A dot per image, the current one wide; choosing one shows its image. */
function HeroDots({ images, index, byStylesheet, onChoose }: DotsProps) {
  return (
    <div role="group" aria-label="Choose an image" className="flex items-center">
      {images.map((image, position) => (
        <button
          key={image.id}
          type="button"
          aria-label={`Show ${image.name}, image ${position + 1} of ${images.length}`}
          aria-current={position === index ? 'true' : undefined}
          onClick={() => onChoose(position)}
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

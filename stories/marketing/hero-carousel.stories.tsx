import preview from '#.storybook/preview'
import { storyClock } from '#.storybook/clock'
import { expect, waitFor, within } from 'storybook/test'
import { HeroCarousel } from '@/features/marketing/components/hero-carousel'
import { HERO_IMAGES } from '@/features/marketing/components/product-images'

/**
 * The home page's product image (spec §1, §9: every 1200 ms across 8 images). Each story runs on
 * a manual clock (src/lib/clock.tsx): nothing moves until the play function advances it.
 */
const meta = preview.meta({
  title: 'Marketing/Hero carousel',
  component: HeroCarousel,
  parameters: { layout: 'centered', clock: 'manual' },
})

const currentImage = (canvasElement: HTMLElement) => within(canvasElement).getByRole('img')

/** The tick's state update renders on React's schedule, so the check waits for it. */
const expectImage = (canvasElement: HTMLElement, position: number) =>
  waitFor(() => expect(currentImage(canvasElement)).toHaveAccessibleName(HERO_IMAGES[position]!.alt))

const at = (position: number) =>
  meta.story({
    name: `Image ${position + 1} of 8`,
    args: { startAt: position },
    play: async ({ canvasElement, canvas }) => {
      const image = HERO_IMAGES[position]!
      await expectImage(canvasElement, position)
      await expect(
        canvas.getByRole('button', { name: `Show ${image.name}, image ${position + 1} of 8` }),
      ).toHaveAttribute('aria-current', 'true')
    },
  })

export const Image1 = at(0)
export const Image2 = at(1)
export const Image3 = at(2)
export const Image4 = at(3)
export const Image5 = at(4)
export const Image6 = at(5)
export const Image7 = at(6)
export const Image8 = at(7)

/** The image changes at 1200 ms, not at 1199, and comes back to the first after the eighth. */
export const RotatesEvery1200ms = meta.story({
  name: 'Rotates every 1200 ms',
  play: async ({ canvasElement, step }) => {
    const clock = storyClock()
    await waitFor(() => expect(clock.pending).toBe(1))
    await step('1199 ms: still the first', async () => {
      clock.advance(1199)
      await expectImage(canvasElement, 0)
    })
    await step('1200 ms: the second', async () => {
      clock.advance(1)
      await expectImage(canvasElement, 1)
    })
    await step('seven more turns: back to the first', async () => {
      for (let turn = 0; turn < 7; turn += 1) clock.advance(1200)
      await expectImage(canvasElement, 0)
    })
  },
})

/** Pause stops the rotation (WCAG 2.2.2) and announces the image; Play starts it again. */
export const Paused = meta.story({
  name: 'Paused',
  play: async ({ canvas, canvasElement, userEvent }) => {
    const clock = storyClock()
    await userEvent.click(canvas.getByRole('button', { name: 'Pause the rotation' }))
    // The pointer rests on the carousel after the click, which also holds it: move it away.
    await userEvent.unhover(canvasElement.querySelector('figure')!)
    ;(canvas.getByRole('button', { name: 'Play the rotation' }) as HTMLElement).blur()
    await expect(clock.pending).toBe(0)
    clock.advance(5000)
    await expectImage(canvasElement, 0)
    await expect(canvasElement.querySelector('figcaption')).toHaveAttribute('aria-live', 'polite')
    await userEvent.click(canvas.getByRole('button', { name: 'Play the rotation' }))
    await userEvent.unhover(canvasElement.querySelector('figure')!)
    ;(canvas.getByRole('button', { name: 'Pause the rotation' }) as HTMLElement).blur()
    await waitFor(() => expect(clock.pending).toBe(1))
    clock.advance(1200)
    await expectImage(canvasElement, 1)
  },
})

/** A dot shows its image at once; while keyboard focus is in the carousel it holds still. */
export const ChooseAnImage = meta.story({
  name: 'Choose an image',
  play: async ({ canvas, canvasElement, userEvent }) => {
    const clock = storyClock()
    const dot = canvas.getByRole('button', { name: 'Show OLT, image 6 of 8' })
    dot.focus()
    await userEvent.keyboard('{Enter}')
    await expectImage(canvasElement, 5)
    await expect(canvas.getByText('OLT')).toBeVisible()
    await expect(clock.pending).toBe(0)
    clock.advance(3600)
    await expectImage(canvasElement, 5)
  },
})

import preview from '#.storybook/preview'
import { expect } from 'storybook/test'
import { Spinner } from '@/components/ui/spinner'

const meta = preview.meta({
  title: 'UI/Spinner',
  component: Spinner,
})

/** Decorative: hidden from screen readers and skipped by Tab; the busy element says what is loading. */
export const Default = meta.story({
  name: 'Default',
  render: () => (
    <p className="flex items-center gap-2 text-small" role="status">
      <Spinner /> Loading certification runs…
    </p>
  ),
  play: async ({ canvas, canvasElement, userEvent }) => {
    const icon = canvasElement.querySelector('[data-slot="spinner"]') as SVGElement
    await expect(icon).toHaveAttribute('aria-hidden', 'true')
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading certification runs…')
    await userEvent.tab()
    await expect(document.activeElement).toBe(document.body)
  },
})

export const Sizes = meta.story({
  name: 'Sizes',
  render: () => (
    <div className="flex items-center gap-4 text-brand-700" role="status" aria-label="Loading">
      <Spinner className="size-4" />
      <Spinner className="size-6" />
      <Spinner className="size-8" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const sizes = [...canvasElement.querySelectorAll('[data-slot="spinner"]')].map((icon) =>
      Math.round(icon.getBoundingClientRect().width),
    )
    await expect(sizes).toEqual([16, 24, 32])
  },
})

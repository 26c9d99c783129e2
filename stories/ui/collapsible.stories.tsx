import preview from '#.storybook/preview'
import type * as React from 'react'
import { expect, fn, waitFor } from 'storybook/test'
import { Collapsible, CollapsibleContent, DisclosureToggle } from '@/components/ui/collapsible'

const meta = preview.meta({
  title: 'UI/Collapsible',
  component: Collapsible,
  subcomponents: { DisclosureToggle, CollapsibleContent },
  args: { onOpenChange: fn() },
})

type DeviceClass = { name: string; summary: string; more: string }

const MESH: DeviceClass = {
  name: 'Wi-Fi Mesh Device',
  summary: 'Mesh systems spread one Wi-Fi network across a home with several access points.',
  more:
    'Certification checks backhaul failover, roaming between nodes without dropped calls, band steering and ' +
    'that every node runs the same approved firmware.',
}

const ONT: DeviceClass = {
  name: 'ONT',
  summary: 'An optical network terminal brings the fibre connection into the customer premises.',
  more:
    'We test GPON and XGS-PON registration with the OLT, OMCI provisioning, VoIP ports and the upgrade path ' +
    'from the previous firmware release.',
}

/** A home-page device class: summary, toggle, and the longer description it reveals (spec §1). */
function DeviceClassCard({
  device,
  moreLabel,
  lessLabel,
  ...props
}: React.ComponentProps<typeof Collapsible> & {
  device: DeviceClass
  moreLabel?: string
  lessLabel?: string
}) {
  return (
    <Collapsible
      {...props}
      className="flex max-w-md flex-col gap-2 rounded-card border border-line bg-surface p-4"
    >
      <h3 className="text-body font-semibold text-ink">{device.name}</h3>
      <p className="text-small text-ink-muted">{device.summary}</p>
      <CollapsibleContent>
        <p className="text-small text-ink">{device.more}</p>
      </CollapsibleContent>
      <DisclosureToggle className="self-start" moreLabel={moreLabel} lessLabel={lessLabel} />
    </Collapsible>
  )
}

function animationsDone(element: Element) {
  return Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished))
}

/** Closed: the toggle reads Learn more, is collapsed, and the longer text is not shown. */
export const Closed = meta.story({
  name: 'Closed',
  render: (args) => <DeviceClassCard {...args} device={MESH} />,
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.tab()
    const toggle = canvas.getByRole('button', { name: 'Learn more' })
    await expect(toggle).toHaveFocus()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(canvas.queryByText(/backhaul failover/)).not.toBeInTheDocument()
    await expect(args.onOpenChange).not.toHaveBeenCalled()
  },
})

/** Enter on Learn more shows the text and the toggle reads Learn less; Enter again hides it. */
export const Toggle = meta.story({
  name: 'Toggle',
  render: (args) => <DeviceClassCard {...args} device={MESH} />,
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.tab()
    const toggle = canvas.getByRole('button', { name: 'Learn more' })
    await userEvent.keyboard('{Enter}')
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await expect(toggle).toHaveAccessibleName('Learn less')
    await waitFor(() => expect(canvas.getByText(/backhaul failover/)).toBeVisible())
    await expect(toggle).toHaveAttribute(
      'aria-controls',
      canvas.getByText(/backhaul failover/).parentElement?.id,
    )
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(true)

    await userEvent.keyboard('{Enter}')
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(toggle).toHaveAccessibleName('Learn more')
    await waitFor(() => expect(canvas.queryByText(/backhaul failover/)).not.toBeInTheDocument())
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false)
    await expect(toggle).toHaveFocus()
  },
})

/** Open, as left by a keyboard user: the text is shown and the toggle reads Learn less. */
export const Open = meta.story({
  name: 'Open',
  args: { defaultOpen: true },
  render: (args) => <DeviceClassCard {...args} device={MESH} />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab()
    const toggle = canvas.getByRole('button', { name: 'Learn less' })
    await expect(toggle).toHaveFocus()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await expect(canvas.getByText(/backhaul failover/)).toBeVisible()
  },
})

/** Device certifications use Read More / Read Less; Space toggles as well as Enter. */
export const ReadMore = meta.story({
  name: 'Read more',
  render: (args) => <DeviceClassCard {...args} device={ONT} moreLabel="Read More" lessLabel="Read Less" />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab()
    const toggle = canvas.getByRole('button', { name: 'Read More' })
    await expect(toggle).toHaveFocus()
    await userEvent.keyboard(' ')
    await expect(toggle).toHaveAccessibleName('Read Less')
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await waitFor(() => expect(canvas.getByText(/OMCI provisioning/)).toBeVisible())
    await userEvent.keyboard('{Enter}')
    await expect(toggle).toHaveAccessibleName('Read More')
    await waitFor(() => expect(canvas.queryByText(/OMCI provisioning/)).not.toBeInTheDocument())
  },
})

/** Keyboard focus shows the ring around the toggle. */
export const KeyboardFocus = meta.story({
  name: 'Keyboard focus',
  render: (args) => <DeviceClassCard {...args} device={MESH} />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab()
    const toggle = canvas.getByRole('button', { name: 'Learn more' })
    await expect(toggle.matches(':focus-visible')).toBe(true)
    await expect(getComputedStyle(toggle).outlineStyle).toBe('solid')
  },
})

/** Each device class opens on its own: opening the second leaves the first open. */
export const Independent = meta.story({
  name: 'Independent',
  render: (args) => (
    <div className="flex flex-col gap-3">
      <DeviceClassCard {...args} device={MESH} />
      <DeviceClassCard device={ONT} />
    </div>
  ),
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab()
    await userEvent.keyboard('{Enter}')
    await userEvent.tab()
    await userEvent.keyboard('{Enter}')
    const toggles = canvas.getAllByRole('button', { name: 'Learn less' })
    await expect(toggles).toHaveLength(2)
    for (const toggle of toggles) await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await waitFor(() => expect(canvas.getByText(/backhaul failover/)).toBeVisible())
    await expect(canvas.getByText(/OMCI provisioning/)).toBeVisible()
  },
})

/** Long text: once open, the whole description shows, nothing clipped by the animation's overflow. */
export const LongText = meta.story({
  name: 'Long text',
  render: (args) => (
    <DeviceClassCard
      {...args}
      device={{
        ...MESH,
        more: Array.from({ length: 4 }, () => MESH.more).join(' '),
      }}
    />
  ),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.tab()
    await userEvent.keyboard('{Enter}')
    const text = await canvas.findByText(/backhaul failover/)
    const content = canvasElement.querySelector('[data-slot="collapsible-content"]') as HTMLElement
    await animationsDone(content)
    await expect(content.clientHeight).toBeGreaterThanOrEqual(text.getBoundingClientRect().height)
    await expect(content.scrollHeight).toBeLessThanOrEqual(content.clientHeight)
    await expect(canvas.getByRole('button', { name: 'Learn less' })).toHaveFocus()
  },
})

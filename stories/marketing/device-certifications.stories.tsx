import preview from '#.storybook/preview'
import { expect, waitFor, within } from 'storybook/test'
import { DeviceCertifications, INTRO_ID } from '@/features/marketing/components/device-certifications'
import { DisclosureCard } from '@/features/marketing/components/disclosure-card'
import { CERTIFICATION_CLASSES } from '@/features/marketing/model/device-certifications'

/** The device certifications page (spec §2): Read More on the text and on each device-class card. */
/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `\`/device-certifications\`, a public page on what certification means: an introduction whose Read More
tells how a run goes, and one card per device class (Wi-Fi routers, Wi-Fi mesh devices, set-top
boxes, ONT, OLT, ONU) that opens on its own to say what the lab tests.`

const meta = preview.meta({
  title: 'Marketing/Device certifications',
  component: DeviceCertifications,
  // Each expandable card is the shared Learn more / Read More card.
  subcomponents: { DisclosureCard },
  parameters: { layout: 'padded', docs: { description: { component: ABOUT } } },
})

const cardOf = (canvasElement: HTMLElement, title: string) =>
  within(within(canvasElement).getByRole('heading', { level: 3, name: title }).closest('li') as HTMLElement)

/** Everything closed: the six cards of the specification, each with its Read More. */
export const Closed = meta.story({
  name: 'Closed',
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Wi-Fi Routers',
      'Wi-Fi Mesh Devices',
      'Set-top boxes',
      'ONT',
      'OLT',
      'ONU',
    ])
    const toggles = canvas.getAllByRole('button', { name: 'Read More' })
    await expect(toggles).toHaveLength(7)
    for (const toggle of toggles) await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(canvas.queryByText('What the lab tests')).not.toBeInTheDocument()
  },
})

/** Read More on the introduction shows how a run goes; Read Less hides it again. */
export const IntroReadMore = meta.story({
  name: 'Intro read more',
  play: async ({ canvas, userEvent }) => {
    const [intro] = canvas.getAllByRole('button', { name: 'Read More' })
    await userEvent.click(intro as HTMLElement)
    await expect(intro).toHaveAttribute('aria-expanded', 'true')
    await expect(intro).toHaveAccessibleName('Read Less')
    await expect(canvas.getByText(/runs wait in status Maintenance/)).toBeVisible()
    await userEvent.click(intro as HTMLElement)
    await expect(intro).toHaveAccessibleName('Read More')
    // The text leaves the page when its closing animation ends.
    await waitFor(() => expect(canvas.queryByText(/runs wait in status Maintenance/)).not.toBeInTheDocument())
  },
})

/** Each card opens on its own, by keyboard: what the lab tests for that device class. */
export const EachCardOpens = meta.story({
  name: 'Each card opens',
  play: async ({ canvasElement, userEvent }) => {
    for (const item of CERTIFICATION_CLASSES) {
      const card = cardOf(canvasElement, item.title)
      const toggle = card.getByRole('button', { name: 'Read More' })
      await expect(toggle).toHaveAccessibleDescription(item.title)
      toggle.focus()
      await userEvent.keyboard('{Enter}')
      await expect(toggle).toHaveAttribute('aria-expanded', 'true')
      for (const detail of item.details) await expect(card.getByText(detail)).toBeVisible()
    }
  },
})

/** All open at first (the state a reader reaches after reading everything). */
export const AllOpen = meta.story({
  name: 'All open',
  args: { defaultOpen: [INTRO_ID, ...CERTIFICATION_CLASSES.map((item) => item.id)] },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('button', { name: 'Read Less' })).toHaveLength(7)
    await expect(canvas.getAllByText('What the lab tests')).toHaveLength(6)
  },
})

export const Phone = meta.story({
  name: 'Phone',
  globals: { viewport: { value: 'phone' } },
  args: { defaultOpen: ['set-top-boxes'] },
  play: async ({ canvasElement }) => {
    await expect(
      cardOf(canvasElement, 'Set-top boxes').getByText('Channel change time over 50 zaps'),
    ).toBeVisible()
  },
})

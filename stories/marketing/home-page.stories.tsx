import preview from '#.storybook/preview'
import { expect, waitFor, within } from 'storybook/test'
import { HomePage } from '@/features/marketing/components/home-page'
import { BENEFITS, DEVICE_CLASS_STORIES } from '@/features/marketing/model/home-content'
import { loggedInAs, loggedOut } from '../support/session'

/** The home page (spec §1, §2): hero, the nine benefits, the portfolio cards and a Learn more per device class. */
/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `The home page at \`/\`, the first page a visitor sees: the hero with its rotating product image, the
nine benefits, the device classes with Learn more and Learn less, and the three portfolio cards. A
visitor's card leads to the portfolio manager landing, a logged-in member's to the portfolio form at
that section.`

const meta = preview.meta({
  title: 'Marketing/Home page',
  component: HomePage,
  // The hero stays on its first image: nothing moves the story's manual clock.
  parameters: { layout: 'fullscreen', clock: 'manual', docs: { description: { component: ABOUT } } },
  beforeEach: loggedOut,
})

const TYPES = ['organization-portfolio', 'line-of-business-portfolio', 'device-portfolio'] as const
const cardLinks = (canvasElement: HTMLElement) =>
  TYPES.map((type) => canvasElement.querySelector<HTMLAnchorElement>(`a[data-portfolio="${type}"]`)!)
const classCard = (canvasElement: HTMLElement, title: string) =>
  within(within(canvasElement).getByRole('heading', { level: 3, name: title }).closest('li') as HTMLElement)

/** A visitor: the three sections, nine benefits in order, cards leading to the portfolio manager landing. */
export const Visitor = meta.story({
  name: 'Visitor',
  play: async ({ canvas, canvasElement }) => {
    for (const id of ['home', 'portfolio-manager', 'device-certifications']) {
      await expect(canvasElement.querySelector(`section#${id}`)).not.toBeNull()
    }
    const benefits = within(canvas.getByRole('list', { name: 'Why certify with us' })).getAllByRole(
      'heading',
      { level: 3 },
    )
    await expect(benefits.map((heading) => heading.textContent)).toEqual(
      BENEFITS.map((benefit) => benefit.title),
    )
    await expect(benefits).toHaveLength(9)
    await expect(cardLinks(canvasElement).map((link) => link.getAttribute('href'))).toEqual([
      '/portfolio-manager?portfolio=organization-portfolio',
      '/portfolio-manager?portfolio=line-of-business-portfolio',
      '/portfolio-manager?portfolio=device-portfolio',
    ])
  },
})

/** Logged in: the same cards lead to the portfolio form at their section. */
export const LoggedIn = meta.story({
  name: 'Logged in',
  beforeEach: loggedInAs('v-nokia'),
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(cardLinks(canvasElement).map((link) => link.getAttribute('href'))).toEqual([
        '/portfolio?portfolio=organization-portfolio',
        '/portfolio?portfolio=line-of-business-portfolio',
        '/portfolio?portfolio=device-portfolio',
      ]),
    )
  },
})

/** Every device class closed, then each Learn more opened and closed again by keyboard. */
export const LearnMoreClosed = meta.story({
  name: 'Learn more closed',
  play: async ({ canvasElement, userEvent }) => {
    for (const story of DEVICE_CLASS_STORIES) {
      const card = classCard(canvasElement, story.title)
      const toggle = card.getByRole('button', { name: 'Learn more' })
      await expect(toggle).toHaveAttribute('aria-expanded', 'false')
      await expect(card.queryByText(story.more[0]!)).toBeNull()
      toggle.focus()
      await userEvent.keyboard('{Enter}')
      await expect(card.getByRole('button', { name: 'Learn less' })).toHaveAttribute('aria-expanded', 'true')
      await expect(card.getByText(story.more[0]!)).toBeVisible()
      await userEvent.keyboard(' ')
      await waitFor(() => expect(card.queryByText(story.more[0]!)).toBeNull())
      await expect(card.getByRole('button', { name: 'Learn more' })).toHaveFocus()
    }
  },
})

/** Every Learn more open: the longer descriptions and Learn less on each card. */
export const LearnMoreOpen = meta.story({
  name: 'Learn more open',
  args: { defaultOpen: DEVICE_CLASS_STORIES.map((story) => story.id) },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getAllByRole('button', { name: 'Learn less' })).toHaveLength(
      DEVICE_CLASS_STORIES.length,
    )
    for (const story of DEVICE_CLASS_STORIES) {
      for (const paragraph of story.more)
        await expect(classCard(canvasElement, story.title).getByText(paragraph)).toBeVisible()
    }
  },
})

/** On a phone the hero stacks above the image and the cards take the full width. */
export const Phone = meta.story({
  name: 'Phone',
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', {
        level: 1,
        name: 'Certify your telecom devices, from first form to certificate',
      }),
    ).toBeVisible()
  },
})

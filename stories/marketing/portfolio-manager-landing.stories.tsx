import preview from '#.storybook/preview'
import { expect, waitFor, within } from 'storybook/test'
import { PortfolioManagerLanding } from '@/features/marketing/components/portfolio-manager-landing'
import { DEVICE_KINDS, PORTFOLIO_EXPLANATIONS } from '@/features/marketing/model/portfolio-manager-content'
import { loggedInAs, loggedOut } from '../support/session'

/**
 * The portfolio manager landing (spec §2): the main button's label follows the stored flags, its
 * target the stored login message; the explanations open with Learn more; the device cards.
 */
/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `\`/portfolio-manager\`, for a vendor about to describe their organization and devices. The main button
reads Create Portfolio, View Portfolio (a draft was saved) or Add New Portfolio (a request was
submitted and no draft waits), and opens the form when logged in, the login otherwise. The three
portfolios are explained with Learn more and Learn less, then cards show the device kinds.`

const meta = preview.meta({
  title: 'Marketing/Portfolio manager landing',
  component: PortfolioManagerLanding,
  parameters: { layout: 'padded', docs: { description: { component: ABOUT } } },
  beforeEach: loggedOut,
})

const expectButton = (canvasElement: HTMLElement, label: string, href: string) =>
  waitFor(() =>
    expect(within(canvasElement).getByRole('link', { name: label })).toHaveAttribute('href', href),
  )

/** A visitor: Create Portfolio, which asks to log in first. */
export const CreatePortfolioVisitor = meta.story({
  name: 'Create portfolio visitor',
  play: async ({ canvasElement }) => {
    await expectButton(canvasElement, 'Create Portfolio', '/login?from=create-portfolio')
  },
})

/** Logged in with nothing saved or submitted (Zyxel): Create Portfolio, straight to the form. */
export const CreatePortfolioLoggedIn = meta.story({
  name: 'Create portfolio logged in',
  beforeEach: loggedInAs('v-zyxel'),
  play: async ({ canvasElement }) => {
    await expectButton(canvasElement, 'Create Portfolio', '/portfolio')
  },
})

/** A previous request was saved (Sagemcom): View Portfolio. */
export const ViewPortfolio = meta.story({
  name: 'View portfolio',
  beforeEach: loggedInAs('v-sagemcom'),
  play: async ({ canvasElement }) => {
    await expectButton(canvasElement, 'View Portfolio', '/portfolio')
  },
})

/** Submitted data and no pending draft (Nokia): Add New Portfolio. */
export const AddNewPortfolio = meta.story({
  name: 'Add new portfolio',
  beforeEach: loggedInAs('v-nokia'),
  play: async ({ canvasElement }) => {
    await expectButton(canvasElement, 'Add New Portfolio', '/portfolio')
  },
})

/** Stored data whose message is not 'Login is successful': the label keeps the flags, the target is /login. */
export const StoredMessageNotSuccessful = meta.story({
  name: 'Stored message not successful',
  beforeEach: loggedInAs('v-nokia', { message: 'Session expired' }),
  play: async ({ canvasElement }) => {
    await expectButton(canvasElement, 'Add New Portfolio', '/login?from=create-portfolio')
  },
})

/** The three explanations closed, each opened and closed with its Learn more. */
export const ExplanationsClosed = meta.story({
  name: 'Explanations closed',
  play: async ({ canvasElement, userEvent }) => {
    for (const explanation of PORTFOLIO_EXPLANATIONS) {
      const card = within(canvasElement.querySelector<HTMLElement>(`#${explanation.type}`)!)
      await expect(card.getByRole('heading', { level: 3, name: explanation.title })).toBeVisible()
      await expect(card.queryByText(explanation.more[0]!)).toBeNull()
      await userEvent.click(card.getByRole('button', { name: 'Learn more' }))
      await expect(card.getByText(explanation.more[0]!)).toBeVisible()
      await userEvent.click(card.getByRole('button', { name: 'Learn less' }))
      await waitFor(() => expect(card.queryByText(explanation.more[0]!)).toBeNull())
    }
  },
})

/** Every explanation open. */
export const ExplanationsOpen = meta.story({
  name: 'Explanations open',
  args: { defaultOpen: PORTFOLIO_EXPLANATIONS.map((explanation) => explanation.type) },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('button', { name: 'Learn less' })).toHaveLength(3)
  },
})

/** The device cards of the specification, then the two branded models, each with its picture. */
export const DeviceCards = meta.story({
  name: 'Device cards',
  play: async ({ canvas }) => {
    const list = canvas
      .getByRole('heading', { level: 2, name: 'Devices you can register' })
      .closest('section')!
    const titles = within(list)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent)
    await expect(titles).toEqual(DEVICE_KINDS.map((kind) => kind.title))
    await expect(titles.slice(0, 6)).toEqual([
      'Routers',
      'Wi-Fi Extender',
      'Wi-Fi Mesh Device',
      'ONU',
      'OLT',
      'ONT',
    ])
    await expect(within(list).getAllByRole('img')).toHaveLength(8)
  },
})

/** Opened from a home-page card (?portfolio=device-portfolio): that explanation is marked. */
export const FromHomePageCard = meta.story({
  name: 'From home page card',
  args: { portfolio: 'device-portfolio' },
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(canvasElement.querySelector('#device-portfolio')).toHaveAttribute('data-marked', 'true'),
    )
    await expect(canvasElement.querySelector('#organization-portfolio')).not.toHaveAttribute('data-marked')
  },
})

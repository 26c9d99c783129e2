import preview from '#.storybook/preview'
import { expect, waitFor, within } from 'storybook/test'
import { HELP_SEARCH_PLACEHOLDER, HelpCenter } from '@/features/help-center/components/help-center'

/** The help center of spec §2: search by title or answer text, four groups, one open topic per group. */
/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `\`/help-center\`, public: four groups of questions and answers, and a search box ('How can we help
you?') that filters them by title or answer text, whatever the case. One topic is open at a time in
each group. When nothing matches the page says so, offers a way to contact us, and Clear search
brings everything back.`

const meta = preview.meta({
  title: 'Help center/Help center',
  component: HelpCenter,
  parameters: { layout: 'padded', docs: { description: { component: ABOUT } } },
})

const groupNamed = (canvasElement: HTMLElement, name: string) =>
  within(within(canvasElement).getByRole('region', { name }))

/** Everything shown: the four groups in the specification's order, every topic closed. */
export const AllTopics = meta.story({
  name: 'All topics',
  play: async ({ canvas }) => {
    const search = canvas.getByRole('searchbox', { name: 'Search the help center' })
    await expect(search).toHaveAttribute('placeholder', HELP_SEARCH_PLACEHOLDER)
    await expect(canvas.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Resolve common issues',
      'Get help with your products and services',
      'Troubleshooting questions',
      'FAQ',
    ])
    await expect(canvas.getAllByRole('button', { expanded: false })).toHaveLength(16)
    await expect(canvas.getByText('16 answers in 4 groups.')).toBeVisible()
  },
})

/** A query that matches a title, typed in capitals: only Billing and payments is left. */
export const MatchByTitle = meta.story({
  name: 'Match by title',
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('searchbox'), 'BILLING')
    await waitFor(() => expect(canvas.getByText('1 answer matches “BILLING”.')).toBeVisible())
    await expect(canvas.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Resolve common issues',
    ])
    await expect(canvas.getByRole('button', { name: 'Billing and payments' })).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Check network status' })).not.toBeInTheDocument()
  },
})

/** A query found only in an answer's text: the topic whose answer says it is shown. */
export const MatchByAnswerText = meta.story({
  name: 'Match by answer text',
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('searchbox'), '6-digit code')
    await waitFor(() => expect(canvas.getByText('1 answer matches “6-digit code”.')).toBeVisible())
    const topic = canvas.getByRole('button', { name: 'Account and login help' })
    await userEvent.click(topic)
    await expect(topic).toHaveAttribute('aria-expanded', 'true')
    await expect(canvas.getByText(/we mail you a 6-digit code that is valid for 10 minutes/)).toBeVisible()
  },
})

/** Nothing matches: a clear message, a way to contact us, and Clear search brings everything back. */
export const NoMatch = meta.story({
  name: 'No match',
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('searchbox'), 'quantum teleport')
    await expect(
      await canvas.findByRole('heading', { name: 'No answers match “quantum teleport”' }),
    ).toBeVisible()
    await expect(canvas.getByText('0 answers match “quantum teleport”.')).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'contact us' })).toHaveAttribute('href', '/contact-us')
    await userEvent.click(canvas.getByRole('button', { name: 'Clear search' }))
    await expect(canvas.getByRole('searchbox')).toHaveValue('')
    await waitFor(() => expect(canvas.getAllByRole('heading', { level: 2 })).toHaveLength(4))
  },
})

/** One topic open at a time per group; opening a topic in another group leaves the first open. */
export const OneOpenPerGroup = meta.story({
  name: 'One open per group',
  play: async ({ canvas, canvasElement, userEvent }) => {
    const common = groupNamed(canvasElement, 'Resolve common issues')
    const faq = groupNamed(canvasElement, 'FAQ')
    const billing = common.getByRole('button', { name: 'Billing and payments' })
    const network = common.getByRole('button', { name: 'Check network status' })
    await userEvent.click(billing)
    await expect(billing).toHaveAttribute('aria-expanded', 'true')
    await userEvent.click(network)
    await expect(network).toHaveAttribute('aria-expanded', 'true')
    await expect(billing).toHaveAttribute('aria-expanded', 'false')
    const secure = faq.getByRole('button', { name: 'How do I secure my device?' })
    await userEvent.click(secure)
    await expect(secure).toHaveAttribute('aria-expanded', 'true')
    await expect(network).toHaveAttribute('aria-expanded', 'true')
    // By keyboard: the next topic's trigger takes focus with Arrow Down and opens with Enter.
    network.focus()
    await userEvent.keyboard('{ArrowDown}{Enter}')
    await expect(common.getByRole('button', { name: 'Fix wi-fi issues' })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
    await expect(canvas.getAllByRole('button', { expanded: true })).toHaveLength(2)
  },
})

/** At phone width the groups stack in one column and the search box spans the screen. */
export const Phone = meta.story({
  name: 'Phone',
  globals: { viewport: { value: 'phone' } },
  args: { defaultQuery: 'router' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('searchbox')).toHaveValue('router')
    await expect(canvas.getByRole('button', { name: 'My router is not connecting' })).toBeVisible()
  },
})

import preview from '#.storybook/preview'
import { expect } from 'storybook/test'
import { ContactUs } from '@/features/marketing/components/contact-us'
import { DEFAULT_SUPPORT_EMAIL } from '@/lib/config'

/** Contact Us (spec §2): a link to the help center and the support address opening a mail composer. */
/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `\`/contact-us\`, public: a link to the help center and the support address, which opens the visitor's
mail composer. A deployment may set its own address.`

const meta = preview.meta({
  title: 'Marketing/Contact us',
  component: ContactUs,
  parameters: { layout: 'padded', docs: { description: { component: ABOUT } } },
})

export const Default = meta.story({
  name: 'Default',
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Go to the Help Center' })).toHaveAttribute(
      'href',
      '/help-center',
    )
    await expect(canvas.getByRole('link', { name: DEFAULT_SUPPORT_EMAIL })).toHaveAttribute(
      'href',
      `mailto:${DEFAULT_SUPPORT_EMAIL}?subject=Device%20certification%20support`,
    )
  },
})

/** A deployment's own address (VITE_SUPPORT_EMAIL); Tab reaches the help center, then the address. */
export const ConfiguredAddress = meta.story({
  name: 'Configured address',
  args: { supportEmail: 'certification-support@lab.test' },
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab()
    await expect(canvas.getByRole('link', { name: 'Go to the Help Center' })).toHaveFocus()
    await userEvent.tab()
    const address = canvas.getByRole('link', { name: 'certification-support@lab.test' })
    await expect(address).toHaveFocus()
    await expect(address.getAttribute('href')).toMatch(/^mailto:certification-support@lab\.test\?subject=/)
  },
})

export const Phone = meta.story({
  name: 'Phone',
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Find an answer',
      'Write to support',
    ])
  },
})

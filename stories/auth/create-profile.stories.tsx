import preview from '#.storybook/preview'
import { expect, within } from 'storybook/test'
import { CreateProfilePage } from '@/features/auth/components/create-profile-page'

/** /create-profile in the real route tree (spec §2): what a vendor profile gives, what it asks for, and Register. */
/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `\`/create-profile\`, for a visitor without an account: what a profile gives and what registering asks
for, with Register leading to the registration form and 'Already registered? Sign in' to the login.`

const meta = preview.meta({
  title: 'Auth/Create profile',
  component: CreateProfilePage,
  parameters: {
    layout: 'fullscreen',
    router: { app: true, url: '/create-profile' },
    docs: { description: { component: ABOUT } },
  },
  render: () => <></>,
})

/** What a profile gives and what registering asks for (spec §2, §3, §5). */
export const Default = meta.story({
  name: 'Default',
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Create your vendor profile' }),
    ).toBeVisible()
    const benefits = within(canvas.getByRole('region', { name: 'With a vendor profile you can' }))
    await expect(
      benefits.getAllByRole('listitem').map((item) => item.querySelector('p')?.textContent),
    ).toEqual(['Describe your portfolio', 'Start certification runs', 'Follow them on the dashboard'])
    const needs = within(canvas.getByRole('region', { name: 'What you need' }))
    await expect(needs.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Organization: the name your devices are sold under.',
      'Line of business: Wireline, Wireless or both.',
      'Contact: your name, e-mail address and phone number.',
      'Address: country, state and city.',
    ])
  },
})

/** Register opens the registration form (/create-profile/register). */
export const Register = meta.story({
  name: 'Register',
  play: async ({ canvas, userEvent }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Create your vendor profile' }),
    ).toBeVisible()
    const register = canvas.getByRole('link', { name: 'Register' })
    await expect(register).toHaveAttribute('href', '/create-profile/register')
    await userEvent.click(register)
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Register your organization' }),
    ).toBeVisible()
  },
})

/** 'Already registered? Sign in' opens /login. */
export const SignIn = meta.story({
  name: 'Sign in',
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Create your vendor profile' })
    // Case matters: the header's 'Sign In' is another link to the same place.
    const signIn = canvas.getByRole('link', { name: 'Sign in' })
    await expect(signIn).toHaveAttribute('href', '/login')
    await userEvent.click(signIn)
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
  },
})

/** At phone width the two parts stack and Register spans the card. */
export const Phone = meta.story({
  name: 'Phone',
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Create your vendor profile' })
    const [benefits, needs] = canvas.getAllByRole('heading', { level: 2 }) as [HTMLElement, HTMLElement]
    await expect(needs.getBoundingClientRect().top).toBeGreaterThan(benefits.getBoundingClientRect().bottom)
    const register = canvas.getByRole('link', { name: 'Register' })
    const row = register.parentElement as HTMLElement
    await expect(register.getBoundingClientRect().width).toBe(row.getBoundingClientRect().width)
  },
})

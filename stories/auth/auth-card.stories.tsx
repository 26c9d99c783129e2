import preview from '#.storybook/preview'
import { expect } from 'storybook/test'
import { Button } from '@/components/ui/button'
import { AuthCard } from '@/features/auth/components/auth-card'

/*
 * The frame of the account screens (login, registration, password pages): a card centred on a
 * quiet background with the page's heading, a lead, the form and links under it. The screens
 * themselves are under Auth/… at their URLs.
 */
const meta = preview.meta({
  title: 'Auth/Auth card',
  component: AuthCard,
  parameters: { layout: 'fullscreen' },
  args: {
    title: 'Sign in',
    lead: 'Use the email id you registered with.',
    children: (
      <div className="flex flex-col gap-3">
        <p className="text-body text-ink-muted">The form goes here.</p>
        <Button>Continue</Button>
      </div>
    ),
  },
})

/** Narrow, for one-column forms; the heading is the page's h1. */
export const Narrow = meta.story({
  name: 'Narrow',
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
    await expect(canvas.getByText('Use the email id you registered with.')).toBeVisible()
    await expect(canvas.getByRole('region', { name: 'Sign in' })).toBeVisible()
  },
})

/** The login screen's close icon leads home. */
export const CloseToHome = meta.story({
  name: 'Close to home',
  args: { closeToHome: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: /close/i })).toHaveAttribute('href', '/')
  },
})

/** Wide, for the registration form, with links under the card. */
export const WideWithFooter = meta.story({
  name: 'Wide with footer',
  args: {
    title: 'Create your profile',
    lead: undefined,
    width: 'wide',
    footer: (
      <p>
        Already registered? <a href="/login">Sign in</a>
      </p>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Create your profile' })).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login')
  },
})

import preview from '#.storybook/preview'
import { expect } from 'storybook/test'
import { PasswordResetPage } from '@/features/auth/components/password-reset-page'

/** /password-reset in the real route tree (spec §2): the end of the forgot flow, and the way back to login. */
/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `\`/password-reset\`, the last step of resetting a password: it says the password was changed, with
Back to login.`

const meta = preview.meta({
  title: 'Auth/Password reset',
  component: PasswordResetPage,
  parameters: {
    layout: 'fullscreen',
    router: { app: true, url: '/password-reset' },
    docs: { description: { component: ABOUT } },
  },
  render: () => <></>,
})

/** 'Back to login' opens /login. */
export const BackToLogin = meta.story({
  name: 'Back to login',
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Password reset' })).toBeVisible()
    await expect(
      canvas.getByText(
        'Your password has been changed. Sign in with your e-mail address and your new password.',
      ),
    ).toBeVisible()
    await expect(canvas.getByText('Password changed')).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'contact support' })).toHaveAttribute('href', '/contact-us')
    const back = canvas.getByRole('link', { name: 'Back to login' })
    await expect(back).toHaveAttribute('href', '/login')
    await userEvent.click(back)
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
  },
})

/** At phone width the button spans the card. */
export const Phone = meta.story({
  name: 'Phone',
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Password reset' })).toBeVisible()
    const back = canvas.getByRole('link', { name: 'Back to login' })
    const note = back.previousElementSibling as HTMLElement
    await expect(back.getBoundingClientRect().width).toBe(note.getBoundingClientRect().width)
    await expect(back.getBoundingClientRect().width).toBeGreaterThan(300)
  },
})

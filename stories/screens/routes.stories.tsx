import preview from '#.storybook/preview'
import { expect } from 'storybook/test'

/** The real route tree in a memory-history router: each route of spec §2 at its URL. */
const meta = preview.meta({
  title: 'Screens/Routes',
  parameters: { layout: 'fullscreen' },
  render: () => <></>,
})

const at = (url: string, heading: string) =>
  meta.story({
    parameters: { router: { app: true, url } },
    play: async ({ canvas }) => {
      await expect(await canvas.findByRole('heading', { level: 1, name: heading })).toBeVisible()
    },
  })

export const Home = at('/', 'Device certification for telecom vendors')
export const Login = at('/login?from=create-portfolio', 'Sign in')
export const CreateProfile = at('/create-profile', 'Create your vendor profile')
export const Register = at('/create-profile/register', 'Register your organization')
export const ForgotPassword = at('/forgot-password', 'Forgot password')
export const CheckMail = at('/check-mail', 'Check your mail')
export const PasswordReset = at('/password-reset', 'Password reset')
export const PortfolioManager = at('/portfolio-manager?portfolio=device-portfolio', 'Portfolio Manager')
export const DeviceCertifications = at('/device-certifications', 'Device Certifications')
export const ContactUs = at('/contact-us', 'Contact Us')
export const HelpCenter = at('/help-center', 'Help Center')
export const Portfolio = at('/portfolio?portfolio=device-portfolio', 'PORTFOLIO FORM')
export const Dashboard = at('/dashboard?search=ONT', 'Dashboard')

/** Spec §2: any other path redirects to /. */
export const UnknownPathRedirectsHome = at('/no-such-page', 'Device certification for telecom vendors')

/** The header navigates within the app: Contact Us from the home page, by keyboard. */
export const NavigateByKeyboard = meta.story({
  parameters: { router: { app: true, url: '/' } },
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Device certification for telecom vendors' })
    const links = canvas.getAllByRole('link', { name: 'Contact Us' })
    const visible = links.find((link) => link.getClientRects().length > 0) as HTMLElement
    visible.focus()
    await userEvent.keyboard('{Enter}')
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible()
  },
})

import preview from '#.storybook/preview'
import { expect, within } from 'storybook/test'
import { loggedInAs, loggedOut } from '../support/session'

/** The real route tree in a memory-history router: each route of spec §2 at its URL. */
const meta = preview.meta({
  title: 'Screens/Routes',
  parameters: { layout: 'fullscreen' },
  render: () => <></>,
})

const at = (url: string, heading: string, { loggedIn = false } = {}) =>
  meta.story({
    parameters: { router: { app: true, url } },
    beforeEach: loggedIn ? loggedInAs('v-nokia') : loggedOut,
    play: async ({ canvas }) => {
      await expect(await canvas.findByRole('heading', { level: 1, name: heading })).toBeVisible()
    },
  })

const HOME_HEADING = 'Certify your telecom devices, from first form to certificate'

export const Home = at('/', HOME_HEADING)
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
export const Portfolio = at('/portfolio?portfolio=device-portfolio', 'PORTFOLIO FORM', { loggedIn: true })
export const Dashboard = at('/dashboard?search=ONT', 'Dashboard', { loggedIn: true })

/** Spec §2: a protected route without stored login data redirects to /login. */
export const PortfolioLoggedOut = at('/portfolio', 'Sign in')
export const DashboardLoggedOut = at('/dashboard', 'Sign in')

/** Spec §2: any other path redirects to /. */
export const UnknownPathRedirectsHome = at('/no-such-page', HOME_HEADING)

/** The header navigates within the app: Contact Us from the home page, by keyboard. */
export const NavigateByKeyboard = meta.story({
  parameters: { router: { app: true, url: '/' } },
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('heading', {
      level: 1,
      name: 'Certify your telecom devices, from first form to certificate',
    })
    const links = canvas.getAllByRole('link', { name: 'Contact Us' })
    const visible = links.find((link) => link.getClientRects().length > 0) as HTMLElement
    visible.focus()
    await userEvent.keyboard('{Enter}')
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible()
  },
})

/** Decision 6: the header's search opens the dashboard with the text in its search parameter. */
export const HeaderSearchOpensDashboard = meta.story({
  parameters: { router: { app: true, url: '/' } },
  globals: { viewport: { value: 'desktop', isRotated: false } },
  beforeEach: loggedInAs('v-nokia'),
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('heading', { level: 1, name: HOME_HEADING })
    const search = within(canvas.getByRole('banner')).getByRole('searchbox', { name: 'Search devices' })
    await userEvent.type(search, '  Deco X50 {Enter}')
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
    const nav = canvas.getByRole('navigation', { name: 'Main' })
    await expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page')
    // The field shows what the dashboard searches for.
    await expect(
      within(canvas.getByRole('banner')).getByRole('searchbox', { name: 'Search devices' }),
    ).toHaveValue('Deco X50')
  },
})

/** A logged-in vendor's portfolio card opens the portfolio form at its section. */
export const LoggedInCardOpensPortfolioForm = meta.story({
  parameters: { router: { app: true, url: '/' } },
  beforeEach: loggedInAs('v-nokia'),
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('heading', { level: 1, name: HOME_HEADING })
    await userEvent.click(canvas.getByRole('link', { name: /Device portfolio/ }))
    await expect(await canvas.findByRole('heading', { level: 1, name: 'PORTFOLIO FORM' })).toBeVisible()
  },
})

/** A visitor's portfolio card opens the portfolio manager landing, which marks that portfolio. */
export const VisitorCardOpensLanding = meta.story({
  parameters: { router: { app: true, url: '/' } },
  beforeEach: loggedOut,
  play: async ({ canvas, canvasElement, userEvent }) => {
    await canvas.findByRole('heading', { level: 1, name: HOME_HEADING })
    await userEvent.click(canvas.getByRole('link', { name: /Line of business portfolio/ }))
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Portfolio Manager' })).toBeVisible()
    await expect(canvasElement.querySelector('#line-of-business-portfolio')).toHaveAttribute(
      'data-marked',
      'true',
    )
  },
})

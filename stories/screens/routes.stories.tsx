import preview from '#.storybook/preview'
import { expect, within } from 'storybook/test'
import { NOTIFICATIONS_PAGE_TITLE, UNSUBSCRIBE_PAGE_TITLE } from '@/contract/notifications'
import { DIRECTORY_TITLE } from '@/features/certificates/model/directory-text'
import { VERIFY_TITLE } from '@/features/certificates/model/verify-text'
import { FIXTURE_CERTIFICATE_NUMBERS } from '@/mocks/fixtures/certificates'
import { UNSUBSCRIBE_TOKENS } from '@/mocks/fixtures/notifications'
import { world } from '@/mocks/fixtures/world'
import { INVITATION_TOKENS } from '@/mocks/fixtures/team'
import { loggedInAs, loggedInAsLab, loggedInWithoutOrganization, loggedOut } from '../support/session'
import { expectPageHeading } from '../support/page'

/** The real route tree in a memory-history router: each route of spec §2 at its URL. */
/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `Every route of the app at its address, rendered by the real route tree, so a designer can open any
page as a vendor, a visitor or lab staff reaches it. Protected pages are shown logged in and logged
out (without a login they go to \`/login\`; any unknown path goes to \`/\`). The last stories follow the
header's links, its search and the portfolio cards.`

const meta = preview.meta({
  title: 'Screens/Routes',
  parameters: { layout: 'fullscreen', docs: { description: { component: ABOUT } } },
  render: () => <></>,
})

/*
 * The story's input, written out per export below as `meta.story(at(…))`: Storybook's indexer
 * finds a story only where `meta.story(` itself is called in the export.
 */
type Session = 'vendor' | 'lab' | 'none'
const SESSIONS = { vendor: loggedInAs('v-nokia'), lab: loggedInAsLab(), none: loggedOut }

const at = (
  url: string,
  heading: string,
  { loggedIn = false, as }: { loggedIn?: boolean; as?: Session } = {},
) => ({
  parameters: { router: { app: true, url } },
  beforeEach: SESSIONS[as ?? (loggedIn ? 'vendor' : 'none')],
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    // The route's code loads on first visit, and a screen may render its heading again once its
    // data comes (the dashboard does): the heading is looked up afresh until it is visible.
    await expectPageHeading(within(canvasElement), heading)
  },
})

const HOME_HEADING = 'Certify your telecom devices, from first form to certificate'

export const Home = meta.story({ name: 'Home', ...at('/', HOME_HEADING) })
export const Login = meta.story({ name: 'Login', ...at('/login?from=create-portfolio', 'Sign in') })
export const CreateProfile = meta.story({
  name: 'Create profile',
  ...at('/create-profile', 'Create your vendor profile'),
})
export const Register = meta.story({
  name: 'Register',
  ...at('/create-profile/register', 'Register your organization'),
})
export const ForgotPassword = meta.story({
  name: 'Forgot password',
  ...at('/forgot-password', 'Forgot password'),
})
export const CheckMail = meta.story({ name: 'Check mail', ...at('/check-mail', 'Check your mail') })
export const PasswordReset = meta.story({
  name: 'Password reset',
  ...at('/password-reset', 'Password reset'),
})
export const PortfolioManager = meta.story({
  name: 'Portfolio manager',
  ...at('/portfolio-manager?portfolio=device-portfolio', 'Portfolio Manager'),
})
export const DeviceCertifications = meta.story({
  name: 'Device certifications',
  ...at('/device-certifications', 'Device Certifications'),
})
export const ContactUs = meta.story({ name: 'Contact us', ...at('/contact-us', 'Contact Us') })
export const HelpCenter = meta.story({ name: 'Help center', ...at('/help-center', 'Help Center') })
export const Portfolio = meta.story({
  name: 'Portfolio',
  ...at('/portfolio?portfolio=device-portfolio', 'PORTFOLIO FORM', { loggedIn: true }),
})
export const Dashboard = meta.story({
  name: 'Dashboard',
  ...at('/dashboard?search=ONT', 'Dashboard', { loggedIn: true }),
})

/** Spec §2: a protected route without stored login data redirects to /login. */
export const PortfolioLoggedOut = meta.story({ name: 'Portfolio logged out', ...at('/portfolio', 'Sign in') })
export const DashboardLoggedOut = meta.story({ name: 'Dashboard logged out', ...at('/dashboard', 'Sign in') })

/** Spec §2: any other path redirects to /. */
export const UnknownPathRedirectsHome = meta.story({
  name: 'Unknown path redirects home',
  ...at('/no-such-page', HOME_HEADING),
})

/** The header navigates within the app: Contact Us from the home page, by keyboard. */
export const NavigateByKeyboard = meta.story({
  name: 'Navigate by keyboard',
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
  name: 'Header search opens dashboard',
  parameters: { router: { app: true, url: '/' } },
  globals: { viewport: { value: 'desktop', isRotated: false } },
  beforeEach: loggedInAs('v-nokia'),
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('heading', { level: 1, name: HOME_HEADING })
    const search = within(canvas.getByRole('banner')).getByRole('searchbox', { name: 'Search devices' })
    await userEvent.type(search, '  Deco X50 {Enter}')
    await expectPageHeading(canvas, 'Dashboard')
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
  name: 'Logged in card opens portfolio form',
  parameters: { router: { app: true, url: '/' } },
  beforeEach: loggedInAs('v-nokia'),
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('heading', { level: 1, name: HOME_HEADING })
    await userEvent.click(canvas.getByRole('link', { name: /Device portfolio/ }))
    await expectPageHeading(canvas, 'PORTFOLIO FORM')
  },
})

/** A visitor's portfolio card opens the portfolio manager landing, which marks that portfolio. */
export const VisitorCardOpensLanding = meta.story({
  name: 'Visitor card opens landing',
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
/** The lab console without a login goes to /login too. */
export const LabLoggedOut = meta.story({ name: 'Lab logged out', ...at('/lab', 'Sign in') })

// Beyond spec §2: every other route of the tree, at its address, as the one who may open it.
export const Team = meta.story({ name: 'Team', ...at('/team', 'Team', { loggedIn: true }) })
export const SettingsOpensNotifications = meta.story({
  name: 'Settings opens notifications',
  ...at('/settings', NOTIFICATIONS_PAGE_TITLE, { loggedIn: true }),
})
export const SettingsTokens = meta.story({
  name: 'Settings tokens',
  ...at('/settings/tokens', 'API tokens', { loggedIn: true }),
})
export const SettingsWebhooks = meta.story({
  name: 'Settings webhooks',
  ...at('/settings/webhooks', 'Webhooks', { loggedIn: true }),
})
export const SettingsCatalogue = meta.story({
  name: 'Settings catalogue',
  ...at('/settings/catalogue', 'Catalogue additions', { loggedIn: true }),
})
export const Invitation = meta.story({
  name: 'Invitation',
  ...at(`/invitation?token=${INVITATION_TOKENS.valid}`, 'Invitation'),
})
export const PendingInvitations = meta.story({
  name: 'Pending invitations',
  ...at('/invitations', 'Invitations'),
  beforeEach: loggedInWithoutOrganization,
})
export const Unsubscribe = meta.story({
  name: 'Unsubscribe',
  ...at(`/unsubscribe?token=${UNSUBSCRIBE_TOKENS.runFinished}`, UNSUBSCRIBE_PAGE_TITLE),
})
export const CertifiedDevices = meta.story({
  name: 'Certified devices',
  ...at('/certified-devices', DIRECTORY_TITLE),
})
export const Verify = meta.story({ name: 'Verify', ...at('/verify', VERIFY_TITLE) })
export const VerifyNumber = meta.story({
  name: 'Verify number',
  ...at(`/verify/${FIXTURE_CERTIFICATE_NUMBERS.valid}`, VERIFY_TITLE),
})
export const LabConsole = meta.story({ name: 'Lab console', ...at('/lab', 'Lab console', { as: 'lab' }) })
export const LabRecord = meta.story({
  name: 'Lab record',
  ...at('/lab/records/pm-0001', '', { as: 'lab' }),
  // The record's page is headed by its device's name, as the fixture world has it.
  play: async ({ canvasElement }) => {
    const record = world.records.find((item) => item.portfolioManagerId === 'pm-0001')
    await expectPageHeading(within(canvasElement), record?.deviceName ?? 'pm-0001')
  },
})
export const LabCatalogue = meta.story({
  name: 'Lab catalogue',
  ...at('/lab/catalogue', 'Catalogue', { as: 'lab' }),
})
export const LabTestPlans = meta.story({
  name: 'Lab test plans',
  ...at('/lab/test-plans', 'Test plans', { as: 'lab' }),
})
export const LabStaff = meta.story({ name: 'Lab staff', ...at('/lab/staff', 'Lab staff', { as: 'lab' }) })
export const LabNotifications = meta.story({
  name: 'Lab notifications',
  ...at('/lab/notifications', NOTIFICATIONS_PAGE_TITLE, { as: 'lab' }),
})
export const LabSetPasswordWithoutLink = meta.story({
  name: 'Lab set password without link',
  ...at('/lab/set-password', 'Set your password'),
})

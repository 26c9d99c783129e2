import preview from '#.storybook/preview'
import { expect, screen, waitFor, within } from 'storybook/test'
import { loggedInAs } from '../support/session'
import {
  deviceFields,
  expectMode,
  formButtons,
  formReady,
  HOME_HEADING,
  heldBack,
  lineOfBusinessFields,
  organizationFields,
  section,
  SECTION_TITLES,
  type SectionNumber,
  summaryValue,
  ZYXEL,
} from './portfolio-form-steps'
import { DeviceFields, DeviceSummary } from '@/features/portfolio/components/device-section'
import {
  LineOfBusinessFields,
  LineOfBusinessSummary,
} from '@/features/portfolio/components/line-of-business-section'
import { OrganizationFields, OrganizationSummary } from '@/features/portfolio/components/organization-section'
import { PortfolioForm } from '@/features/portfolio/components/portfolio-form'
import {
  PortfolioFormLoadFailed,
  PortfolioFormPending,
} from '@/features/portfolio/components/portfolio-form-states'
import { PortfolioScreen } from '@/features/portfolio/components/portfolio-screen'
import { PortfolioSection } from '@/features/portfolio/components/portfolio-section'
import { SerialNumberList } from '@/features/portfolio/components/serial-number-list'

/**
 * The portfolio form (spec §2, §3, §4) in the real route tree, for each fixture vendor: loading,
 * a blank form, prefilled from the registration (Zyxel), from a submitted request (Nokia), a saved
 * draft opening read-only (Sagemcom); each section's create and view modes, the `portfolio` search
 * value scrolling to its section, Cancel, and the phone width.
 */

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `The portfolio form at \`/portfolio\` (titled PORTFOLIO FORM), where an Owner or an Engineer of a
vendor organization describes the organization, its line of business and a device, then saves a
draft or submits it for certification. Three collapsible sections, each with a create (edit) mode
and a view (read-only) mode; Cancel, Save and Submit at the foot. States: loading, blank, prefilled
from the registration or from a submitted request, and a saved draft opening read-only;
\`?portfolio=\` scrolls to its section. A Viewer gets the reason instead of the form
(Portfolio/Roles).`

const meta = preview.meta({
  title: 'Portfolio/Portfolio form',
  // The screen the route renders, the form, its loading and failed states, and each of the three
  // collapsible sections with its fields (withForm sub-forms) and read-only view.
  subcomponents: {
    PortfolioScreen,
    PortfolioForm,
    PortfolioFormPending,
    PortfolioFormLoadFailed,
    PortfolioSection,
    OrganizationFields,
    OrganizationSummary,
    LineOfBusinessFields,
    LineOfBusinessSummary,
    DeviceFields,
    DeviceSummary,
    SerialNumberList,
  },
  parameters: {
    layout: 'fullscreen',
    router: { app: true, url: '/portfolio' },
    docs: { description: { component: ABOUT } },
  },
  beforeEach: loggedInAs('v-zyxel'),
  render: () => <></>,
})

/** Lets the held-back saved portfolio through (set by the story that holds it back). */
let releasePortfolio = () => {}

/** Loading, then a blank form: every field empty but the account's email, every section in create mode. */
export const EmptyLoadingThenLoaded = meta.story({
  name: 'Empty: loading, then loaded',
  beforeEach({ msw }) {
    const held = heldBack('getPortfolio', () => ({
      isPortfolioManagerSavedOrSubmittedDataExists: 'NO',
      isPortfolioManagerReqSubmitted: 'NO',
      portfolioManagerSavedDetails: null,
    }))
    releasePortfolio = held.release
    msw.use(held.handler)
  },
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('heading', { level: 1, name: 'PORTFOLIO FORM' })
    const status = await canvas.findByRole('status')
    await expect(status).toHaveTextContent('Loading your portfolio…')
    await expect(canvasElement.querySelector('[aria-busy="true"]')).not.toBeNull()
    await expect(canvas.queryByRole('form', { name: 'Portfolio form' })).toBeNull()

    releasePortfolio()
    await formReady(canvas)
    await expect(canvas.queryByText('Loading your portfolio…')).toBeNull()
    const org = organizationFields(canvas)
    for (const control of [
      org.organizationName,
      org.businessContactName,
      org.description,
      org.phoneNumber,
      org.bestTime,
      org.address,
    ]) {
      await expect(control).toHaveValue('')
    }
    await expect(org.email).toHaveValue(ZYXEL.emailId)
    await expect(org.email).toHaveAttribute('readonly')
    await expect(org.countryCode).toHaveTextContent('Select a code')
    await expect(org.phoneNumber).toBeDisabled()
    await expect(org.phoneNumber).toHaveAccessibleDescription('Choose a country code first.')
    await expect(org.country).toHaveTextContent('Select a country')
    await expect(org.state).toBeDisabled()
    await expect(org.city).toBeDisabled()
    for (const day of ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']) {
      await expect(org.day(day)).toHaveAttribute('aria-pressed', 'false')
    }
    // Spec §9: the weekday chips read S M T W T F S, each named by its day.
    const chips = org.day('Sunday').closest('[data-slot="chip-group"]')!.querySelectorAll('button')
    await expect([...chips].map((chip) => chip.textContent).join(' ')).toBe('S M T W T F S')
    const lob = lineOfBusinessFields(canvas)
    await expect(lob.wireline).toHaveAttribute('aria-pressed', 'false')
    await expect(lob.wireless).toHaveAttribute('aria-pressed', 'false')
    const device = deviceFields(canvas)
    await expect(device.manufacturer).toHaveTextContent('Select a manufacturer')
    await expect(device.deviceName).toBeDisabled()
    await expect(device.deviceName).toHaveTextContent('Choose a manufacturer first')
    await expect(device.deviceType).toBeDisabled()
    await expect(device.productClass).toBeDisabled()
    await expect(device.serials()).toHaveLength(1)
    await expect(device.serial(1)).toHaveValue('')
    await expect(device.engBuild).toHaveTextContent('Yes or No')
    for (const number of [1, 2, 3] as const) await expectMode(canvas, number, 'Create')
    // No message before Save or Submit.
    await expect(canvasElement.querySelector('[aria-invalid="true"]')).toBeNull()
  },
})

/** While the saved portfolio is on its way, the overlay covers where the form will be and says why. */
export const Loading = meta.story({
  name: 'Loading',
  beforeEach({ msw }) {
    const held = heldBack('getPortfolio')
    releasePortfolio = held.release
    msw.use(held.handler)
  },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'PORTFOLIO FORM' })
    const status = await canvas.findByRole('status')
    await expect(status).toHaveTextContent('Loading your portfolio…')
    await expect(status.closest('[data-slot="loading-overlay"]')).toHaveAttribute('aria-busy', 'true')
    await expect(canvas.queryByRole('form')).toBeNull()
    await expect(canvas.queryByRole('button', { name: 'Submit' })).toBeNull()
    releasePortfolio()
    await formReady(canvas)
  },
})

/** Nothing saved (Zyxel): the organization and contact come from the registration details. */
export const PrefilledFromRegistration = meta.story({
  name: 'Prefilled from registration',
  play: async ({ canvas }) => {
    await formReady(canvas)
    const org = organizationFields(canvas)
    await expect(org.organizationName).toHaveValue(ZYXEL.organization)
    await expect(org.businessContactName).toHaveValue(ZYXEL.name)
    await expect(org.email).toHaveValue(ZYXEL.emailId)
    await expect(org.countryCode).toHaveTextContent('Finland (+358)')
    await expect(org.phoneNumber).toHaveValue(ZYXEL.phoneNumber)
    await expect(org.phoneNumber).toBeEnabled()
    await expect(org.country).toHaveTextContent(ZYXEL.country)
    await expect(org.state).toHaveTextContent(ZYXEL.state)
    await expect(org.city).toHaveTextContent(ZYXEL.city)
    // What the registration does not hold stays blank.
    await expect(org.description).toHaveValue('')
    await expect(org.bestTime).toHaveValue('')
    await expect(org.address).toHaveValue('')
    await expect(lineOfBusinessFields(canvas).wireline).toHaveAttribute('aria-pressed', 'false')
    await expect(deviceFields(canvas).manufacturer).toHaveTextContent('Select a manufacturer')
    for (const number of [1, 2, 3] as const) await expectMode(canvas, number, 'Create')
  },
})

/** A submitted request (Nokia): organization and line of business from it, the device section blank. */
export const PrefilledFromSubmittedRequest = meta.story({
  name: 'Prefilled from submitted request',
  beforeEach: loggedInAs('v-nokia'),
  play: async ({ canvas }) => {
    await formReady(canvas)
    const org = organizationFields(canvas)
    await expect(org.organizationName).toHaveValue('Nokia Solutions and Networks')
    await expect(org.description).toHaveValue(
      'Fixed and wireless access for operators: Wi-Fi mesh, ONTs and OLTs.',
    )
    await expect(org.bestTime).toHaveValue('09:30')
    await expect(org.day('Monday')).toHaveAttribute('aria-pressed', 'true')
    await expect(org.day('Thursday')).toHaveAttribute('aria-pressed', 'true')
    await expect(org.day('Friday')).toHaveAttribute('aria-pressed', 'false')
    await expect(org.city).toHaveTextContent('Bengaluru')
    const lob = lineOfBusinessFields(canvas)
    await expect(lob.wireline).toHaveAttribute('aria-pressed', 'true')
    await expect(lob.wireless).toHaveAttribute('aria-pressed', 'true')
    const device = deviceFields(canvas)
    await expect(device.manufacturer).toHaveTextContent('Select a manufacturer')
    await expect(device.count).toHaveValue('')
    await expect(device.serial(1)).toHaveValue('')
    await expect(device.firmware).toHaveValue('')
    await expect(device.year).toHaveValue('')
    await expect(device.engBuild).toHaveTextContent('Yes or No')
    // Submitted is not a draft: the sections open for a new request.
    for (const number of [1, 2, 3] as const) await expectMode(canvas, number, 'Create')
  },
})

/** A saved draft (Sagemcom): all three sections open read-only, headed 'View', with the draft's values. */
export const SavedDraftReadOnly = meta.story({
  name: 'Saved draft, read-only',
  beforeEach: loggedInAs('v-sagemcom'),
  play: async ({ canvas }) => {
    await formReady(canvas)
    for (const number of [1, 2, 3] as const) await expectMode(canvas, number, 'View')
    const expected: Array<[SectionNumber, string, string]> = [
      [1, 'Organization name', 'Sagemcom Broadband'],
      [1, 'Business contact name', 'Marc Dubois'],
      [
        1,
        'About the organization',
        'Residential gateways, set-top boxes and Wi-Fi extenders for operators in 50 countries.',
      ],
      [1, 'Email', 'marc.dubois@sagemcom.com'],
      [1, 'Phone number', '+33 1 57 61 10 00'],
      [1, 'Best time to reach', '10:30'],
      [1, 'Days to reach', 'Monday, Wednesday, Friday'],
      [1, 'Address', '250 route de l’Empereur, Rueil-Malmaison'],
      [1, 'City, state, country', 'France'],
      [2, 'Business domain', 'Wireline, Wireless'],
      [3, 'Device manufacturer', 'Sagemcom'],
      [3, 'Device name', 'F@st 5670'],
      [3, 'Device type', 'Wi-Fi Router'],
      [3, 'Product class', 'Wi-Fi 6E'],
      [3, 'Devices to be certified', '2'],
      [3, 'Device serial numbers', 'SGC5670A0001, SGC5670A0002'],
      [3, 'Base firmware version', '2.1.4'],
      [3, 'Year of manufacturing', '2025'],
      [3, 'Engineering build available', 'Yes'],
    ]
    for (const [number, label, value] of expected) {
      await expect(summaryValue(canvas, number, label)).toHaveTextContent(value)
    }
    // No section Save in view mode; the form's own buttons stay.
    await expect(canvas.queryByRole('button', { name: /^Save (Portfolio|Line|Device)/ })).toBeNull()
    const buttons = formButtons(canvas)
    await expect(buttons.save).toBeEnabled()
    await expect(buttons.submit).toBeEnabled()
  },
})

/** Each section switched to view by its eye icon and back to create by its pencil, values kept. */
export const SectionsCreateAndView = meta.story({
  name: 'Sections create and view',
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    await userEvent.type(organizationFields(canvas).description, 'Gateways')
    await userEvent.click(lineOfBusinessFields(canvas).wireless)
    for (const number of [1, 2, 3] as const) {
      const region = within(section(canvas, number))
      await expectMode(canvas, number, 'Create')
      await userEvent.click(region.getByRole('button', { name: `View ${SECTION_TITLES[number]}` }))
      await expectMode(canvas, number, 'View')
      await expect(region.queryByRole('button', { name: `Save ${SECTION_TITLES[number]}` })).toBeNull()
    }
    await expect(summaryValue(canvas, 1, 'About the organization')).toHaveTextContent('Gateways')
    await expect(summaryValue(canvas, 1, 'Organization name')).toHaveTextContent(ZYXEL.organization)
    await expect(summaryValue(canvas, 2, 'Business domain')).toHaveTextContent('Wireless')
    await expect(summaryValue(canvas, 3, 'Device manufacturer')).toHaveTextContent('Not given')
    for (const number of [1, 2, 3] as const) {
      const region = within(section(canvas, number))
      await userEvent.click(region.getByRole('button', { name: `Edit ${SECTION_TITLES[number]}` }))
      await expectMode(canvas, number, 'Create')
      await expect(region.getByRole('button', { name: `Save ${SECTION_TITLES[number]}` })).toBeVisible()
    }
    await expect(organizationFields(canvas).description).toHaveValue('Gateways')
    await expect(lineOfBusinessFields(canvas).wireless).toHaveAttribute('aria-pressed', 'true')
  },
})

/** A saved draft's sections open for editing one by one with their pencil icons. */
export const SavedDraftToCreate = meta.story({
  name: 'Saved draft to create',
  beforeEach: loggedInAs('v-sagemcom'),
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    for (const number of [1, 2, 3] as const) {
      const region = within(section(canvas, number))
      await userEvent.click(region.getByRole('button', { name: `Edit ${SECTION_TITLES[number]}` }))
      await expectMode(canvas, number, 'Create')
    }
    await expect(organizationFields(canvas).organizationName).toHaveValue('Sagemcom Broadband')
    await expect(organizationFields(canvas).bestTime).toHaveValue('10:30')
    await expect(lineOfBusinessFields(canvas).wireline).toHaveAttribute('aria-pressed', 'true')
    const device = deviceFields(canvas)
    await expect(device.manufacturer).toHaveTextContent('Sagemcom')
    await expect(device.deviceName).toHaveTextContent('F@st 5670')
    await expect(device.productClass).toHaveTextContent('Wi-Fi 6E')
    await expect(device.serial(2)).toHaveValue('SGC5670A0002')
    await expect(device.engBuild).toHaveTextContent('Yes')
  },
})

/** A section folds away by its title and opens again; the mode icons open a folded section. */
export const SectionsCollapse = meta.story({
  name: 'Sections collapse',
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    const region = within(section(canvas, 2))
    const toggle = region.getByRole('button', { name: /^Line of Business/ })
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await userEvent.click(toggle)
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await waitFor(() => expect(region.queryByRole('button', { name: 'Wireline' })).toBeNull())
    await userEvent.click(region.getByRole('button', { name: 'View Line of Business' }))
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await expectMode(canvas, 2, 'View')
  },
})

/** `?portfolio=device-portfolio`: the device section is scrolled to the top, below the header. */
export const ScrollsToDeviceSection = meta.story({
  name: 'Scrolls to device section',
  parameters: { router: { app: true, url: '/portfolio?portfolio=device-portfolio' } },
  play: async ({ canvas }) => {
    await formReady(canvas)
    const device = section(canvas, 3)
    await waitFor(() => {
      const top = device.getBoundingClientRect().top
      // Spec §2, §9: the header's scroll offset, exactly 54 px.
      expect(Math.round(top)).toBe(54)
    })
    await expect(window.scrollY).toBeGreaterThan(0)
  },
})

/** `?portfolio=line-of-business-portfolio`: its section comes to the top. */
export const ScrollsToLineOfBusiness = meta.story({
  name: 'Scrolls to line of business',
  parameters: { router: { app: true, url: '/portfolio?portfolio=line-of-business-portfolio' } },
  play: async ({ canvas }) => {
    await formReady(canvas)
    await waitFor(() => {
      const top = section(canvas, 2).getBoundingClientRect().top
      // Spec §2, §9: the header's scroll offset, exactly 54 px.
      expect(Math.round(top)).toBe(54)
    })
  },
})

/** Cancel goes home without saving. */
export const Cancel = meta.story({
  name: 'Cancel',
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    await userEvent.click(formButtons(canvas).cancel)
    await expect(await canvas.findByRole('heading', { level: 1, name: HOME_HEADING })).toBeVisible()
  },
})

/** At phone width the fields stack in one column and the form's buttons stay reachable. */
export const PhoneWidth = meta.story({
  name: 'Phone width',
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await formReady(canvas)
    const org = organizationFields(canvas)
    const name = org.organizationName.getBoundingClientRect()
    const contact = org.businessContactName.getBoundingClientRect()
    // One column: the contact name sits under the organization name, as wide.
    await expect(contact.top).toBeGreaterThan(name.bottom)
    await expect(Math.round(contact.width)).toBe(Math.round(name.width))
    // Nothing runs off the side of the screen.
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth)
    for (const button of Object.values(formButtons(canvas))) await expect(button).toBeVisible()
    await expect(screen.queryByRole('alert')).toBeNull()
  },
})

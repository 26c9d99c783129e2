import preview from '#.storybook/preview'
import { storyClock } from '#.storybook/clock'
import { toast } from 'sonner'
import { expect, waitFor, within } from 'storybook/test'
import { endpoints } from '@/contract/endpoints'
import {
  DEVICE_SECTION_SAVED_MESSAGE,
  LINE_OF_BUSINESS_SECTION_SAVED_MESSAGE,
  NO_UPDATES_MESSAGE,
  ORGANIZATION_SECTION_SAVED_MESSAGE,
  PLEASE_SUBMIT_FORM_MESSAGE,
} from '@/contract/messages'
import { ALREADY_SUBMITTED_MESSAGE, PORTFOLIO_SUBMITTED_MESSAGE } from '@/contract/server-messages'
import { readAuthData } from '@/lib/storage'
import { scenarios } from '@/mocks/scenarios'
import { loggedInAs } from '../support/session'
import { expectToast } from '../support/toasts'
import {
  BLANK_DEVICE_PAYLOAD,
  choose,
  completeDevice,
  completeOrganization,
  deviceFields,
  expectMode,
  formButtons,
  formReady,
  heldBack,
  HOME_HEADING,
  lineOfBusinessFields,
  organizationFields,
  PORTFOLIO_HEADING,
  recordBodies,
  retype,
  section,
  summaryValue,
  ZYXEL_DEVICE_PAYLOAD,
  ZYXEL_ORGANIZATION_PAYLOAD,
} from './portfolio-form-steps'

/**
 * Saving and submitting the portfolio (spec §3, §4, §8): the exact payloads that reach the server,
 * each section's save with its message and the section turning read-only, Save of all sections
 * with 'Please submit the form', the no-change warning, the overlay while sending, submit with the
 * flags and home after 2 s, and the server's error messages.
 */

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `Saving and submitting the portfolio: a section's Save sends that section, shows its message and
turns it read-only; Save of all sections says 'Please submit the form'; a save with no change warns
'No updates were made. Please modify the data before saving.' An overlay blocks the form while
sending; Submit goes home after 2 s; the server's errors show as its messages.`

const meta = preview.meta({
  title: 'Portfolio/Portfolio form save and submit',
  parameters: {
    layout: 'fullscreen',
    router: { app: true, url: '/portfolio' },
    docs: { description: { component: ABOUT } },
  },
  beforeEach: loggedInAs('v-zyxel'),
  render: () => <></>,
})

/** The bodies that reached the server in the story that records them. */
const sent: unknown[] = []
let releaseSave = () => {}

/** Save Portfolio Manager: section 1 sent with every field renamed; the section turns read-only. */
export const SaveOrganizationSection = meta.story({
  name: 'Save organization section',
  beforeEach({ msw }) {
    msw.use(recordBodies('savePortfolio', sent))
  },
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    await completeOrganization(canvas, userEvent)
    await userEvent.click(organizationFields(canvas).save)
    await expectToast(ORGANIZATION_SECTION_SAVED_MESSAGE, 'success')
    await expect(sent).toEqual([
      {
        ...ZYXEL_ORGANIZATION_PAYLOAD,
        businessDomain: '',
        ...BLANK_DEVICE_PAYLOAD,
        vendorUserId: 'v-zyxel',
        saveSection: 1,
      },
    ])
    await expectMode(canvas, 1, 'View')
    await expectMode(canvas, 2, 'Create')
    await expectMode(canvas, 3, 'Create')
    await expect(summaryValue(canvas, 1, 'Best time to reach')).toHaveTextContent('14:30')
    await expect(summaryValue(canvas, 1, 'Days to reach')).toHaveTextContent('Monday, Wednesday')
    await expect(readAuthData()).toMatchObject({
      isPortfolioManagerPreviousReqSaved: 'YES',
      isPortfolioManagerSavedOrSubmittedDataExists: 'YES',
    })

    // The same section again without a change: the warning, nothing sent.
    toast.dismiss()
    await userEvent.click(within(section(canvas, 1)).getByRole('button', { name: 'Edit Portfolio Manager' }))
    await userEvent.click(organizationFields(canvas).save)
    await expectToast(NO_UPDATES_MESSAGE, 'warning')
    await expect(sent).toHaveLength(1)
  },
})

/** Save Line of Business: section 2, the domains comma-joined in their order. */
export const SaveLineOfBusinessSection = meta.story({
  name: 'Save line of business section',
  beforeEach({ msw }) {
    msw.use(recordBodies('savePortfolio', sent))
  },
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    const lob = lineOfBusinessFields(canvas)
    await userEvent.click(lob.wireless)
    await userEvent.click(lob.wireline)
    await userEvent.click(lob.save)
    await expectToast(LINE_OF_BUSINESS_SECTION_SAVED_MESSAGE, 'success')
    await expect(sent).toHaveLength(1)
    await expect(sent[0]).toMatchObject({ businessDomain: 'Wireline,Wireless', saveSection: 2 })
    await expectMode(canvas, 2, 'View')
    await expectMode(canvas, 1, 'Create')
    await expect(summaryValue(canvas, 2, 'Business domain')).toHaveTextContent('Wireline, Wireless')
  },
})

/** Save Device Portfolio: section 3 with the device fields renamed and the serial numbers as a list. */
export const SaveDeviceSection = meta.story({
  name: 'Save device section',
  beforeEach({ msw }) {
    msw.use(recordBodies('savePortfolio', sent))
  },
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    await completeDevice(canvas, userEvent)
    await userEvent.click(deviceFields(canvas).save)
    await expectToast(DEVICE_SECTION_SAVED_MESSAGE, 'success')
    await expect(sent).toHaveLength(1)
    await expect(sent[0]).toMatchObject({ ...ZYXEL_DEVICE_PAYLOAD, vendorUserId: 'v-zyxel', saveSection: 3 })
    await expectMode(canvas, 3, 'View')
    await expect(summaryValue(canvas, 3, 'Device serial numbers')).toHaveTextContent(
      'ZYX5601A0001, ZYX5601A0002',
    )
  },
})

/** New names in place of 'Add New …'; no devices and a blank row: an empty serial-number list. */
export const SaveNewDeviceNames = meta.story({
  name: 'Save new device names',
  beforeEach({ msw }) {
    msw.use(recordBodies('savePortfolio', sent))
  },
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    const device = deviceFields(canvas)
    await choose(userEvent, device.manufacturer, 'Zyxel')
    await choose(userEvent, device.deviceName, 'Add New Device Name')
    await userEvent.type(device.newDeviceName()!, ' EX7501-T0 ')
    await choose(userEvent, device.deviceType, 'Add New Device Type')
    await userEvent.type(device.newDeviceType()!, 'Wi-Fi Gateway')
    await choose(userEvent, device.productClass, 'Add New Product Class')
    await userEvent.type(device.newProductClass()!, 'Wi-Fi 7 BE')
    await userEvent.type(device.count, '0')
    await choose(userEvent, device.engBuild, 'No')
    await userEvent.click(device.save)
    await expectToast(DEVICE_SECTION_SAVED_MESSAGE, 'success')
    await expect(sent[0]).toMatchObject({
      vendor: 'Zyxel',
      deviceName: 'EX7501-T0',
      deviceType: 'Wi-Fi Gateway',
      productClass: 'Wi-Fi 7 BE',
      devicesToBeCertified: '0',
      deviceNumberList: [],
      isEngBuildAvailable: 'No',
      saveSection: 3,
    })
    await expect(summaryValue(canvas, 3, 'Device name')).toHaveTextContent('EX7501-T0')
  },
})

/** Save (all sections, 0): every section read-only and 'Please submit the form'. */
export const SaveAllSections = meta.story({
  name: 'Save all sections',
  beforeEach({ msw }) {
    msw.use(recordBodies('savePortfolio', sent))
  },
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    await completeOrganization(canvas, userEvent)
    await userEvent.click(lineOfBusinessFields(canvas).wireline)
    await completeDevice(canvas, userEvent)
    await userEvent.click(formButtons(canvas).save)
    await expectToast(PLEASE_SUBMIT_FORM_MESSAGE, 'success')
    await expect(sent).toEqual([
      {
        ...ZYXEL_ORGANIZATION_PAYLOAD,
        businessDomain: 'Wireline',
        ...ZYXEL_DEVICE_PAYLOAD,
        vendorUserId: 'v-zyxel',
        saveSection: 0,
      },
    ])
    for (const number of [1, 2, 3] as const) await expectMode(canvas, number, 'View')
    // Saved, so an unchanged Save warns.
    toast.dismiss()
    await userEvent.click(formButtons(canvas).save)
    await expectToast(NO_UPDATES_MESSAGE, 'warning')
    await expect(sent).toHaveLength(1)
  },
})

/** A saved draft saved again unchanged: the warning, nothing sent; a change is sent. */
export const NoChangeWarning = meta.story({
  name: 'No change warning',
  beforeEach: [
    loggedInAs('v-sagemcom'),
    ({ msw }) => {
      msw.use(recordBodies('savePortfolio', sent))
    },
  ],
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    await userEvent.click(formButtons(canvas).save)
    await expectToast('No updates were made. Please modify the data before saving.', 'warning')
    await expect(sent).toEqual([])
    for (const number of [1, 2, 3] as const) await expectMode(canvas, number, 'View')

    toast.dismiss()
    await userEvent.click(within(section(canvas, 2)).getByRole('button', { name: 'Edit Line of Business' }))
    await userEvent.click(lineOfBusinessFields(canvas).save)
    await expectToast(NO_UPDATES_MESSAGE, 'warning')
    await userEvent.click(lineOfBusinessFields(canvas).wireless)
    await userEvent.click(lineOfBusinessFields(canvas).save)
    await expectToast(LINE_OF_BUSINESS_SECTION_SAVED_MESSAGE, 'success')
    await expect(sent).toEqual([expect.objectContaining({ businessDomain: 'Wireline', saveSection: 2 })])
  },
})

/** While a save is on its way the overlay covers the form and blocks it; then the answer. */
export const Sending = meta.story({
  name: 'Sending',
  beforeEach({ msw }) {
    const held = heldBack('savePortfolio')
    releaseSave = held.release
    msw.use(held.handler)
  },
  play: async ({ canvas, userEvent }) => {
    const form = await formReady(canvas)
    await userEvent.click(lineOfBusinessFields(canvas).wireline)
    await userEvent.click(lineOfBusinessFields(canvas).save)
    const status = await canvas.findByRole('status')
    await expect(status).toHaveTextContent('Saving…')
    await expect(form.closest('[inert]')).not.toBeNull()
    await expect(status.closest('[data-slot="loading-overlay"]')).toHaveAttribute('aria-busy', 'true')
    for (const button of Object.values(formButtons(canvas))) await expect(button).toBeDisabled()
    releaseSave()
    await expectToast(LINE_OF_BUSINESS_SECTION_SAVED_MESSAGE, 'success')
    await waitFor(() => expect(form.closest('[inert]')).toBeNull())
    await expect(canvas.queryByText('Saving…')).toBeNull()
  },
})

/** The server refuses the save: its message as an error; the section stays in create mode. */
export const SaveServerError = meta.story({
  name: 'Save server error',
  beforeEach({ msw }) {
    msw.use(scenarios.serverError('savePortfolio', 'The portfolio service is down for maintenance.', 500))
  },
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    await userEvent.click(lineOfBusinessFields(canvas).wireline)
    await userEvent.click(lineOfBusinessFields(canvas).save)
    await expectToast('The portfolio service is down for maintenance.', 'error')
    await expectMode(canvas, 2, 'Create')
    await expect(readAuthData()?.isPortfolioManagerPreviousReqSaved).toBe('NO')
  },
})

/** No answer to the save at all: the error itself as an error toast. */
export const SaveNetworkFailure = meta.story({
  name: 'Save network failure',
  beforeEach({ msw }) {
    msw.use(scenarios.networkFailure('savePortfolio'))
  },
  play: async ({ canvas, userEvent, canvasElement }) => {
    await formReady(canvas)
    await userEvent.click(lineOfBusinessFields(canvas).wireline)
    await userEvent.click(lineOfBusinessFields(canvas).save)
    await expectToast(
      `The main service could not be reached for POST ${endpoints.savePortfolio.path}.`,
      'error',
    )
    await expectMode(canvas, 2, 'Create')
    await expect(canvasElement.querySelector('[inert]')).toBeNull()
  },
})

/**
 * Submit of a complete form (nothing saved): the payload with savedPortfolioManagerId null, the
 * server's message, the flags, and home at 2 s, not before.
 */
export const SubmitSuccess = meta.story({
  name: 'Submit success',
  parameters: { clock: 'manual' },
  beforeEach({ msw }) {
    msw.use(recordBodies('submitPortfolio', sent))
  },
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    await completeOrganization(canvas, userEvent)
    await userEvent.click(lineOfBusinessFields(canvas).wireless)
    await completeDevice(canvas, userEvent)
    await userEvent.click(formButtons(canvas).submit)
    await expectToast(PORTFOLIO_SUBMITTED_MESSAGE, 'success')
    await expect(sent).toEqual([
      {
        ...ZYXEL_ORGANIZATION_PAYLOAD,
        businessDomain: 'Wireless',
        ...ZYXEL_DEVICE_PAYLOAD,
        vendorUserId: 'v-zyxel',
        savedPortfolioManagerId: null,
      },
    ])
    await expect(readAuthData()).toMatchObject({
      isPortfolioManagerPreviousReqSaved: 'NO',
      isPortfolioManagerSubmittedDataExists: 'YES',
      isPortfolioManagerSavedOrSubmittedDataExists: 'YES',
    })
    const buttons = formButtons(canvas)
    await expect(buttons.submit).toBeDisabled()
    await expect(buttons.save).toBeDisabled()

    storyClock().advance(1999)
    await expect(canvas.getByRole('heading', { level: 1, name: PORTFOLIO_HEADING })).toBeVisible()
    storyClock().advance(1)
    await expect(await canvas.findByRole('heading', { level: 1, name: HOME_HEADING })).toBeVisible()
  },
})

/** Submit of a saved draft (Sagemcom) sends the draft's id; its empty state and city are asked for first. */
export const SubmitSavedDraft = meta.story({
  name: 'Submit saved draft',
  parameters: { clock: 'manual' },
  beforeEach: [
    loggedInAs('v-sagemcom'),
    ({ msw }) => {
      msw.use(recordBodies('submitPortfolio', sent))
    },
  ],
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    await userEvent.click(formButtons(canvas).submit)
    // The draft has no state and city: section 1 opens to say so, the others stay read-only.
    await expectMode(canvas, 1, 'Create')
    await expectMode(canvas, 2, 'View')
    await expectMode(canvas, 3, 'View')
    const org = organizationFields(canvas)
    await waitFor(() => expect(org.state).toHaveFocus())
    await expect(sent).toEqual([])

    await choose(userEvent, org.country, 'Germany')
    await choose(userEvent, org.state, 'Berlin')
    await choose(userEvent, org.city, 'Berlin')
    await userEvent.type(org.phoneNumber, '30 1234567')
    await userEvent.click(formButtons(canvas).submit)
    await expectToast(PORTFOLIO_SUBMITTED_MESSAGE, 'success')
    await expect(sent).toHaveLength(1)
    await expect(sent[0]).toMatchObject({
      countryCode: '+49',
      country: 'Germany',
      state: 'Berlin',
      city: 'Berlin',
      phoneNumber: '30 1234567',
      bestTimeToReach: '10:30 AM',
      days: 'Monday,Wednesday,Friday',
      businessDomain: 'Wireline,Wireless',
      vendor: 'Sagemcom',
      deviceName: 'F@st 5670',
      deviceNumberList: ['SGC5670A0001', 'SGC5670A0002'],
      vendorUserId: 'v-sagemcom',
      savedPortfolioManagerId: 'pm-draft-sagemcom',
    })
    storyClock().advance(2000)
    await expect(await canvas.findByRole('heading', { level: 1, name: HOME_HEADING })).toBeVisible()
  },
})

/** The server refuses the submit: its message as an error; the form stays, flags unchanged. */
export const SubmitServerError = meta.story({
  name: 'Submit server error',
  parameters: { clock: 'manual' },
  beforeEach({ msw }) {
    msw.use(scenarios.serverError('submitPortfolio', ALREADY_SUBMITTED_MESSAGE, 409))
  },
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    await completeOrganization(canvas, userEvent)
    await userEvent.click(lineOfBusinessFields(canvas).wireline)
    await completeDevice(canvas, userEvent)
    await userEvent.click(formButtons(canvas).submit)
    await expectToast(ALREADY_SUBMITTED_MESSAGE, 'error')
    await expect(readAuthData()?.isPortfolioManagerSubmittedDataExists).toBe('NO')
    storyClock().advance(5000)
    await expect(canvas.getByRole('heading', { level: 1, name: PORTFOLIO_HEADING })).toBeVisible()
    await expect(formButtons(canvas).submit).toBeEnabled()
  },
})

/** Editing a saved section: its pencil brings the fields back with the saved values, ready to change. */
export const EditAfterSave = meta.story({
  name: 'Edit after save',
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    await completeOrganization(canvas, userEvent)
    await userEvent.click(organizationFields(canvas).save)
    await expectToast(ORGANIZATION_SECTION_SAVED_MESSAGE, 'success')
    await expectMode(canvas, 1, 'View')
    await userEvent.click(within(section(canvas, 1)).getByRole('button', { name: 'Edit Portfolio Manager' }))
    await expectMode(canvas, 1, 'Create')
    const org = organizationFields(canvas)
    await expect(org.bestTime).toHaveValue('14:30')
    await retype(userEvent, org.address, 'Keilaranta 18, 02150 Espoo')
    toast.dismiss()
    await userEvent.click(org.save)
    await expectToast(ORGANIZATION_SECTION_SAVED_MESSAGE, 'success')
    await expectMode(canvas, 1, 'View')
    await expect(summaryValue(canvas, 1, 'Address')).toHaveTextContent('Keilaranta 18, 02150 Espoo')
  },
})

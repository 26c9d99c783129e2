import { http, HttpResponse } from 'msw'
import { expect, screen, type UserEventObject, waitFor, within } from 'storybook/test'
import { endpoints } from '@/contract/endpoints'
import { BLANK_DEVICE_FIELDS } from '@/contract/fixtures/payloads'
import { endpointUrl } from '@/mocks/handlers'

/*
 * What the portfolio form stories share: finding the form, its sections and fields as a vendor
 * sees them (by role and label), choosing in the selects, reading the messages, and recording what
 * reached the (mocked) server.
 */

export type Canvas = ReturnType<typeof within>
export type UserEvent = UserEventObject

export const PORTFOLIO_HEADING = 'PORTFOLIO FORM'
export const HOME_HEADING = 'Certify your telecom devices, from first form to certificate'

export const SECTION_TITLES = {
  1: 'Portfolio Manager',
  2: 'Line of Business',
  3: 'Device Portfolio',
} as const
export type SectionNumber = keyof typeof SECTION_TITLES

/** The form, once the saved portfolio and the catalogue have arrived. */
export async function formReady(canvas: Canvas) {
  await canvas.findByRole('heading', { level: 1, name: PORTFOLIO_HEADING })
  return canvas.findByRole('form', { name: 'Portfolio form' })
}

/** One of the three sections (a region named by its title). */
export const section = (canvas: Canvas, number: SectionNumber) =>
  canvas.getByRole('region', { name: SECTION_TITLES[number] })

/** The section's mode heading: 'Create' or 'View'. */
export async function expectMode(canvas: Canvas, number: SectionNumber, mode: 'Create' | 'View') {
  const region = within(section(canvas, number))
  await waitFor(() => expect(region.getByRole('heading', { level: 3 })).toHaveTextContent(mode))
  await expect(region.getByRole('button', { name: `Edit ${SECTION_TITLES[number]}` })).toHaveAttribute(
    'aria-pressed',
    mode === 'Create' ? 'true' : 'false',
  )
  await expect(region.getByRole('button', { name: `View ${SECTION_TITLES[number]}` })).toHaveAttribute(
    'aria-pressed',
    mode === 'View' ? 'true' : 'false',
  )
  // Fields in create mode, a read-only summary in view mode.
  if (mode === 'View') await expect(region.queryByRole('textbox')).toBeNull()
}

/** The value shown for a label in a section's read-only view. */
export function summaryValue(canvas: Canvas, number: SectionNumber, label: string) {
  const term = within(section(canvas, number)).getByText(label, { selector: 'dt' })
  return term.nextElementSibling as HTMLElement
}

export const organizationFields = (canvas: Canvas) => {
  const region = within(section(canvas, 1))
  return {
    organizationName: region.getByRole('textbox', { name: 'Organization name' }),
    businessContactName: region.getByRole('textbox', { name: 'Business contact name' }),
    description: region.getByRole('textbox', { name: 'About the organization' }),
    email: region.getByRole('textbox', { name: 'Email' }),
    countryCode: region.getByRole('combobox', { name: 'Country code' }),
    phoneNumber: region.getByRole('textbox', { name: 'Phone number' }),
    bestTime: region.getByRole('textbox', { name: 'Best time to reach' }),
    days: region.getByRole('toolbar', { name: 'Days to reach' }),
    day: (name: string) => region.getByRole('button', { name }),
    address: region.getByRole('textbox', { name: 'Address' }),
    country: region.getByRole('combobox', { name: 'Country' }),
    state: region.getByRole('combobox', { name: 'State' }),
    city: region.getByRole('combobox', { name: 'City' }),
    save: region.getByRole('button', { name: 'Save Portfolio Manager' }),
  }
}

export const lineOfBusinessFields = (canvas: Canvas) => {
  const region = within(section(canvas, 2))
  return {
    businessDomain: region.getByRole('toolbar', { name: 'Business domain' }),
    wireline: region.getByRole('button', { name: 'Wireline' }),
    wireless: region.getByRole('button', { name: 'Wireless' }),
    save: region.getByRole('button', { name: 'Save Line of Business' }),
  }
}

export const deviceFields = (canvas: Canvas) => {
  const region = within(section(canvas, 3))
  return {
    manufacturer: region.getByRole('combobox', { name: 'Device manufacturer' }),
    deviceName: region.getByRole('combobox', { name: 'Device name' }),
    deviceType: region.getByRole('combobox', { name: 'Device type' }),
    productClass: region.getByRole('combobox', { name: 'Product class' }),
    newDeviceName: () => region.queryByRole('textbox', { name: 'New device name' }),
    newDeviceType: () => region.queryByRole('textbox', { name: 'New device type' }),
    newProductClass: () => region.queryByRole('textbox', { name: 'New product class' }),
    count: region.getByRole('textbox', { name: 'Devices to be certified' }),
    serials: () => region.queryAllByRole('textbox', { name: /^Serial number \d$/ }),
    serial: (row: number) => region.getByRole('textbox', { name: `Serial number ${row}` }),
    addSerial: region.getByRole('button', { name: 'Add serial number' }),
    removeButtons: () => region.queryAllByRole('button', { name: /^Remove serial number/ }),
    serialNumbers: region.getByRole('group', { name: /^Device serial numbers/ }),
    firmware: region.getByRole('textbox', { name: 'Base firmware version' }),
    year: region.getByRole('textbox', { name: 'Year of manufacturing' }),
    engBuild: region.getByRole('combobox', { name: 'Engineering build available' }),
    // Looked up when asked for: a submitted record being edited has no section Save.
    get save() {
      return region.getByRole('button', { name: 'Save Device Portfolio' })
    },
  }
}

/** The buttons under the form. */
export const formButtons = (canvas: Canvas) => ({
  cancel: canvas.getByRole('button', { name: 'Cancel' }),
  save: canvas.getByRole('button', { name: 'Save' }),
  submit: canvas.getByRole('button', { name: 'Submit' }),
})

/** The options of an open select (rendered in a portal, outside the canvas), by their names. */
export const optionNames = () => screen.getAllByRole('option').map((option) => option.textContent?.trim())

/** Opens a select and picks an option (a dependent list may still be on its way). */
export async function choose(userEvent: UserEvent, select: HTMLElement, option: string) {
  await userEvent.click(select)
  await userEvent.click(await screen.findByRole('option', { name: option }))
  await waitFor(() => expect(select).toHaveTextContent(option))
}

/** Opens a select and returns its option names, then closes it. */
export async function optionsOf(userEvent: UserEvent, select: HTMLElement) {
  await userEvent.click(select)
  await screen.findAllByRole('option')
  const names = optionNames()
  await userEvent.keyboard('{Escape}')
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull())
  return names
}

/** Replaces a text field's value as a vendor would. */
export async function retype(userEvent: UserEvent, control: HTMLElement, text: string) {
  await userEvent.clear(control)
  if (text !== '') await userEvent.type(control, text)
}

/** A field's message (its accessible description carries it) and its invalid state. */
export async function expectMessage(control: HTMLElement, message: string) {
  await waitFor(() => expect(control).toHaveAccessibleDescription(expect.stringContaining(message)))
  await expect(control).toHaveAttribute('aria-invalid', 'true')
}

export async function expectNoMessage(control: HTMLElement) {
  await waitFor(() => expect(control).not.toHaveAttribute('aria-invalid', 'true'))
}

/** Records the bodies that reach an endpoint; the fixture world answers as usual. */
export function recordBodies(
  name: 'savePortfolio' | 'submitPortfolio' | 'getRecord' | 'updateRecord',
  into: unknown[],
) {
  into.length = 0
  return http.post(endpointUrl(endpoints[name]), async ({ request }) => {
    into.push(await request.clone().json())
    return undefined
  })
}

/**
 * An answer held back until the story lets it through: the loading state, then the answer (the
 * given one, or the fixture world's). Unlike a request that never ends, the story releases it
 * before it ends, so no request outlives the story.
 */
export function heldBack(
  name: 'getPortfolio' | 'savePortfolio' | 'submitPortfolio',
  answer?: () => Record<string, unknown>,
) {
  let release: () => void = () => {}
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  const handler = http.post(endpointUrl(endpoints[name]), async () => {
    await gate
    return answer ? HttpResponse.json(answer()) : undefined
  })
  return { handler, release: () => release() }
}

/** The fixture Zyxel vendor's registration, which prefills a form with nothing saved. */
export const ZYXEL = {
  organization: 'Zyxel Communications',
  name: 'Anna Virtanen',
  emailId: 'anna.virtanen@zyxel.com',
  countryCode: '+358',
  phoneNumber: '40 123 4567',
  country: 'Finland',
  state: 'Uusimaa',
  city: 'Espoo',
} as const

export const ZYXEL_DESCRIPTION = 'Broadband gateways and Wi-Fi extenders for operators across Europe.'
export const ZYXEL_ADDRESS = 'Keilaranta 16, 02150 Espoo'

/** Completes the Zyxel vendor's prefilled organization section: description, best time, days, address. */
export async function completeOrganization(canvas: Canvas, userEvent: UserEvent) {
  const org = organizationFields(canvas)
  await userEvent.type(org.description, ZYXEL_DESCRIPTION)
  await userEvent.type(org.bestTime, '1430')
  // Pressed out of order: sent in the week's order.
  await userEvent.click(org.day('Wednesday'))
  await userEvent.click(org.day('Monday'))
  await userEvent.type(org.address, ZYXEL_ADDRESS)
}

/** A complete device section: Zyxel EX5601-T0, two serial numbers, firmware, year, engBuild Yes. */
export async function completeDevice(canvas: Canvas, userEvent: UserEvent) {
  const device = deviceFields(canvas)
  await choose(userEvent, device.manufacturer, 'Zyxel')
  await choose(userEvent, device.deviceName, 'EX5601-T0')
  await choose(userEvent, device.deviceType, 'Wi-Fi Router')
  await choose(userEvent, device.productClass, 'Wi-Fi 6')
  await userEvent.type(device.count, '2')
  await userEvent.type(device.serial(1), 'ZYX5601A0001')
  await userEvent.click(device.addSerial)
  await userEvent.type(device.serial(2), 'ZYX5601A0002')
  await userEvent.type(device.firmware, '5.50.1')
  await userEvent.type(device.year, '2024')
  await choose(userEvent, device.engBuild, 'Yes')
}

/** The payload fields of the Zyxel organization as completed above (spec §3 renames). */
export const ZYXEL_ORGANIZATION_PAYLOAD = {
  organizationName: ZYXEL.organization,
  description: ZYXEL_DESCRIPTION,
  businessContactName: ZYXEL.name,
  emailId: ZYXEL.emailId,
  countryCode: ZYXEL.countryCode,
  phoneNumber: ZYXEL.phoneNumber,
  bestTimeToReach: '02:30 PM',
  days: 'Monday,Wednesday',
  address: ZYXEL_ADDRESS,
  country: ZYXEL.country,
  state: ZYXEL.state,
  city: ZYXEL.city,
} as const

export const ZYXEL_DEVICE_PAYLOAD = {
  vendor: 'Zyxel',
  deviceName: 'EX5601-T0',
  deviceType: 'Wi-Fi Router',
  productClass: 'Wi-Fi 6',
  devicesToBeCertified: '2',
  deviceNumberList: ['ZYX5601A0001', 'ZYX5601A0002'],
  baseFirmwareVersion: '5.50.1',
  yearOfManufacturing: '2024',
  isEngBuildAvailable: 'Yes',
} as const

/** The blank device fields as a save sends them before the device section is filled. */
export const BLANK_DEVICE_PAYLOAD = BLANK_DEVICE_FIELDS

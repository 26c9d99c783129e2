import preview from '#.storybook/preview'
import { expect, waitFor } from 'storybook/test'
import {
  ADDRESS_LENGTH_MESSAGE,
  ALPHANUMERIC_AND_SPACES_MESSAGE,
  DESCRIPTION_LENGTH_MESSAGE,
  DEVICE_COUNT_LIMIT_MESSAGE,
  DEVICE_COUNT_MISSING_MESSAGE,
  FIELD_REQUIRED_MESSAGE,
  FIRMWARE_VERSION_FORMAT_MESSAGE,
  LETTERS_ONLY_MESSAGE,
  NAME_LENGTH_MESSAGE,
  NEW_DEVICE_NAME_LENGTH_MESSAGE,
  NEW_DEVICE_TYPE_LENGTH_MESSAGE,
  NEW_PRODUCT_CLASS_LENGTH_MESSAGE,
  NUMERIC_ONLY_MESSAGE,
  PHONE_NUMBER_FORMAT_MESSAGE,
  PHONE_NUMBER_LENGTH_MESSAGE,
  SERIAL_COUNT_MISMATCH_MESSAGE,
  SERIAL_NUMBER_CHARACTERS_MESSAGE,
  SERIAL_NUMBER_DUPLICATE_MESSAGE,
  SERIAL_NUMBER_LENGTH_MESSAGE,
  SERIAL_NUMBER_MISSING_MESSAGE,
  YEAR_FORMAT_MESSAGE,
} from '@/contract/messages'
import { loggedInAs } from '../support/session'
import {
  choose,
  deviceFields,
  expectMessage,
  expectMode,
  expectNoMessage,
  formButtons,
  formReady,
  lineOfBusinessFields,
  organizationFields,
  recordBodies,
  retype,
  type UserEvent,
} from './portfolio-form-steps'

/**
 * Every message of spec §5 for the portfolio form, each by its exact text: none before Save or
 * Submit, then shown by the check that found them (a section's Save checks that section, Submit
 * everything and requires every field), following the vendor's typing afterwards. A save with a
 * message sends nothing.
 */

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `Every validation message of the portfolio form, each by its exact text. None shows before Save or
Submit; then a section's Save checks that section, Submit checks everything and requires every
field, and afterwards the messages follow the vendor's typing. A save with a message sends nothing.`

const meta = preview.meta({
  title: 'Portfolio/Portfolio form messages',
  parameters: {
    layout: 'fullscreen',
    router: { app: true, url: '/portfolio' },
    docs: { description: { component: ABOUT } },
  },
  beforeEach: loggedInAs('v-zyxel'),
  render: () => <></>,
})

/** The bodies that reached POST portfoliomanager/save or create in the story that records them. */
const sent: unknown[] = []

/** Pastes a long text in one go (typing 300 characters one by one would take long). */
async function paste(userEvent: UserEvent, control: HTMLElement, text: string) {
  await userEvent.clear(control)
  await userEvent.click(control)
  await userEvent.paste(text)
}

/** Submit on the Zyxel form as loaded: every empty field says it is required; focus on the first. */
export const SubmitRequiresEveryField = meta.story({
  name: 'Submit requires every field',
  beforeEach({ msw }) {
    msw.use(recordBodies('submitPortfolio', sent))
  },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await formReady(canvas)
    await expect(canvasElement.querySelector('[aria-invalid="true"]')).toBeNull()
    await userEvent.click(formButtons(canvas).submit)

    const org = organizationFields(canvas)
    const lob = lineOfBusinessFields(canvas)
    const device = deviceFields(canvas)
    const required = [
      org.description,
      org.bestTime,
      org.days,
      org.address,
      lob.businessDomain,
      device.manufacturer,
      device.deviceName,
      device.deviceType,
      device.productClass,
      device.count,
      device.firmware,
      device.year,
      device.engBuild,
    ]
    for (const control of required) await expectMessage(control, FIELD_REQUIRED_MESSAGE)
    await expect(canvas.getAllByText(FIELD_REQUIRED_MESSAGE)).toHaveLength(required.length)
    // The prefilled fields pass; the first field with a message has the focus.
    for (const control of [org.organizationName, org.businessContactName, org.email, org.phoneNumber]) {
      await expectNoMessage(control)
    }
    await waitFor(() => expect(org.description).toHaveFocus())
    await expect(sent).toEqual([])

    // The messages follow the typing from now on.
    await userEvent.type(org.description, 'Gateways')
    await expectNoMessage(org.description)
    await userEvent.click(org.day('Friday'))
    await expectNoMessage(org.days)
    await userEvent.click(org.day('Friday'))
    await expectMessage(org.days, FIELD_REQUIRED_MESSAGE)
    await userEvent.click(lob.wireline)
    await expectNoMessage(lob.businessDomain)
    await userEvent.clear(org.organizationName)
    await expectMessage(org.organizationName, FIELD_REQUIRED_MESSAGE)
  },
})

/** Submit with an 'Add New …' choice requires its new value too. */
export const SubmitRequiresNewValues = meta.story({
  name: 'Submit requires new values',
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    const device = deviceFields(canvas)
    await choose(userEvent, device.manufacturer, 'Zyxel')
    await choose(userEvent, device.deviceName, 'Add New Device Name')
    await choose(userEvent, device.deviceType, 'Add New Device Type')
    await choose(userEvent, device.productClass, 'Add New Product Class')
    await userEvent.click(formButtons(canvas).submit)
    await expectMessage(device.newDeviceName()!, FIELD_REQUIRED_MESSAGE)
    await expectMessage(device.newDeviceType()!, FIELD_REQUIRED_MESSAGE)
    await expectMessage(device.newProductClass()!, FIELD_REQUIRED_MESSAGE)
    await expectNoMessage(device.deviceName)
  },
})

/** The organization section's rules, checked by its own Save: names, phone, address 200, description 300. */
export const OrganizationMessages = meta.story({
  name: 'Organization messages',
  beforeEach({ msw }) {
    msw.use(recordBodies('savePortfolio', sent))
  },
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    const org = organizationFields(canvas)
    await retype(userEvent, org.organizationName, 'Zyxel & Co')
    await retype(userEvent, org.businessContactName, 'Anna 2')
    await retype(userEvent, org.phoneNumber, '40 123 4567 x')
    await paste(userEvent, org.address, 'A'.repeat(201))
    await paste(userEvent, org.description, 'D'.repeat(301))
    // Nothing shows before Save.
    await expectNoMessage(org.organizationName)

    await userEvent.click(org.save)
    await expectMessage(org.organizationName, ALPHANUMERIC_AND_SPACES_MESSAGE)
    await expectMessage(org.businessContactName, LETTERS_ONLY_MESSAGE)
    await expectMessage(org.phoneNumber, PHONE_NUMBER_FORMAT_MESSAGE)
    await expectMessage(org.address, 'Length must be at most 200 characters')
    await expectMessage(org.address, ADDRESS_LENGTH_MESSAGE)
    await expectMessage(org.description, DESCRIPTION_LENGTH_MESSAGE)
    await expectMode(canvas, 1, 'Create')
    await waitFor(() => expect(org.organizationName).toHaveFocus())

    // Lengths: the names 3 to 50, the phone 7 to 13 digits.
    await retype(userEvent, org.organizationName, 'Zy')
    await expectMessage(org.organizationName, NAME_LENGTH_MESSAGE)
    await paste(userEvent, org.organizationName, 'Z'.repeat(51))
    await expectMessage(org.organizationName, NAME_LENGTH_MESSAGE)
    await paste(userEvent, org.organizationName, 'Z'.repeat(50))
    await expectNoMessage(org.organizationName)
    await retype(userEvent, org.businessContactName, 'An')
    await expectMessage(org.businessContactName, NAME_LENGTH_MESSAGE)
    await retype(userEvent, org.businessContactName, 'Ann')
    await expectNoMessage(org.businessContactName)
    await retype(userEvent, org.phoneNumber, '123456')
    await expectMessage(org.phoneNumber, PHONE_NUMBER_LENGTH_MESSAGE)
    await retype(userEvent, org.phoneNumber, '12345678901234')
    await expectMessage(org.phoneNumber, PHONE_NUMBER_LENGTH_MESSAGE)
    await retype(userEvent, org.phoneNumber, '(040) 123-4567')
    await expectNoMessage(org.phoneNumber)
    // At the limits exactly: no message.
    await paste(userEvent, org.address, 'A'.repeat(200))
    await expectNoMessage(org.address)
    await paste(userEvent, org.description, 'D'.repeat(300))
    await expectNoMessage(org.description)
    await expect(sent).toEqual([])
  },
})

/** The device count: digits only, 0 to 3, and a count when serial numbers are given. */
export const DeviceCountMessages = meta.story({
  name: 'Device count messages',
  beforeEach({ msw }) {
    msw.use(recordBodies('savePortfolio', sent))
  },
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    const device = deviceFields(canvas)
    await userEvent.type(device.count, 'two')
    await userEvent.click(device.save)
    await expectMessage(device.count, NUMERIC_ONLY_MESSAGE)
    await waitFor(() => expect(device.count).toHaveFocus())
    await retype(userEvent, device.count, '4')
    await expectMessage(
      device.count,
      'You may add up to 3 devices here. For more than three, please send the serial numbers via email',
    )
    await expectMessage(device.count, DEVICE_COUNT_LIMIT_MESSAGE)
    await retype(userEvent, device.count, '3')
    await expectNoMessage(device.count)

    // A serial number without a count.
    await userEvent.clear(device.count)
    await userEvent.type(device.serial(1), 'ZYX0001')
    await expectMessage(device.count, 'Please add device number')
    await expectMessage(device.count, DEVICE_COUNT_MISSING_MESSAGE)
    await expect(sent).toEqual([])
  },
})

/** Serial numbers against the count, each row's characters, length and duplicates. */
export const SerialNumberMessages = meta.story({
  name: 'Serial number messages',
  beforeEach({ msw }) {
    msw.use(recordBodies('savePortfolio', sent))
  },
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    const device = deviceFields(canvas)
    await userEvent.type(device.count, '2')
    await userEvent.type(device.serial(1), 'ZYX-0001')
    await userEvent.click(device.addSerial)
    await userEvent.click(device.save)

    // One filled row for two devices; the second row blank; the first with a hyphen.
    await waitFor(() =>
      expect(device.serialNumbers).toHaveAccessibleDescription(
        'The count of device serial number must match the number of devices added',
      ),
    )
    await expect(canvas.getByText(SERIAL_COUNT_MISMATCH_MESSAGE)).toBeVisible()
    await expectMessage(device.serial(1), 'Only letters and numbers are allowed')
    await expectMessage(device.serial(1), SERIAL_NUMBER_CHARACTERS_MESSAGE)
    await expectMessage(device.serial(2), 'Please add device serial number for respective device')
    await expectMessage(device.serial(2), SERIAL_NUMBER_MISSING_MESSAGE)
    await waitFor(() => expect(device.serial(1)).toHaveFocus())

    // Row 1 fixed: it still tells of the count until row 2 is filled.
    await retype(userEvent, device.serial(1), 'ZYX0001')
    await waitFor(() => expect(device.serial(1)).toHaveAccessibleDescription(SERIAL_COUNT_MISMATCH_MESSAGE))
    await paste(userEvent, device.serial(2), 'Z'.repeat(27))
    await expectMessage(device.serial(2), 'Length must be at most 26 characters')
    await expectMessage(device.serial(2), SERIAL_NUMBER_LENGTH_MESSAGE)
    await expect(canvas.queryByText(SERIAL_COUNT_MISMATCH_MESSAGE)).toBeNull()
    await expectNoMessage(device.serial(1))
    await paste(userEvent, device.serial(2), 'Z'.repeat(26))
    await expectNoMessage(device.serial(2))
    // The same serial number again, in either case: the later row says so.
    await retype(userEvent, device.serial(2), 'zyx0001')
    await expectMessage(device.serial(2), 'Duplicate serial number')
    await expectMessage(device.serial(2), SERIAL_NUMBER_DUPLICATE_MESSAGE)
    await expectNoMessage(device.serial(1))
    await retype(userEvent, device.serial(2), 'ZYX0002')
    await expectNoMessage(device.serial(2))
    await expect(sent).toEqual([])
  },
})

/** The count says three, two rows are filled: only the count mismatch stands, and the first row takes focus. */
export const SerialCountMismatchAlone = meta.story({
  name: 'Serial count mismatch alone',
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    const device = deviceFields(canvas)
    await userEvent.type(device.count, '1')
    await userEvent.type(device.serial(1), 'ZYX0001')
    await retype(userEvent, device.count, '3')
    await userEvent.click(device.save)
    await expect(await canvas.findByText(SERIAL_COUNT_MISMATCH_MESSAGE)).toBeVisible()
    await expect(device.serial(1)).toHaveAccessibleDescription(
      expect.stringContaining(SERIAL_COUNT_MISMATCH_MESSAGE),
    )
    await waitFor(() => expect(device.serial(1)).toHaveFocus())
    await retype(userEvent, device.count, '1')
    await waitFor(() => expect(canvas.queryByText(SERIAL_COUNT_MISMATCH_MESSAGE)).toBeNull())
    await expect(device.serial(1)).not.toHaveAccessibleDescription()
  },
})

/** Firmware: digits and periods; year: four digits, 1990 to this year. */
export const FirmwareAndYearMessages = meta.story({
  name: 'Firmware and year messages',
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    const device = deviceFields(canvas)
    const thisYear = new Date().getFullYear()
    await userEvent.type(device.firmware, 'v1.0.0')
    await userEvent.type(device.year, '24')
    await userEvent.click(device.save)
    await expectMessage(device.firmware, 'Please enter only numbers and periods (e.g., 1.0.0)')
    await expectMessage(device.firmware, FIRMWARE_VERSION_FORMAT_MESSAGE)
    await expectMessage(device.year, 'Only 4 digit numeric values are allowed')
    await expectMessage(device.year, YEAR_FORMAT_MESSAGE)
    await retype(userEvent, device.firmware, '1.0.0')
    await expectNoMessage(device.firmware)

    await retype(userEvent, device.year, '1989')
    await expectMessage(device.year, `Year must be between 1990 and ${thisYear}`)
    await retype(userEvent, device.year, String(thisYear + 1))
    await expectMessage(device.year, `Year must be between 1990 and ${thisYear}`)
    await retype(userEvent, device.year, '1990')
    await expectNoMessage(device.year)
    await retype(userEvent, device.year, String(thisYear))
    await expectNoMessage(device.year)
    await retype(userEvent, device.year, '20245')
    await expectMessage(device.year, YEAR_FORMAT_MESSAGE)
  },
})

/** The new device name, type and class: at most 15 characters each. */
export const NewValueMessages = meta.story({
  name: 'New value messages',
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    const device = deviceFields(canvas)
    await choose(userEvent, device.manufacturer, 'Zyxel')
    await choose(userEvent, device.deviceName, 'Add New Device Name')
    await choose(userEvent, device.deviceType, 'Add New Device Type')
    await choose(userEvent, device.productClass, 'Add New Product Class')
    await userEvent.type(device.newDeviceName()!, 'EX7501-T0 Gateway')
    await userEvent.type(device.newDeviceType()!, 'Residential Router')
    await userEvent.type(device.newProductClass()!, 'Wi-Fi 7 Tri-band')
    await userEvent.click(device.save)
    await expectMessage(device.newDeviceName()!, 'Device Name must be at most 15 characters long.')
    await expectMessage(device.newDeviceName()!, NEW_DEVICE_NAME_LENGTH_MESSAGE)
    await expectMessage(device.newDeviceType()!, 'Device Type must be at most 15 characters long.')
    await expectMessage(device.newDeviceType()!, NEW_DEVICE_TYPE_LENGTH_MESSAGE)
    await expectMessage(device.newProductClass()!, 'Product Class must be at most 15 characters long.')
    await expectMessage(device.newProductClass()!, NEW_PRODUCT_CLASS_LENGTH_MESSAGE)
    await retype(userEvent, device.newDeviceName()!, 'E'.repeat(15))
    await expectNoMessage(device.newDeviceName()!)
    await retype(userEvent, device.newDeviceType()!, 'Router')
    await expectNoMessage(device.newDeviceType()!)
    await retype(userEvent, device.newProductClass()!, 'Wi-Fi 7')
    await expectNoMessage(device.newProductClass()!)
  },
})

/** A section's Save checks only that section: the device's bad year does not block the organization. */
export const SectionSaveChecksItsSection = meta.story({
  name: 'Section save checks its section',
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    const device = deviceFields(canvas)
    await userEvent.type(device.year, '24')
    await userEvent.click(organizationFields(canvas).save)
    await expectMode(canvas, 1, 'View')
    await expectNoMessage(device.year)
    await userEvent.click(formButtons(canvas).save)
    await expectMessage(device.year, YEAR_FORMAT_MESSAGE)
  },
})

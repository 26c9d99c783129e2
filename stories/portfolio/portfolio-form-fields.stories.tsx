import preview from '#.storybook/preview'
import { expect, waitFor } from 'storybook/test'
import { DEVICE_TYPES, PRODUCT_CLASSES } from '@/contract/catalogue-seed'
import { ENG_BUILD_YES_HINT, engBuildNoHint } from '@/contract/messages'
import { sshSecretText } from '@/features/portfolio/components/device-section'
import { catalogueFixture } from '@/mocks/fixtures/catalogue'
import { loggedInAs } from '../support/session'
import {
  choose,
  deviceFields,
  formReady,
  optionsOf,
  organizationFields,
  retype,
  ZYXEL,
} from './portfolio-form-steps'

/**
 * The portfolio form's dependent fields (spec §2, §3, §4): the manufacturer → device name → device
 * type → product class cascade with each 'Add New …' choice and its new-value field, the country
 * code ↔ country → state → city cascade, the serial-number rows within the device count, and the
 * two engineering-build hints.
 */

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `The portfolio form's dependent fields: manufacturer → device name → device type → product class,
each list ending with its 'Add New …' choice and a field for the new value; country code ↔ country →
state → city; serial-number rows up to the device count (0 to 3); and the engineering-build hint
under Yes and under No. Choosing a field clears the ones that depend on it.`

const meta = preview.meta({
  title: 'Portfolio/Portfolio form fields',
  parameters: {
    layout: 'fullscreen',
    router: { app: true, url: '/portfolio?portfolio=device-portfolio' },
    docs: { description: { component: ABOUT } },
  },
  beforeEach: loggedInAs('v-zyxel'),
  render: () => <></>,
})

const catalogue = catalogueFixture()
const namesOf = (vendor: string) =>
  catalogue.deviceNameList.filter((item) => item.vendor === vendor).map((item) => item.deviceName)

/**
 * Each step of the device cascade: the manufacturers; a manufacturer's names, a name's types and a
 * type's classes, each list ending with its 'Add New …'; a choice clearing what depends on it.
 */
export const DeviceCascade = meta.story({
  name: 'Device cascade',
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    const device = deviceFields(canvas)
    await expect(await optionsOf(userEvent, device.manufacturer)).toEqual(catalogue.vendorList)

    await choose(userEvent, device.manufacturer, 'Nokia')
    await expect(device.deviceName).toBeEnabled()
    await expect(device.deviceName).toHaveTextContent('Select a device name')
    await expect(device.deviceType).toBeDisabled()
    await expect(await optionsOf(userEvent, device.deviceName)).toEqual([
      ...namesOf('Nokia'),
      'Add New Device Name',
    ])

    await choose(userEvent, device.deviceName, 'Beacon 10')
    await expect(device.deviceType).toHaveTextContent('Select a device type')
    await expect(device.productClass).toBeDisabled()
    await expect(await optionsOf(userEvent, device.deviceType)).toEqual([
      'Wi-Fi Mesh Device',
      'Wi-Fi Router',
      'Add New Device Type',
    ])

    await choose(userEvent, device.deviceType, 'Wi-Fi Router')
    await expect(device.productClass).toHaveTextContent('Select a product class')
    await expect(await optionsOf(userEvent, device.productClass)).toEqual([
      'Residential Gateway',
      'Wi-Fi 6',
      'Wi-Fi 6E',
      'Wi-Fi 7',
      'Add New Product Class',
    ])
    await choose(userEvent, device.productClass, 'Wi-Fi 7')

    // A new type clears the class; the other type has its own classes.
    await choose(userEvent, device.deviceType, 'Wi-Fi Mesh Device')
    await expect(device.productClass).toHaveTextContent('Select a product class')
    await expect(await optionsOf(userEvent, device.productClass)).toEqual([
      'Wi-Fi 6 Mesh',
      'Wi-Fi 6E Mesh',
      'Wi-Fi 7 Mesh',
      'Add New Product Class',
    ])
    await choose(userEvent, device.productClass, 'Wi-Fi 6E Mesh')

    // A new name clears type and class.
    await choose(userEvent, device.deviceName, 'Beacon 6')
    await expect(device.deviceType).toHaveTextContent('Select a device type')
    await expect(device.productClass).toBeDisabled()
    await expect(device.productClass).toHaveTextContent('Choose a device type first')
    await choose(userEvent, device.deviceType, 'Wi-Fi Mesh Device')
    await choose(userEvent, device.productClass, 'Wi-Fi 6 Mesh')

    // A new manufacturer clears name, type and class, and offers its own names.
    await choose(userEvent, device.manufacturer, 'Huawei')
    await expect(device.deviceName).toHaveTextContent('Select a device name')
    await expect(device.deviceType).toBeDisabled()
    await expect(device.deviceType).toHaveTextContent('Choose a device name first')
    await expect(device.productClass).toBeDisabled()
    await expect(await optionsOf(userEvent, device.deviceName)).toEqual([
      ...namesOf('Huawei'),
      'Add New Device Name',
    ])
  },
})

/**
 * 'Add New Device Name' asks for the name, counting its characters (spec §5: 15); a new name takes
 * any type of the catalogue or 'Add New Device Type', and a new type only 'Add New Product Class'.
 */
export const AddNewDeviceName = meta.story({
  name: 'Add new device name',
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    const device = deviceFields(canvas)
    await choose(userEvent, device.manufacturer, 'Zyxel')
    await expect(device.newDeviceName()).toBeNull()
    await choose(userEvent, device.deviceName, 'Add New Device Name')
    const newName = device.newDeviceName()
    await expect(newName).toBeVisible()
    await expect(newName).toHaveValue('')
    await userEvent.type(newName!, 'EX7501')
    await expect(canvas.getByText('6 / 15 characters')).toBeVisible()
    await expect(await optionsOf(userEvent, device.deviceType)).toEqual([
      ...[...DEVICE_TYPES].sort((a, b) => a.localeCompare(b, 'en')),
      'Add New Device Type',
    ])
    await choose(userEvent, device.deviceType, 'Add New Device Type')
    await expect(device.newDeviceType()).toBeVisible()
    await expect(await optionsOf(userEvent, device.productClass)).toEqual(['Add New Product Class'])
    await choose(userEvent, device.productClass, 'Add New Product Class')
    await expect(device.newProductClass()).toBeVisible()

    // Choosing a listed name takes the new-value fields away, and a new manufacturer the rest.
    await choose(userEvent, device.deviceName, 'EX5601-T0')
    await expect(device.newDeviceName()).toBeNull()
    await expect(device.newDeviceType()).toBeNull()
    await expect(device.newProductClass()).toBeNull()
    await choose(userEvent, device.deviceName, 'Add New Device Name')
    // The earlier typed name is not kept.
    await expect(device.newDeviceName()).toHaveValue('')
    await choose(userEvent, device.manufacturer, 'Calix')
    await expect(device.newDeviceName()).toBeNull()
  },
})

/** A new model of a known kind: a new name takes 'Wi-Fi Mesh Device', and with it the mesh classes (and the mesh test plan). */
export const NewNameOfACatalogueType = meta.story({
  name: 'New name of a catalogue type',
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    const device = deviceFields(canvas)
    await choose(userEvent, device.manufacturer, 'Zyxel')
    await choose(userEvent, device.deviceName, 'Add New Device Name')
    await userEvent.type(device.newDeviceName()!, 'Multy M9')
    await choose(userEvent, device.deviceType, 'Wi-Fi Mesh Device')
    await expect(device.newDeviceType()).toBeNull()
    await expect(await optionsOf(userEvent, device.productClass)).toEqual([
      ...PRODUCT_CLASSES['Wi-Fi Mesh Device'],
      'Add New Product Class',
    ])
  },
})

/** 'Add New Device Type' for a listed name asks for the type; the classes are then only 'Add New Product Class'. */
export const AddNewDeviceType = meta.story({
  name: 'Add new device type',
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    const device = deviceFields(canvas)
    await choose(userEvent, device.manufacturer, 'Nokia')
    await choose(userEvent, device.deviceName, 'Beacon 6')
    await expect(device.newDeviceType()).toBeNull()
    await choose(userEvent, device.deviceType, 'Add New Device Type')
    await expect(device.newDeviceType()).toBeVisible()
    await expect(device.newDeviceName()).toBeNull()
    await expect(await optionsOf(userEvent, device.productClass)).toEqual(['Add New Product Class'])
    await choose(userEvent, device.deviceType, 'Wi-Fi Mesh Device')
    await expect(device.newDeviceType()).toBeNull()
  },
})

/** 'Add New Product Class' for a listed type asks for the class. */
export const AddNewProductClass = meta.story({
  name: 'Add new product class',
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    const device = deviceFields(canvas)
    await choose(userEvent, device.manufacturer, 'Nokia')
    await choose(userEvent, device.deviceName, 'Beacon 6')
    await choose(userEvent, device.deviceType, 'Wi-Fi Mesh Device')
    await expect(device.newProductClass()).toBeNull()
    await choose(userEvent, device.productClass, 'Add New Product Class')
    await expect(device.newProductClass()).toBeVisible()
    await expect(device.newDeviceName()).toBeNull()
    await expect(device.newDeviceType()).toBeNull()
    await choose(userEvent, device.productClass, 'Wi-Fi 7 Mesh')
    await expect(device.newProductClass()).toBeNull()
  },
})

/** Country → state → city, and the country code ↔ country: each choice resets what depends on it. */
export const AddressCascade = meta.story({
  name: 'Address cascade',
  parameters: { router: { app: true, url: '/portfolio' } },
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    const org = organizationFields(canvas)
    await expect(org.state).toHaveTextContent(ZYXEL.state)

    // A state resets the city and offers its own.
    await choose(userEvent, org.state, 'Pirkanmaa')
    await expect(org.city).toHaveTextContent('Select a city')
    await expect(await optionsOf(userEvent, org.city)).toEqual(['Tampere'])
    await expect(org.phoneNumber).toHaveValue(ZYXEL.phoneNumber)

    // A country sets its code and resets state, city and phone.
    await choose(userEvent, org.country, 'Germany')
    await expect(org.countryCode).toHaveTextContent('Germany (+49)')
    await expect(org.state).toHaveTextContent('Select a state')
    await expect(org.city).toBeDisabled()
    await expect(org.city).toHaveTextContent('Choose a state first')
    await expect(org.phoneNumber).toHaveValue('')
    await expect(await optionsOf(userEvent, org.state)).toEqual(['Berlin', 'Bavaria'])
    await choose(userEvent, org.state, 'Bavaria')
    await expect(await optionsOf(userEvent, org.city)).toEqual(['Munich', 'Nuremberg'])
    await choose(userEvent, org.city, 'Munich')
    await userEvent.type(org.phoneNumber, '89 123456')

    // A country code sets its country and resets the rest.
    await choose(userEvent, org.countryCode, 'India (+91)')
    await expect(org.country).toHaveTextContent('India')
    await expect(org.state).toHaveTextContent('Select a state')
    await expect(org.city).toBeDisabled()
    await expect(org.phoneNumber).toHaveValue('')
    await expect(org.phoneNumber).toBeEnabled()
    await expect(await optionsOf(userEvent, org.state)).toEqual([
      'Karnataka',
      'Maharashtra',
      'Uttar Pradesh',
      'Tamil Nadu',
    ])
  },
})

/**
 * Serial-number rows: one row always; Add up to the device count clamped to 0–3; Remove on rows
 * after the first only.
 */
export const SerialNumberRows = meta.story({
  name: 'Serial number rows',
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    const device = deviceFields(canvas)
    const rowsAre = async (rows: number, limit: number) => {
      await waitFor(() => expect(device.serials()).toHaveLength(rows))
      await expect(device.serialNumbers).toHaveTextContent(`${rows} of ${limit} row${limit === 1 ? '' : 's'}`)
    }

    // No count (or 0, or 1): one row, nothing to add, nothing to remove.
    await rowsAre(1, 1)
    await expect(device.addSerial).toBeDisabled()
    await expect(device.removeButtons()).toHaveLength(0)
    await userEvent.type(device.count, '0')
    await rowsAre(1, 1)
    await expect(device.addSerial).toBeDisabled()
    await retype(userEvent, device.count, '1')
    await expect(device.addSerial).toBeDisabled()

    // Two devices: one more row, then Add is disabled; the second row can be removed.
    await retype(userEvent, device.count, '2')
    await expect(device.addSerial).toBeEnabled()
    await userEvent.click(device.addSerial)
    await rowsAre(2, 2)
    await expect(device.addSerial).toBeDisabled()
    await expect(device.removeButtons().map((button) => button.getAttribute('aria-label'))).toEqual([
      'Remove serial number 2',
    ])

    // Three devices: a third row; the rows after the first each have Remove.
    await retype(userEvent, device.count, '3')
    await userEvent.click(device.addSerial)
    await rowsAre(3, 3)
    await expect(device.addSerial).toBeDisabled()
    await expect(device.removeButtons()).toHaveLength(2)
    await userEvent.type(device.serial(1), 'SN1')
    await userEvent.type(device.serial(2), 'SN2')
    await userEvent.type(device.serial(3), 'SN3')
    await userEvent.click(canvas.getByRole('button', { name: 'Remove serial number 2' }))
    await rowsAre(2, 3)
    await expect(device.serial(1)).toHaveValue('SN1')
    await expect(device.serial(2)).toHaveValue('SN3')
    await expect(device.addSerial).toBeEnabled()

    // Four or more: still three rows at most.
    await retype(userEvent, device.count, '4')
    await userEvent.click(device.addSerial)
    await rowsAre(3, 3)
    await expect(device.addSerial).toBeDisabled()
    await retype(userEvent, device.count, '12')
    await rowsAre(3, 3)
    await expect(device.addSerial).toBeDisabled()
  },
})

/** Engineering build: Yes asks for the build with the device; No asks for the SSH steps, sent by e-mail. */
export const EngBuildHints = meta.story({
  name: 'Engineering build hints',
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    const device = deviceFields(canvas)
    await expect(await optionsOf(userEvent, device.engBuild)).toEqual(['Yes', 'No'])
    await expect(device.engBuild).not.toHaveAccessibleDescription()
    await choose(userEvent, device.engBuild, 'Yes')
    await expect(device.engBuild).toHaveAccessibleDescription(
      'Please share the Engineering build firmware during submission of device',
    )
    await expect(canvas.getByText(ENG_BUILD_YES_HINT)).toBeVisible()
    await choose(userEvent, device.engBuild, 'No')
    const noHint = engBuildNoHint(sshSecretText())
    await expect(noHint).toMatch(
      /^Kindly provide the steps to enable SSH port and username\/password to login \(send them to \S+@\S+, never in this form\)$/,
    )
    await expect(device.engBuild).toHaveAccessibleDescription(noHint)
    await expect(canvas.getByText(noHint)).toBeVisible()
    await expect(canvas.queryByText(ENG_BUILD_YES_HINT)).toBeNull()
  },
})

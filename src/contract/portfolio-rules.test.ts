import { describe, expect, it } from 'vitest'
import {
  BLANK_PORTFOLIO_FIELDS,
  blankSavePayload,
  EXAMPLE_DEVICE,
  EXAMPLE_ORGANIZATION,
  submittedDevicePayload,
} from '@/contract/fixtures/payloads'
import { FIELD_REQUIRED_MESSAGE } from '@/contract/messages'
import { PORTFOLIO_FIELD_LABELS, portfolioFieldLabel } from '@/contract/portfolio-labels'
import { NOTHING_NEW, payloadToFormValues, toSubmitPayload } from '@/contract/portfolio-payload'
import { newInCatalogue, portfolioPayloadProblem } from '@/contract/portfolio-rules'
import {
  ADD_NEW_DEVICE_NAME,
  ADD_NEW_PRODUCT_CLASS,
  PORTFOLIO_FORM_FIELDS,
} from '@/contract/validation/portfolio-form'

const YEAR = 2026
const catalogue = {
  vendorList: ['Nokia'],
  deviceNameList: [{ vendor: 'Nokia', deviceName: 'Beacon 6' }],
  deviceTypeList: [{ deviceName: 'Beacon 6', deviceType: 'Wi-Fi Mesh Device' }],
  productClassList: [{ deviceType: 'Wi-Fi Mesh Device', productClass: 'Wi-Fi 6 Mesh' }],
}

describe('the field labels', () => {
  it('name every field of the form with the form’s wording, and each serial-number row by its number', () => {
    expect(Object.keys(PORTFOLIO_FIELD_LABELS).sort()).toEqual([...PORTFOLIO_FORM_FIELDS].sort())
    expect(portfolioFieldLabel('descAboutOrganization')).toBe('About the organization')
    expect(portfolioFieldLabel('days')).toBe('Days to reach')
    expect(portfolioFieldLabel('businessDomain')).toBe('Business domain')
    expect(portfolioFieldLabel('engBuild')).toBe('Engineering build available')
    expect(portfolioFieldLabel('deviceNumberList')).toBe('Device serial numbers')
    expect(portfolioFieldLabel('deviceNumberList[1]')).toBe('Serial number 2')
  })
})

describe('payloadToFormValues', () => {
  it('reads a payload the form sent back into the form’s values', () => {
    const payload = submittedDevicePayload('v-1')
    const values = payloadToFormValues(payload)
    expect(toSubmitPayload(values, { vendorUserId: 'v-1', saved: null })).toEqual(payload)
    expect(values).toMatchObject({ bestTimeToReach: '09:30', days: ['Monday', 'Thursday'], engBuild: 'Yes' })
  })

  it('keeps what the form could not have sent, for the rules to refuse', () => {
    const values = payloadToFormValues({
      ...BLANK_PORTFOLIO_FIELDS,
      bestTimeToReach: '13:30 PM',
      days: 'Monday, Funday,',
      businessDomain: 'Satellite',
    })
    expect(values).toMatchObject({
      bestTimeToReach: '13:30 PM',
      days: ['Monday', 'Funday'],
      businessDomain: ['Satellite'],
    })
    expect(
      payloadToFormValues({ ...BLANK_PORTFOLIO_FIELDS, bestTimeToReach: '9:05 pm' }).bestTimeToReach,
    ).toBe('21:05')
  })

  it('shows a device value new to the catalogue as its Add New choice with the value typed', () => {
    const fresh = { ...NOTHING_NEW, deviceName: true, productClass: true }
    const values = payloadToFormValues(
      { ...BLANK_PORTFOLIO_FIELDS, ...EXAMPLE_DEVICE, deviceNumberList: [] },
      fresh,
    )
    expect(values).toMatchObject({
      deviceName: ADD_NEW_DEVICE_NAME,
      addNewDeviceName: 'Beacon 6',
      deviceType: 'Wi-Fi Mesh Device',
      newDeviceType: '',
      productClass: ADD_NEW_PRODUCT_CLASS,
      newProductClass: 'Wi-Fi 6 Mesh',
    })
  })
})

describe('newInCatalogue', () => {
  it('finds a name under its vendor, a class under its type and a type under any name, without regard to case; blank is not new', () => {
    expect(newInCatalogue({ ...EXAMPLE_DEVICE, vendor: 'NOKIA', deviceName: 'beacon 6' }, catalogue)).toEqual(
      NOTHING_NEW,
    )
    expect(
      newInCatalogue(
        { vendor: 'Nokia', deviceName: 'Beacon 7', deviceType: 'Wi-Fi Mesh Device', productClass: '' },
        catalogue,
      ),
    ).toEqual({ vendor: false, deviceName: true, deviceType: false, productClass: false })
    // A type is new when the catalogue knows it under no name.
    expect(
      newInCatalogue(
        { vendor: 'Nokia', deviceName: 'Beacon 7', deviceType: 'Smart Plug', productClass: 'Zigbee' },
        catalogue,
      ),
    ).toEqual({ vendor: false, deviceName: true, deviceType: true, productClass: true })
  })
})

describe('portfolioPayloadProblem', () => {
  it('lets a complete submit and a blank save through', () => {
    expect(
      portfolioPayloadProblem({ call: 'submit', payload: submittedDevicePayload('v-1') }, NOTHING_NEW, YEAR),
    ).toBeUndefined()
    expect(
      portfolioPayloadProblem({ call: 'save', payload: blankSavePayload('v-1', 0) }, NOTHING_NEW, YEAR),
    ).toBeUndefined()
  })

  it('names the first problem with the form’s label', () => {
    const problem = (call: 'save' | 'submit', values: object) =>
      call === 'save'
        ? portfolioPayloadProblem({ call, payload: blankSavePayload('v-1', 0, values) }, NOTHING_NEW, YEAR)
        : portfolioPayloadProblem({ call, payload: submittedDevicePayload('v-1', values) }, NOTHING_NEW, YEAR)
    expect(problem('submit', { baseFirmwareVersion: '' })).toEqual({
      message: `Base firmware version: ${FIELD_REQUIRED_MESSAGE}`,
      field: 'baseFirmwareVersion',
    })
    expect(problem('submit', { isEngBuildAvailable: '' })).toEqual({
      message: `Engineering build available: ${FIELD_REQUIRED_MESSAGE}`,
      field: 'isEngBuildAvailable',
    })
    expect(problem('save', { days: 'Funday' })?.message).toMatch(/^Days to reach: /)
    expect(problem('save', { devicesToBeCertified: '2', deviceNumberList: ['SN1', 'SN 2'] })).toEqual({
      message: 'Serial number 2: Only letters and numbers are allowed',
      field: 'deviceNumberList',
    })
    expect(problem('save', { yearOfManufacturing: '1989' })).toEqual({
      message: 'Year of manufacturing: Year must be between 1990 and 2026',
      field: 'yearOfManufacturing',
    })
    expect(problem('submit', { devicesToBeCertified: 'x' })?.field).toBe('devicesToBeCertified')
    expect(problem('submit', { description: '' })?.field).toBe('description')
  })

  it('refuses a vendor the catalogue does not list, and lets a draft leave it blank', () => {
    const unknown = submittedDevicePayload('v-1', { vendor: 'Acme' })
    expect(
      portfolioPayloadProblem({ call: 'submit', payload: unknown }, newInCatalogue(unknown, catalogue), YEAR),
    ).toEqual({
      message: 'Device manufacturer: Please choose a manufacturer from the list.',
      field: 'vendor',
    })
    const blank = blankSavePayload('v-1', 3, { vendor: '' })
    expect(
      portfolioPayloadProblem({ call: 'save', payload: blank }, newInCatalogue(blank, catalogue), YEAR),
    ).toBeUndefined()
  })

  it('judges a save by its section only', () => {
    const payload = blankSavePayload('v-1', 1, { ...EXAMPLE_ORGANIZATION, yearOfManufacturing: '1989' })
    expect(portfolioPayloadProblem({ call: 'save', payload }, NOTHING_NEW, YEAR)).toBeUndefined()
    expect(
      portfolioPayloadProblem({ call: 'save', payload: { ...payload, saveSection: 3 } }, NOTHING_NEW, YEAR)
        ?.message,
    ).toMatch(/^Year of manufacturing: /)
  })

  it('judges a record update as a submit of the device section, a new name by its own length rule', () => {
    const update = {
      ...EXAMPLE_DEVICE,
      deviceNumberList: ['SN1', 'SN2'],
      portfolioManagerId: 'pm-1',
      vendorUserId: 'v-1',
    }
    expect(portfolioPayloadProblem({ call: 'update', payload: update }, NOTHING_NEW, YEAR)).toBeUndefined()
    const longName = { ...update, deviceName: 'A'.repeat(16) }
    expect(portfolioPayloadProblem({ call: 'update', payload: longName }, NOTHING_NEW, YEAR)).toBeUndefined()
    expect(
      portfolioPayloadProblem(
        { call: 'update', payload: longName },
        newInCatalogue(longName, catalogue),
        YEAR,
      ),
    ).toEqual({
      message: 'New device name: Device Name must be at most 15 characters long.',
      field: 'deviceName',
    })
  })
})

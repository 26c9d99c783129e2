import { describe, expect, it } from 'vitest'
import type { CatalogueAnswer } from '@/contract/catalogue'
import type { RecordDetails, SavedPortfolio } from '@/contract/portfolio'
import { emptyPortfolioFormValues, type PortfolioFormValues } from '@/contract/validation/portfolio-form'
import {
  recordToFormValues,
  savedPortfolioToFormValues,
  toSavePayload,
  toSubmitPayload,
  toUpdateRecordPayload,
} from '@/contract/portfolio-payload'

const filled: PortfolioFormValues = {
  organizationName: 'Nokia Solutions',
  descAboutOrganization: 'Fixed and wireless access.',
  businessContactName: 'Priya Sharma',
  email: 'priya.sharma@nokia.com',
  countryCode: '+91',
  phoneNumber: '98450 12345',
  bestTimeToReach: '14:30',
  days: ['Thursday', 'Monday'],
  address: 'Manyata Embassy Business Park',
  country: 'India',
  state: 'Karnataka',
  city: 'Bengaluru',
  businessDomain: ['Wireless', 'Wireline'],
  deviceManufacture: 'Nokia',
  deviceName: 'Add New Device Name',
  deviceType: 'Wi-Fi Mesh Device',
  productClass: 'Add New Product Class',
  addNewDeviceName: ' Beacon 24 ',
  newDeviceType: 'ignored',
  newProductClass: 'Wi-Fi 7 Mesh',
  deviceToBecertified: '2',
  deviceNumberList: ['BN24A0001', '', ' BN24A0002 '],
  baseFirmwareVersion: '1.0.3',
  yearOfManufacturing: '2026',
  engBuild: 'Yes',
}

const expectedFields = {
  organizationName: 'Nokia Solutions',
  description: 'Fixed and wireless access.',
  businessContactName: 'Priya Sharma',
  emailId: 'priya.sharma@nokia.com',
  countryCode: '+91',
  phoneNumber: '98450 12345',
  bestTimeToReach: '02:30 PM',
  days: 'Monday,Thursday',
  address: 'Manyata Embassy Business Park',
  country: 'India',
  state: 'Karnataka',
  city: 'Bengaluru',
  businessDomain: 'Wireline,Wireless',
  vendor: 'Nokia',
  deviceName: 'Beacon 24',
  deviceType: 'Wi-Fi Mesh Device',
  productClass: 'Wi-Fi 7 Mesh',
  devicesToBeCertified: '2',
  deviceNumberList: ['BN24A0001', 'BN24A0002'],
  baseFirmwareVersion: '1.0.3',
  yearOfManufacturing: '2026',
  isEngBuildAvailable: 'Yes',
  vendorUserId: 'v-nokia',
}

describe('toSavePayload', () => {
  it('maps a fully filled form to the exact save payload of spec §3', () => {
    expect(toSavePayload(filled, { vendorUserId: 'v-nokia', saveSection: 3 })).toEqual({
      ...expectedFields,
      saveSection: 3,
    })
  })

  it('sends an unset best time as empty, and no serial numbers when all rows are blank', () => {
    const payload = toSavePayload(emptyPortfolioFormValues, { vendorUserId: 'v-1', saveSection: 0 })
    expect(payload.bestTimeToReach).toBe('')
    expect(payload.deviceNumberList).toEqual([])
    expect(payload.days).toBe('')
    expect(payload.businessDomain).toBe('')
  })
})

describe('toSubmitPayload', () => {
  it('adds the saved draft’s id', () => {
    const saved = {
      isPortfolioManagerSavedOrSubmittedDataExists: 'YES',
      isPortfolioManagerReqSubmitted: 'NO',
      portfolioManagerSavedDetails: { savedPortfolioManagerId: 'pm-draft-7' },
    } satisfies SavedPortfolio
    expect(toSubmitPayload(filled, { vendorUserId: 'v-nokia', saved })).toEqual({
      ...expectedFields,
      savedPortfolioManagerId: 'pm-draft-7',
    })
  })
  it('sends null when nothing was saved', () => {
    expect(
      toSubmitPayload(filled, { vendorUserId: 'v-nokia', saved: null }).savedPortfolioManagerId,
    ).toBeNull()
  })
})

const catalogue: CatalogueAnswer = {
  vendorList: ['Nokia'],
  deviceNameList: [{ vendor: 'Nokia', deviceName: 'Beacon 6' }],
  deviceTypeList: [{ deviceName: 'Beacon 6', deviceType: 'Wi-Fi Mesh Device' }],
  productClassList: [{ deviceType: 'Wi-Fi Mesh Device', productClass: 'Wi-Fi 6 Mesh' }],
}

const registrationDetails = {
  organization: 'Zyxel Communications',
  name: 'Anna Virtanen',
  emailId: 'anna.virtanen@zyxel.com',
  countryCode: '+358',
  phoneNumber: '40 123 4567',
  country: 'Finland',
  state: 'Uusimaa',
  city: 'Espoo',
}

const savedDraft: SavedPortfolio = {
  organizationName: 'Nokia Solutions',
  description: 'Fixed and wireless access.',
  businessContactName: 'Priya Sharma',
  emailId: 'priya.sharma@nokia.com',
  countryCode: '+91',
  phoneNumber: '98450 12345',
  bestTimeToReach: '02:30 PM',
  days: 'Monday,Thursday',
  address: 'Manyata Embassy Business Park',
  country: 'India',
  state: 'Karnataka',
  city: 'Bengaluru',
  businessDomain: 'Wireline,Wireless',
  vendor: 'Nokia',
  deviceName: 'Beacon 24',
  deviceType: 'Wi-Fi Mesh Device',
  productClass: 'Wi-Fi 6 Mesh',
  devicesToBeCertified: '2',
  deviceNumberList: ['BN24A0001', 'BN24A0002'],
  baseFirmwareVersion: '1.0.3',
  yearOfManufacturing: '2026',
  isEngBuildAvailable: 'Yes',
  isPortfolioManagerSavedOrSubmittedDataExists: 'YES',
  isPortfolioManagerReqSubmitted: 'NO',
  portfolioManagerSavedDetails: { savedPortfolioManagerId: 'pm-draft-7' },
}

describe('savedPortfolioToFormValues', () => {
  it('prefills organization and contact from the registration details when nothing is saved', () => {
    const values = savedPortfolioToFormValues({
      isPortfolioManagerSavedOrSubmittedDataExists: 'NO',
      isPortfolioManagerReqSubmitted: 'NO',
      registrationDetails,
    })
    expect(values).toEqual({
      ...emptyPortfolioFormValues,
      organizationName: 'Zyxel Communications',
      businessContactName: 'Anna Virtanen',
      email: 'anna.virtanen@zyxel.com',
      countryCode: '+358',
      phoneNumber: '40 123 4567',
      country: 'Finland',
      state: 'Uusimaa',
      city: 'Espoo',
    })
  })

  it('opens a saved draft whole, a typed-in device name as Add New Device Name with its value', () => {
    const values = savedPortfolioToFormValues(savedDraft, catalogue)
    expect(values).toEqual({
      ...filled,
      deviceName: 'Add New Device Name',
      addNewDeviceName: 'Beacon 24',
      newDeviceType: '',
      productClass: 'Wi-Fi 6 Mesh',
      newProductClass: '',
      deviceNumberList: ['BN24A0001', 'BN24A0002'],
      days: ['Monday', 'Thursday'],
      businessDomain: ['Wireline', 'Wireless'],
    })
  })

  it('leaves the device fields blank when the last request was submitted', () => {
    const values = savedPortfolioToFormValues(
      { ...savedDraft, isPortfolioManagerReqSubmitted: 'YES' },
      catalogue,
    )
    expect(values.organizationName).toBe('Nokia Solutions')
    expect(values.bestTimeToReach).toBe('14:30')
    expect(values.deviceManufacture).toBe('')
    expect(values.deviceNumberList).toEqual([''])
    expect(values.engBuild).toBe('')
  })

  it('starts empty without an answer', () => {
    expect(savedPortfolioToFormValues(null)).toEqual(emptyPortfolioFormValues)
  })
})

describe('editing a submitted record (docs/decisions/0012)', () => {
  const record: RecordDetails = {
    portfolioManagerId: 'pm-7',
    organizationName: 'Nokia Networks',
    businessDomain: 'Wireless',
    vendor: 'Nokia',
    deviceName: 'Beacon 24',
    deviceType: 'Mesh Node',
    productClass: 'Wi-Fi 7 Mesh',
    devicesToBeCertified: '2',
    deviceNumberList: ['BN24A0001', 'BN24A0002'],
    baseFirmwareVersion: '1.0.3',
    yearOfManufacturing: '2026',
    isEngBuildAvailable: 'No',
    creationTime: '2026-11-02T10:15:00Z',
    createdBy: 'Priya Sharma',
    status: 'Submitted',
    isCertified: '',
  }

  it('opens the record: its device values as plain choices, its organization name and business domain', () => {
    expect(recordToFormValues(filled, record)).toEqual({
      ...filled,
      organizationName: 'Nokia Networks',
      businessDomain: ['Wireless'],
      deviceManufacture: 'Nokia',
      // Names typed as new at submit are catalogue entries now: no 'Add New …' choice.
      deviceName: 'Beacon 24',
      addNewDeviceName: '',
      deviceType: 'Mesh Node',
      newDeviceType: '',
      productClass: 'Wi-Fi 7 Mesh',
      newProductClass: '',
      deviceToBecertified: '2',
      deviceNumberList: ['BN24A0001', 'BN24A0002'],
      baseFirmwareVersion: '1.0.3',
      yearOfManufacturing: '2026',
      engBuild: 'No',
    })
  })

  it('keeps one blank serial row, the base organization name when the record has none, and no odd engBuild', () => {
    const values = recordToFormValues(filled, {
      ...record,
      organizationName: '',
      deviceNumberList: [],
      isEngBuildAvailable: 'Maybe',
    })
    expect(values.organizationName).toBe('Nokia Solutions')
    expect(values.deviceNumberList).toEqual([''])
    expect(values.engBuild).toBe('')
  })

  it('sends the device section as submit does, with the record id, and nothing else', () => {
    expect(toUpdateRecordPayload(filled, { vendorUserId: 'v-nokia', portfolioManagerId: 'pm-7' })).toEqual({
      portfolioManagerId: 'pm-7',
      vendor: 'Nokia',
      deviceName: 'Beacon 24',
      deviceType: 'Wi-Fi Mesh Device',
      productClass: 'Wi-Fi 7 Mesh',
      devicesToBeCertified: '2',
      deviceNumberList: ['BN24A0001', 'BN24A0002'],
      baseFirmwareVersion: '1.0.3',
      yearOfManufacturing: '2026',
      isEngBuildAvailable: 'Yes',
      vendorUserId: 'v-nokia',
    })
  })

  it('sends back an unchanged record as it came', () => {
    const values = recordToFormValues(emptyPortfolioFormValues, record)
    const { portfolioManagerId, vendor, deviceName, deviceType, productClass } = record
    expect(toUpdateRecordPayload(values, { vendorUserId: 'v-nokia', portfolioManagerId })).toEqual({
      portfolioManagerId,
      vendor,
      deviceName,
      deviceType,
      productClass,
      devicesToBeCertified: record.devicesToBeCertified,
      deviceNumberList: record.deviceNumberList,
      baseFirmwareVersion: record.baseFirmwareVersion,
      yearOfManufacturing: record.yearOfManufacturing,
      isEngBuildAvailable: record.isEngBuildAvailable,
      vendorUserId: 'v-nokia',
    })
  })
})

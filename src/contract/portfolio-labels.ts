import type { PortfolioFieldName, PortfolioFieldPath } from '@/contract/validation/portfolio-form'

/*
 * The portfolio form's field labels (spec §3), in one place: the form shows them, and the main
 * service and the mocks name a field with them when they refuse a payload ('Year of manufacturing:
 * Year must be between …'), so that a vendor reads the same words in the toast as on the form.
 */

export const PORTFOLIO_FIELD_LABELS = {
  organizationName: 'Organization name',
  descAboutOrganization: 'About the organization',
  businessContactName: 'Business contact name',
  email: 'Email',
  countryCode: 'Country code',
  phoneNumber: 'Phone number',
  bestTimeToReach: 'Best time to reach',
  days: 'Days to reach',
  address: 'Address',
  country: 'Country',
  state: 'State',
  city: 'City',
  businessDomain: 'Business domain',
  deviceManufacture: 'Device manufacturer',
  deviceName: 'Device name',
  addNewDeviceName: 'New device name',
  deviceType: 'Device type',
  newDeviceType: 'New device type',
  productClass: 'Product class',
  newProductClass: 'New product class',
  deviceToBecertified: 'Devices to be certified',
  deviceNumberList: 'Device serial numbers',
  baseFirmwareVersion: 'Base firmware version',
  yearOfManufacturing: 'Year of manufacturing',
  engBuild: 'Engineering build available',
} as const satisfies Record<PortfolioFieldName, string>

/** One serial-number row's label, counted from 1: 'Serial number 2'. */
export const serialNumberLabel = (index: number) => `Serial number ${index + 1}`

/** The label of a field or of one serial-number row ('deviceNumberList[1]' → 'Serial number 2'). */
export function portfolioFieldLabel(path: PortfolioFieldPath): string {
  const row = /^deviceNumberList\[(\d+)\]$/.exec(path)
  if (row) return serialNumberLabel(Number(row[1]))
  return PORTFOLIO_FIELD_LABELS[path as PortfolioFieldName] ?? path
}

import type { DeviceRecord } from '@/contract/records'

/** The dashboard model's test rows: Nokia and Arris Submitted, Zyxel InProgress, nokia labs Certified. */
export const record = (overrides: Partial<DeviceRecord>): DeviceRecord => ({
  portfolioManagerId: 'pm-1',
  vendor: 'Nokia',
  deviceName: 'Beacon 6',
  deviceType: 'Wi-Fi Mesh Device',
  productClass: 'Wi-Fi 6 Mesh',
  baseFirmwareVersion: '1.2.3',
  businessDomain: 'Wireless',
  creationTime: '2026-03-04T10:20:00.000Z',
  createdBy: 'Priya Sharma',
  status: 'Submitted',
  isCertified: '',
  ...overrides,
})

export const rows = [
  record({ portfolioManagerId: 'a' }),
  record({
    portfolioManagerId: 'b',
    vendor: 'Zyxel',
    deviceName: 'EX5601',
    deviceType: 'Wi-Fi Router',
    status: 'InProgress',
  }),
  record({
    portfolioManagerId: 'c',
    vendor: 'nokia labs',
    deviceName: 'Beacon 10',
    status: 'Completed',
    isCertified: 'CERTIFIED-OK',
  }),
  record({ portfolioManagerId: 'd', vendor: 'Arris', productClass: '', createdBy: 'Marc Dubois' }),
]

import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  deviceRecordSchema,
  recordListAnswerSchema,
  recordStatusName,
  type RecordStatusName,
} from '@/contract/records'

/*
 * The list answer is checked by one plain loop (a vendor may have 100,000 records); it must accept
 * and refuse exactly what deviceRecordSchema does.
 */

const record = {
  portfolioManagerId: 'pm-1',
  vendor: 'Nokia',
  deviceName: 'Beacon 6',
  deviceType: 'Wi-Fi Mesh Device',
  productClass: 'Wi-Fi 6 Mesh',
  baseFirmwareVersion: '3.4.12',
  businessDomain: 'Wireless',
  creationTime: '2026-11-02T10:15:00Z',
  createdBy: 'Priya Sharma',
  status: 'Submitted',
  isCertified: 'CERTIFIED-OK',
}

const list = (...rows: unknown[]) => ({ portfolioManagerSubmittedDetailsList: rows })
const check = (...rows: unknown[]) => v.safeParse(recordListAnswerSchema, list(...rows))

describe('the list answer', () => {
  it('accepts records, an empty list, and fields beyond the contract', () => {
    expect(check(record, { ...record, portfolioManagerId: 'pm-2', extra: 1 }).success).toBe(true)
    expect(check().success).toBe(true)
  })

  it.each([undefined, null])(
    'reads isCertified %s as not certified, as the record schema does',
    (isCertified) => {
      const parsed = v.parse(recordListAnswerSchema, list({ ...record, isCertified }))
      expect(parsed.portfolioManagerSubmittedDetailsList[0]?.isCertified).toBe('')
      expect(v.parse(deviceRecordSchema, { ...record, isCertified }).isCertified).toBe('')
    },
  )

  const broken: Array<[string, unknown]> = [
    ['a missing vendor', { ...record, vendor: undefined }],
    ['a numeric status', { ...record, status: 3 }],
    ['a null device name', { ...record, deviceName: null }],
    ['an isCertified that is not text', { ...record, isCertified: true }],
    ['null', null],
    ['a string', 'pm-1'],
  ]

  it.each(broken)('refuses a list with %s, like the record schema', (_case, row) => {
    const result = check(record, row)
    expect(result.success).toBe(false)
    expect(result.issues?.[0]?.message).toBe('Item 1 is not a device record.')
    expect(v.safeParse(deviceRecordSchema, row).success).toBe(false)
  })

  it('refuses an answer without the list', () => {
    expect(v.safeParse(recordListAnswerSchema, {}).success).toBe(false)
    expect(v.safeParse(recordListAnswerSchema, { portfolioManagerSubmittedDetailsList: {} }).success).toBe(
      false,
    )
  })
})

// Every status (the four of spec §4, an unknown one, none) × every isCertified value.
const cases: [status: string, isCertified: string, card: RecordStatusName | null][] = [
  ['Submitted', 'CERTIFIED-OK', 'Submitted'],
  ['Submitted', 'Validation failure', 'Submitted'],
  ['Submitted', '', 'Submitted'],
  ['InProgress', 'CERTIFIED-OK', 'In Progress'],
  ['InProgress', 'Validation failure', 'In Progress'],
  ['InProgress', '', 'In Progress'],
  ['Completed', 'CERTIFIED-OK', 'Certified'],
  ['Completed', 'Validation failure', 'Validation Failure'],
  ['Completed', '', null],
  ['Maintenance', 'CERTIFIED-OK', 'Maintenance'],
  ['Maintenance', 'Validation failure', 'Maintenance'],
  ['Maintenance', '', 'Maintenance'],
  ['Archived', 'CERTIFIED-OK', null],
  ['Archived', 'Validation failure', null],
  ['Archived', '', null],
  ['', 'CERTIFIED-OK', null],
  ['', 'Validation failure', null],
  ['', '', null],
]

describe('recordStatusName', () => {
  it.each(cases)('status %j with isCertified %j counts in %j', (status, isCertified, card) => {
    expect(recordStatusName({ status, isCertified })).toBe(card)
  })

  it.each(cases)('status %j with a missing isCertified counts as with an empty one', (status) => {
    expect(recordStatusName({ status })).toBe(recordStatusName({ status, isCertified: '' }))
  })

  it('is case-sensitive, as the services send the statuses', () => {
    expect(recordStatusName({ status: 'completed', isCertified: 'CERTIFIED-OK' })).toBeNull()
    expect(recordStatusName({ status: 'Completed', isCertified: 'certified-ok' })).toBeNull()
    expect(recordStatusName({ status: 'Completed', isCertified: 'Validation Failure' })).toBeNull()
  })
})

import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { PortalEvent } from '@/contract/events'
import type { DeviceRecord } from '@/contract/records'
import { writeBatch } from '@/lib/live/cache-writes'
import { organizationKeys } from '@/lib/query-keys'

/** The organization the stream's session acts for: its reads are keyed by it. */
const ORGANIZATION = 'org-nokia'
const keys = organizationKeys(ORGANIZATION)

/* record.revised (docs/decisions/0033): the row from the event, the record's runs and revisions read again. */

const row: DeviceRecord = {
  portfolioManagerId: 'pm-rev-0001',
  vendor: 'TP-Link',
  deviceName: 'Deco X50',
  deviceType: 'Wi-Fi Mesh Device',
  productClass: 'Wi-Fi 6 Mesh',
  baseFirmwareVersion: '1.0.2',
  businessDomain: 'Wireless',
  creationTime: '2026-11-16T08:00:00.000Z',
  createdBy: 'Priya Sharma',
  status: 'Submitted',
  isCertified: '',
  revision: 2,
}

const revised: PortalEvent = {
  type: 'record.revised',
  seq: 101,
  at: '2026-11-20T09:00:00.000Z',
  portfolioManagerId: row.portfolioManagerId,
  row,
  revision: 2,
  previousFirmwareVersion: '0.9.4',
}

function cacheWithReads() {
  const queryClient = new QueryClient()
  const older = { ...row, baseFirmwareVersion: '0.9.4', status: 'Completed', revision: undefined }
  queryClient.setQueryData(keys.records('v-nokia'), { portfolioManagerSubmittedDetailsList: [older] })
  for (const id of [row.portfolioManagerId, 'pm-0001']) {
    queryClient.setQueryData(keys.runs(id), { runs: [] })
    queryClient.setQueryData(keys.recordRevisions(id), { revisions: [] })
    queryClient.setQueryData(keys.record(id), { status: 'Completed' })
  }
  return queryClient
}

const invalidated = (queryClient: QueryClient, key: readonly unknown[]) =>
  queryClient.getQueryState(key)?.isInvalidated ?? false

describe('a record.revised event', () => {
  it('puts the row as the event has it and reads that record’s runs and revisions again', () => {
    const queryClient = cacheWithReads()
    writeBatch(queryClient, keys, 'v-nokia', [revised])
    expect(queryClient.getQueryData(keys.records('v-nokia'))).toEqual({
      portfolioManagerSubmittedDetailsList: [row],
    })
    expect(invalidated(queryClient, keys.runs(row.portfolioManagerId))).toBe(true)
    expect(invalidated(queryClient, keys.recordRevisions(row.portfolioManagerId))).toBe(true)
  })

  it('leaves the other records’ reads and the record read by the form alone', () => {
    const queryClient = cacheWithReads()
    writeBatch(queryClient, keys, 'v-nokia', [revised])
    expect(invalidated(queryClient, keys.runs('pm-0001'))).toBe(false)
    expect(invalidated(queryClient, keys.recordRevisions('pm-0001'))).toBe(false)
    expect(invalidated(queryClient, keys.record(row.portfolioManagerId))).toBe(false)
  })
})

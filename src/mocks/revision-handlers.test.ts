import { beforeEach, describe, expect, it } from 'vitest'
import type { RecordDetails } from '@/contract/portfolio'
import {
  carriedCaseNote,
  ONLY_ENDED_REVISABLE_MESSAGE,
  type RecordRevisionsAnswer,
  recordRevisedMessage,
  REVISED_RECORD_NOT_DELETABLE_MESSAGE,
  REVISION_KEEPS_DEVICE_MESSAGE,
  revisionUnchangedMessage,
} from '@/contract/revisions'
import type { RunListAnswer } from '@/contract/certification'
import type { DirectoryAnswer } from '@/contract/certificates'
import { addRevisionFixtures, LAB_REJECTION_REASON, REVISION_FIXTURE_IDS } from '@/mocks/fixtures/revisions'
import { world } from '@/mocks/fixtures/world'
import { startFixtureServer } from '@/test/fixture-server'

/* Revisions in the fixture world keep the server's rules and messages (docs/decisions/0033). */

startFixtureServer()
beforeEach(() => addRevisionFixtures(world))

async function post<T = { message: string; field?: string }>(path: string, body: unknown) {
  const response = await fetch(`http://localhost${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: response.status, json: (await response.json()) as T }
}

const vendorUserId = 'v-nokia'
const revise = (portfolioManagerId: string, changes: Record<string, unknown> = {}) =>
  post<{ message: string; revision?: number; field?: string }>('/api/portfoliomanager/record/revise', {
    portfolioManagerId,
    devicesToBeCertified: '1',
    deviceNumberList: ['DX50B0000311'],
    baseFirmwareVersion: '1.0.2',
    yearOfManufacturing: '2026',
    isEngBuildAvailable: 'Yes',
    vendorUserId,
    ...changes,
  })
const getRecord = (portfolioManagerId: string) =>
  post<RecordDetails>('/api/portfoliomanager/record/get', { vendorUserId, portfolioManagerId })
const revisions = (portfolioManagerId: string) =>
  post<RecordRevisionsAnswer>('/api/portfoliomanager/record/revisions', { vendorUserId, portfolioManagerId })

describe('the revision handlers', () => {
  const { rejected, history, recertifying } = REVISION_FIXTURE_IDS

  it('read a rejected record with its revision and the lab’s reason', async () => {
    const { json } = await getRecord(rejected)
    expect([json.revision, json.lastReason, json.baseFirmwareVersion]).toEqual([
      1,
      LAB_REJECTION_REASON,
      '0.9.4',
    ])
  })

  it('make revision 2 of the rejected record: Submitted, new firmware, the earlier revision kept', async () => {
    expect(await revise(rejected)).toEqual({
      status: 200,
      json: { message: recordRevisedMessage(2), revision: 2 },
    })
    const { json } = await getRecord(rejected)
    expect([json.revision, json.status, json.isCertified, json.baseFirmwareVersion]).toEqual([
      2,
      'Submitted',
      '',
      '1.0.2',
    ])
    const list = await revisions(rejected)
    expect(
      list.json.revisions.map((item) => [item.revision, item.baseFirmwareVersion, item.current]),
    ).toEqual([
      [2, '1.0.2', true],
      [1, '0.9.4', false],
    ])
  })

  it('refuse an unchanged revision, a bad firmware, a running record and another vendor’s', async () => {
    expect(await revise(rejected, { baseFirmwareVersion: '0.9.4' })).toEqual({
      status: 409,
      json: { message: revisionUnchangedMessage(1), field: 'baseFirmwareVersion' },
    })
    const bad = await revise(rejected, { baseFirmwareVersion: '1.x' })
    expect([bad.status, bad.json.field]).toEqual([400, 'baseFirmwareVersion'])
    expect(await revise(recertifying, { baseFirmwareVersion: '3.6.0' })).toEqual({
      status: 409,
      json: { message: ONLY_ENDED_REVISABLE_MESSAGE },
    })
    const other = await post('/api/portfoliomanager/record/revise', {
      portfolioManagerId: rejected,
      devicesToBeCertified: '1',
      deviceNumberList: ['X1'],
      baseFirmwareVersion: '1.0.0',
      yearOfManufacturing: '2026',
      isEngBuildAvailable: 'Yes',
      vendorUserId: 'v-sagemcom',
    })
    expect(other.status).toBe(404)
    expect(world.records.find((record) => record.portfolioManagerId === rejected)?.revision).toBeUndefined()
  })

  it('list three revisions of the Archer AX73, newest first, with certificates and the source', async () => {
    const { json } = await revisions(history)
    expect(
      json.revisions.map((item) => [
        item.revision,
        item.baseFirmwareVersion,
        item.certificate?.number ?? null,
        item.sourceCertificate,
      ]),
    ).toEqual([
      [3, '1.1.0', 'DCP-6MZQ-9YB3-HX7P', 'DCP-4TPX-5D2R-K8WN'],
      [2, '1.0.2', 'DCP-4TPX-5D2R-K8WN', null],
      [1, '0.9.8', null, null],
    ])
  })

  it('carry the firmware-insensitive cases in a full run of a certified device’s new revision', async () => {
    await revise(history, {
      deviceNumberList: ['AX73R0000118'],
      baseFirmwareVersion: '1.2.0',
      isEngBuildAvailable: 'No',
    })
    await post('/run-tests', { vendor_user_id: vendorUserId, portfolio_manager_id: history })
    const response = await fetch(
      `http://localhost/runs?vendor_user_id=${vendorUserId}&portfolio_manager_id=${history}`,
    )
    const [run] = ((await response.json()) as RunListAnswer).runs
    expect([run?.revision, run?.attempt]).toEqual([4, 4])
    const carried = run?.testCases.filter((test) => test.carriedFrom) ?? []
    expect(carried).toHaveLength(5)
    expect(carried[0]?.log).toEqual([carriedCaseNote('DCP-6MZQ-9YB3-HX7P', '1.1.0')])
  })

  it('keep a revision’s device on Edit and refuse to delete it', async () => {
    await revise(rejected)
    const base = {
      portfolioManagerId: rejected,
      vendor: 'TP-Link',
      deviceName: 'Deco X50',
      deviceType: 'Wi-Fi Mesh Device',
      productClass: 'Wi-Fi 6 Mesh',
      devicesToBeCertified: '1',
      deviceNumberList: ['DX50B0000311'],
      baseFirmwareVersion: '1.0.3',
      yearOfManufacturing: '2026',
      isEngBuildAvailable: 'Yes',
      vendorUserId,
    }
    expect((await post('/api/portfoliomanager/record/update', base)).status).toBe(200)
    expect(
      await post('/api/portfoliomanager/record/update', { ...base, productClass: 'Wi-Fi 7 Mesh' }),
    ).toEqual({
      status: 409,
      json: { message: REVISION_KEEPS_DEVICE_MESSAGE },
    })
    expect(await post('/api/portfoliomanager/delete', { portfolioManagerId: rejected })).toEqual({
      status: 409,
      json: { message: REVISED_RECORD_NOT_DELETABLE_MESSAGE },
    })
  })

  it('list the Archer AX73 once in the directory, with both firmware versions', async () => {
    const response = await fetch('http://localhost/api/certified-devices?search=Archer')
    const json = (await response.json()) as DirectoryAnswer
    expect(json.items.map((item) => [item.number, item.firmwareVersions])).toEqual([
      ['DCP-6MZQ-9YB3-HX7P', ['1.1.0', '1.0.2']],
    ])
  })
})

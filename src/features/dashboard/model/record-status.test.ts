import { describe, expect, expectTypeOf, it } from 'vitest'
import type { ProgressTone as ProgressBarTone } from '@/components/ui/progress-bar'
import type { StatusTone } from '@/components/ui/status-card'
import type { RecordState } from '@/contract/records'
import {
  STATUS_LEGEND,
  SUMMARY_CARDS,
  summaryCardCounts,
  type LegendTone,
  type SummaryCardTone,
} from '@/features/dashboard/model/record-status'

describe('summaryCardCounts', () => {
  it('gives the five cards in the spec order, all zero, for no records', () => {
    expect(summaryCardCounts([])).toEqual([
      { card: 'Submitted', label: 'Submitted', tone: 'submitted', count: 0 },
      { card: 'In Progress', label: 'In Progress', tone: 'in-progress', count: 0 },
      { card: 'Maintenance', label: 'Maintenance', tone: 'maintenance', count: 0 },
      { card: 'Validation Failure', label: 'Validation Failure', tone: 'validation-failure', count: 0 },
      { card: 'Certified', label: 'Certified', tone: 'certified', count: 0 },
    ])
  })

  it('counts a mixed list, leaving out unknown statuses and Completed records without a result', () => {
    const records: RecordState[] = [
      // Every status (the four of spec §4, an unknown one, none) × every isCertified value.
      ...['Submitted', 'InProgress', 'Completed', 'Maintenance', 'Archived', ''].flatMap((status) =>
        ['CERTIFIED-OK', 'Validation failure', ''].map((isCertified) => ({ status, isCertified })),
      ),
      { status: 'Completed', isCertified: 'CERTIFIED-OK' },
      { status: 'Submitted', isCertified: '' },
    ]
    expect(summaryCardCounts(records).map(({ label, count }) => [label, count])).toEqual([
      ['Submitted', 4],
      ['In Progress', 3],
      ['Maintenance', 3],
      ['Validation Failure', 1],
      ['Certified', 2],
    ])
  })

  it('counts 100,000 rows', () => {
    const statuses = ['Submitted', 'InProgress', 'Maintenance', 'Completed', 'Completed']
    const results = ['', '', '', 'CERTIFIED-OK', 'Validation failure']
    const records = Array.from({ length: 100_000 }, (_, index) => ({
      status: statuses[index % 5] ?? '',
      isCertified: results[index % 5] ?? '',
    }))
    expect(summaryCardCounts(records).map(({ count }) => count)).toEqual([
      20_000, 20_000, 20_000, 20_000, 20_000,
    ])
  })

  it('returns fresh objects, so a caller cannot change the card definitions', () => {
    const [first] = summaryCardCounts([])
    expect(first).not.toBe(SUMMARY_CARDS[0])
  })
})

describe('STATUS_LEGEND', () => {
  it('lists Submitted, In Progress, Failed, Completed with their progress colours', () => {
    expect(STATUS_LEGEND).toEqual([
      { label: 'Submitted', tone: 'submitted' },
      { label: 'In Progress', tone: 'in-progress' },
      { label: 'Failed', tone: 'failed' },
      { label: 'Completed', tone: 'certified' },
    ])
  })
})

describe('tones', () => {
  it('are the tones of the StatusCard and ProgressBar components', () => {
    expectTypeOf<SummaryCardTone>().toEqualTypeOf<StatusTone>()
    expectTypeOf<LegendTone>().toExtend<ProgressBarTone>()
  })
})

describe('a cancelled record', () => {
  it('counts in none of the five cards', () => {
    const counts = summaryCardCounts([
      { status: 'Cancelled', isCertified: '' },
      { status: 'Cancelled', isCertified: 'CERTIFIED-OK' },
      { status: 'Cancelled', isCertified: 'Validation failure' },
    ])
    expect(counts.map(({ count }) => count)).toEqual([0, 0, 0, 0, 0])
  })
})

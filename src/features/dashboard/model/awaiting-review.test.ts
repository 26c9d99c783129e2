import { describe, expect, it } from 'vitest'
import type { DeviceRecord } from '@/contract/records'
import {
  type ActionMenuRule,
  menuReasons,
  menuRefusals,
  type RecordAction,
  recordMenuRules,
} from '@/features/dashboard/model/action-menu'
import { filterOptionLabel, filterOptions, searchTextOf } from '@/features/dashboard/model/dashboard-filters'
import { DashboardView } from '@/features/dashboard/model/dashboard-view'
import { isProgressAnimated, progressOf } from '@/features/dashboard/model/progress'
import { summaryCardCounts, summaryCardOf } from '@/features/dashboard/model/record-status'
import { record, rows } from '@/features/dashboard/model/test-rows'
import { isRevisable, NEW_REVISION_DISABLED_REASON } from '@/contract/revisions'

/*
 * docs/decisions/0024 point 5: with review on, a finished run's record waits in
 * AwaitingReview, with no result, until a lab engineer approves or rejects it.
 */

const AWAITING = { status: 'AwaitingReview', isCertified: '' }
const REFUSAL = 'This device is awaiting the lab’s review of its last run.'
const EDIT = 'Only a Submitted record can be edited.'
const NO_RESULTS = 'There are no results until a certification run has ended.'
const NO_CERTIFICATE = 'There is no certificate until the device is certified.'
const NO_RUN = 'No certification run is in progress.'
/** Every disabled item says why (docs/decisions/0035), each reason once in the menu's foot. */
const AWAITING_REASONS = [REFUSAL, EDIT, NO_RESULTS, NO_CERTIFICATE, NO_RUN, NEW_REVISION_DISABLED_REASON]

/** Each listed item as the menu shows it: enabled, disabled, or disabled with the record's reason. */
const viewOf = (rules: ActionMenuRule<RecordAction>[]) =>
  rules
    .filter((rule) => rule.shown)
    .map((rule) => [
      rule.action,
      rule.reason ?? rule.refusal?.reason ?? (rule.enabled ? 'enabled' : 'disabled'),
    ])

describe('a record awaiting review on the dashboard', () => {
  it('counts in the In Progress card', () => {
    expect(summaryCardOf(AWAITING)).toBe('In Progress')
    expect(summaryCardOf({ status: 'InProgress', isCertified: '' })).toBe('In Progress')
    expect(summaryCardOf({ status: 'Cancelled', isCertified: '' })).toBeNull()
    expect(
      summaryCardCounts([AWAITING, AWAITING, { status: 'InProgress', isCertified: '' }]).map(
        ({ label, count }) => [label, count],
      ),
    ).toEqual([
      ['Submitted', 0],
      ['In Progress', 3],
      ['Maintenance', 0],
      ['Validation Failure', 0],
      ['Certified', 0],
    ])
  })

  it('moves between the cards as the live stream changes it', () => {
    const view = new DashboardView()
    const first = view.update(rows, {}, '')
    expect(first.counts.map(({ count }) => count)).toEqual([2, 1, 0, 0, 1])
    const next = rows.slice()
    next[0] = { ...(rows[0] as DeviceRecord), ...AWAITING }
    expect(view.update(next, {}, '').counts.map(({ count }) => count)).toEqual([1, 2, 0, 0, 1])
    const decided = next.slice()
    decided[0] = { ...(next[0] as DeviceRecord), status: 'Completed', isCertified: 'CERTIFIED-OK' }
    expect(view.update(decided, {}, '').counts.map(({ count }) => count)).toEqual([1, 1, 0, 0, 2])
  })

  it('has a still, full bar in the In Progress colour named Awaiting review', () => {
    expect(progressOf(AWAITING, 0)).toEqual({ percent: 100, tone: 'in-progress', label: 'Awaiting review' })
    expect(progressOf(AWAITING, 60_000)).toEqual(progressOf(AWAITING, 0))
    expect(isProgressAnimated(AWAITING)).toBe(false)
  })

  it('holds Start Certify and Re-run Failed Cases back with the server’s reason; comments stay open', () => {
    expect(viewOf(recordMenuRules(AWAITING))).toEqual([
      ['Start Certify', REFUSAL],
      ['Edit', EDIT],
      ['Download Results', NO_RESULTS],
      ['Add Comments', 'enabled'],
      ['Email Certificate', NO_CERTIFICATE],
      ['Download Certificate', NO_CERTIFICATE],
      ['Re-run Failed Cases', REFUSAL],
      ['Cancel Run', NO_RUN],
      ['New revision', NEW_REVISION_DISABLED_REASON],
    ])
    expect(menuReasons(recordMenuRules(AWAITING))).toEqual(AWAITING_REASONS)
  })

  it('gives every role the same reason and no role refusal for what the record holds back', () => {
    for (const role of ['Owner', 'Engineer', 'Viewer'] as const) {
      const rules = recordMenuRules(AWAITING, role)
      expect(rules.find((rule) => rule.action === 'Start Certify')).toEqual({
        action: 'Start Certify',
        shown: true,
        enabled: false,
        reason: REFUSAL,
      })
      expect(menuRefusals(rules)).toEqual([])
      expect(menuReasons(rules)).toEqual(AWAITING_REASONS)
    }
  })

  it('gives its server reason to no other record', () => {
    for (const status of ['Submitted', 'InProgress', 'Maintenance', 'Completed', 'Cancelled', 'Archived'])
      for (const isCertified of ['', 'CERTIFIED-OK', 'Validation failure'])
        expect(menuReasons(recordMenuRules({ status, isCertified }, 'Viewer'))).not.toContain(REFUSAL)
    expect(isRevisable('AwaitingReview')).toBe(false)
  })

  it('shows Awaiting review in the Status filter and finds the row by those words', () => {
    const list = [...rows, record({ portfolioManagerId: 'e', ...AWAITING })]
    expect(filterOptions(list, 'status')).toEqual(['AwaitingReview', 'Completed', 'InProgress', 'Submitted'])
    expect(filterOptionLabel('status', 'AwaitingReview')).toBe('Awaiting review')
    expect(filterOptionLabel('status', 'InProgress')).toBe('InProgress')
    expect(filterOptionLabel('deviceName', 'AwaitingReview')).toBe('AwaitingReview')
    expect(searchTextOf(record(AWAITING))).toContain('awaiting review')
    const found = new DashboardView().update(list, {}, 'awaiting review').visible
    expect(found.map((row) => row.portfolioManagerId)).toEqual(['e'])
    expect(
      new DashboardView()
        .update(list, { status: 'AwaitingReview' }, '')
        .visible.map((row) => row.portfolioManagerId),
    ).toEqual(['e'])
  })
})

import { describe, expect, it } from 'vitest'
import {
  type ActionMenuRule,
  menuReasons,
  type RecordAction,
  recordMenuRules,
} from '@/features/dashboard/model/action-menu'
import { ROLES } from '@/contract/roles'

/* docs/decisions/0035 point 4: every item the record's state disables says why, in words. */

const RUNNING = 'A certification run is in progress.'
const CERTIFIED = 'The device is already certified.'
const UNKNOWN = 'The record’s status is not known.'
const EDIT = 'Only a Submitted record can be edited.'
const NO_RESULTS = 'There are no results until a certification run has ended.'
const NO_CERTIFICATE = 'There is no certificate until the device is certified.'
const NO_FAILED = 'Only a run that ended in Validation failure has failed cases to run again.'
const NO_RUN = 'No certification run is in progress.'
const REVISION = 'A new revision can be made once the current run has ended.'

/** Each listed item: 'enabled', or its reason. */
const reasonsOf = (status: string, isCertified = '') =>
  recordMenuRules({ status, isCertified })
    .filter((rule) => rule.shown)
    .map((rule: ActionMenuRule<RecordAction>) => [rule.action, rule.enabled ? 'enabled' : rule.reason])

describe('the reasons of disabled items', () => {
  it('Submitted: nothing to download or mail yet, no run to re-run or cancel', () => {
    expect(reasonsOf('Submitted')).toEqual([
      ['Start Certify', 'enabled'],
      ['Edit', 'enabled'],
      ['Delete', 'enabled'],
      ['Download Results', NO_RESULTS],
      ['Add Comments', 'enabled'],
      ['Email Certificate', NO_CERTIFICATE],
      ['Download Certificate', NO_CERTIFICATE],
      ['Re-run Failed Cases', NO_FAILED],
      ['Cancel Run', NO_RUN],
      ['New revision', REVISION],
    ])
    // Each reason once in the menu's foot, in menu order.
    expect(menuReasons(recordMenuRules({ status: 'Submitted', isCertified: '' }))).toEqual([
      NO_RESULTS,
      NO_CERTIFICATE,
      NO_FAILED,
      NO_RUN,
      REVISION,
    ])
  })

  it('InProgress: Start Certify and Edit wait for the run', () => {
    expect(reasonsOf('InProgress')).toEqual([
      ['Start Certify', RUNNING],
      ['Edit', RUNNING],
      ['Download Results', NO_RESULTS],
      ['Add Comments', 'enabled'],
      ['Email Certificate', NO_CERTIFICATE],
      ['Download Certificate', NO_CERTIFICATE],
      ['Re-run Failed Cases', NO_FAILED],
      ['Cancel Run', 'enabled'],
      ['New revision', REVISION],
    ])
    expect(reasonsOf('Maintenance')[0]).toEqual(['Start Certify', RUNNING])
  })

  it('Certified: Start Certify has nothing left to reach; Edit is for Submitted records', () => {
    expect(reasonsOf('Completed', 'CERTIFIED-OK')).toEqual([
      ['Start Certify', CERTIFIED],
      ['Edit', EDIT],
      ['Download Results', 'enabled'],
      ['Add Comments', 'enabled'],
      ['Email Certificate', 'enabled'],
      ['Download Certificate', 'enabled'],
      ['Re-run Failed Cases', NO_FAILED],
      ['Cancel Run', NO_RUN],
      ['New revision', 'enabled'],
    ])
  })

  it('Validation failure: no certificate, nothing running', () => {
    expect(reasonsOf('Completed', 'Validation failure')).toEqual([
      ['Start Certify', 'enabled'],
      ['Edit', EDIT],
      ['Download Results', 'enabled'],
      ['Add Comments', 'enabled'],
      ['Email Certificate', NO_CERTIFICATE],
      ['Download Certificate', NO_CERTIFICATE],
      ['Re-run Failed Cases', 'enabled'],
      ['Cancel Run', NO_RUN],
      ['New revision', 'enabled'],
    ])
  })

  it('an unknown status says so for Start Certify', () => {
    expect(reasonsOf('Archived')[0]).toEqual(['Start Certify', UNKNOWN])
  })

  it('lets a Completed record without a result start again, as the server does (decision 0041)', () => {
    expect(reasonsOf('Completed')[0]).toEqual(['Start Certify', 'enabled'])
  })

  it('gives every shown, disabled item a reason or a refusal, for every role', () => {
    for (const status of [
      'Submitted',
      'InProgress',
      'Maintenance',
      'Completed',
      'Cancelled',
      'AwaitingReview',
      'X',
    ])
      for (const isCertified of ['', 'CERTIFIED-OK', 'Validation failure'])
        for (const role of ROLES)
          for (const rule of recordMenuRules({ status, isCertified }, role))
            if (rule.shown && !rule.enabled) expect(Boolean(rule.reason) !== Boolean(rule.refusal)).toBe(true)
  })
})

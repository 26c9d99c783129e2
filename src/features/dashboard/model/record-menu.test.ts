import { describe, expect, it } from 'vitest'
import {
  actionMenuRules,
  type ActionMenuRule,
  RECORD_ACTIONS,
  type RecordAction,
  recordMenuRules,
  RUN_ACTIONS,
} from '@/features/dashboard/model/action-menu'

/* The whole menu (issue 17, docs/decisions/0022); action-menu.test.ts pins the spec's six. */

type State = 'enabled' | 'disabled' | 'hidden'
const on = 'enabled'
const off = 'disabled'
const no = 'hidden'
const stateOf = ({ shown, enabled }: ActionMenuRule<RecordAction>): State =>
  !shown ? no : enabled ? on : off

// Columns: Start Certify, Edit, Delete, Download Results, Add Comments, Email Certificate,
// Re-run Failed Cases, Cancel Run.
type Row = [
  status: string,
  isCertified: string,
  menu: [State, State, State, State, State, State, State, State],
]
const cases: Row[] = [
  ['Submitted', '', [on, on, on, off, on, off, off, off]],
  ['Submitted', 'Validation failure', [on, on, on, off, on, off, off, off]],
  ['Submitted', 'CERTIFIED-OK', [on, on, on, off, on, on, off, off]],
  ['InProgress', '', [off, off, no, off, on, off, off, on]],
  ['InProgress', 'Validation failure', [off, off, no, on, on, off, off, on]],
  ['InProgress', 'CERTIFIED-OK', [off, off, no, on, on, on, off, on]],
  ['Maintenance', '', [off, off, no, off, on, off, off, on]],
  ['Maintenance', 'Validation failure', [off, off, no, on, on, off, off, on]],
  ['Maintenance', 'CERTIFIED-OK', [off, off, no, on, on, on, off, on]],
  ['Completed', 'CERTIFIED-OK', [off, off, no, on, on, on, off, off]],
  ['Completed', 'Validation failure', [on, off, no, on, on, off, on, off]],
  ['Completed', '', [off, off, no, on, on, off, off, off]],
  // Cancelled: Start Certify starts again; nothing to re-run or cancel.
  ['Cancelled', '', [on, off, no, off, on, off, off, off]],
  ['Cancelled', 'Validation failure', [on, off, no, on, on, off, off, off]],
  ['Cancelled', 'CERTIFIED-OK', [on, off, no, on, on, on, off, off]],
  // Unknown statuses (a lower-case spelling too): only what the spec leaves open.
  ['Archived', '', [off, off, no, off, on, off, off, off]],
  ['Archived', 'Validation failure', [off, off, no, on, on, off, off, off]],
  ['Archived', 'CERTIFIED-OK', [off, off, no, on, on, on, off, off]],
  ['cancelled', '', [off, off, no, off, on, off, off, off]],
  ['', '', [off, off, no, off, on, off, off, off]],
  ['', 'Validation failure', [off, off, no, on, on, off, off, off]],
]

describe('recordMenuRules', () => {
  it('lists the spec six in their order, then the two run actions', () => {
    expect(RUN_ACTIONS).toEqual(['Re-run Failed Cases', 'Cancel Run'])
    expect(recordMenuRules({ status: 'Submitted', isCertified: '' }).map(({ action }) => action)).toEqual([
      ...RECORD_ACTIONS,
      ...RUN_ACTIONS,
    ])
  })

  it.each(cases)('status %j with isCertified %j: %j', (status, isCertified, menu) => {
    expect(recordMenuRules({ status, isCertified }).map(stateOf)).toEqual(menu)
  })

  it.each(cases)('keeps the spec six exactly as actionMenuRules (status %j, %j)', (status, isCertified) => {
    expect(recordMenuRules({ status, isCertified }).slice(0, 6)).toEqual(
      actionMenuRules({ status, isCertified }),
    )
  })

  it.each(cases)('always shows the two run actions (status %j, %j)', (status, isCertified) => {
    const [rerun, cancel] = recordMenuRules({ status, isCertified }).slice(6)
    expect([rerun?.shown, cancel?.shown]).toEqual([true, true])
  })

  it('reads the result exactly as the services send it', () => {
    expect(recordMenuRules({ status: 'Completed', isCertified: 'validation failure' })[6]?.enabled).toBe(
      false,
    )
  })
})

import { describe, expect, it } from 'vitest'
import { actionMenuRules, RECORD_ACTIONS, type ActionMenuRule } from '@/features/dashboard/model/action-menu'

type State = 'enabled' | 'disabled' | 'hidden'
// Columns: Start Certify, Edit, Delete, Download Results, Add Comments, Email Certificate.
type Row = [status: string, isCertified: string, menu: [State, State, State, State, State, State]]

const on = 'enabled'
const off = 'disabled'
const no = 'hidden'

// Every status (the four of spec §4, an unknown one, none) × every isCertified value.
const cases: Row[] = [
  ['Submitted', 'CERTIFIED-OK', [on, on, on, off, on, on]],
  ['Submitted', 'Validation failure', [on, on, on, off, on, off]],
  ['Submitted', '', [on, on, on, off, on, off]],
  ['InProgress', 'CERTIFIED-OK', [off, off, no, on, on, on]],
  ['InProgress', 'Validation failure', [off, off, no, on, on, off]],
  ['InProgress', '', [off, off, no, off, on, off]],
  ['Completed', 'CERTIFIED-OK', [off, off, no, on, on, on]],
  ['Completed', 'Validation failure', [on, off, no, on, on, off]],
  ['Completed', '', [on, off, no, on, on, off]],
  ['Maintenance', 'CERTIFIED-OK', [off, off, no, on, on, on]],
  ['Maintenance', 'Validation failure', [off, off, no, on, on, off]],
  ['Maintenance', '', [off, off, no, off, on, off]],
  ['Archived', 'CERTIFIED-OK', [off, off, no, on, on, on]],
  ['Archived', 'Validation failure', [off, off, no, on, on, off]],
  ['Archived', '', [off, off, no, off, on, off]],
  ['', 'CERTIFIED-OK', [off, off, no, on, on, on]],
  ['', 'Validation failure', [off, off, no, on, on, off]],
  ['', '', [off, off, no, off, on, off]],
]

const stateOf = ({ shown, enabled }: ActionMenuRule): State => (!shown ? no : enabled ? on : off)

describe('actionMenuRules', () => {
  it('lists the actions in the spec order', () => {
    expect(RECORD_ACTIONS).toEqual([
      'Start Certify',
      'Edit',
      'Delete',
      'Download Results',
      'Add Comments',
      'Email Certificate',
    ])
    expect(actionMenuRules({ status: 'Submitted', isCertified: '' }).map(({ action }) => action)).toEqual(
      RECORD_ACTIONS,
    )
  })

  it.each(cases)('status %j with isCertified %j: %j', (status, isCertified, menu) => {
    expect(actionMenuRules({ status, isCertified }).map(stateOf)).toEqual(menu)
  })

  it.each(cases)('status %j with a missing isCertified is as with an empty one', (status) => {
    expect(actionMenuRules({ status })).toEqual(actionMenuRules({ status, isCertified: '' }))
  })

  it('never enables an action it hides', () => {
    for (const [status, isCertified] of cases) {
      for (const rule of actionMenuRules({ status, isCertified })) {
        if (!rule.shown) expect(rule.enabled).toBe(false)
      }
    }
  })

  it('reads the result exactly as the services send it', () => {
    const menu = actionMenuRules({ status: 'InProgress', isCertified: 'certified-ok' }).map(stateOf)
    expect(menu).toEqual([off, off, no, off, on, off])
  })
})

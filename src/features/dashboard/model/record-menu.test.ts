import { describe, expect, it } from 'vitest'
import { ROLES } from '@/contract/roles'
import {
  ACTION_PERMISSIONS,
  actionMenuRules,
  type ActionMenuRule,
  menuReasons,
  menuRefusals,
  RECORD_ACTIONS,
  type RecordAction,
  recordMenuRules,
  RUN_ACTIONS,
  CERTIFICATE_ACTIONS,
  REVISION_ACTIONS,
} from '@/features/dashboard/model/action-menu'
import { NEW_REVISION_DISABLED_REASON } from '@/contract/revisions'

/* The whole menu (docs/decisions/0022); action-menu.test.ts pins the spec's six. */

type State = 'enabled' | 'disabled' | 'hidden'
const on = 'enabled'
const off = 'disabled'
const no = 'hidden'
const stateOf = ({ shown, enabled }: ActionMenuRule<RecordAction>): State =>
  !shown ? no : enabled ? on : off

// Columns: Start Certify, Edit, Delete, Download Results, Add Comments, Email Certificate,
// Download Certificate, Re-run Failed Cases, Cancel Run, New revision.
type Row = [
  status: string,
  isCertified: string,
  menu: [State, State, State, State, State, State, State, State, State, State],
]
const cases: Row[] = [
  ['Submitted', '', [on, on, on, off, on, off, off, off, off, off]],
  ['Submitted', 'Validation failure', [on, on, on, off, on, off, off, off, off, off]],
  ['Submitted', 'CERTIFIED-OK', [on, on, on, off, on, on, on, off, off, off]],
  ['InProgress', '', [off, off, no, off, on, off, off, off, on, off]],
  ['InProgress', 'Validation failure', [off, off, no, on, on, off, off, off, on, off]],
  ['InProgress', 'CERTIFIED-OK', [off, off, no, on, on, on, on, off, on, off]],
  ['Maintenance', '', [off, off, no, off, on, off, off, off, on, off]],
  ['Maintenance', 'Validation failure', [off, off, no, on, on, off, off, off, on, off]],
  ['Maintenance', 'CERTIFIED-OK', [off, off, no, on, on, on, on, off, on, off]],
  ['Completed', 'CERTIFIED-OK', [off, off, no, on, on, on, on, off, off, on]],
  ['Completed', 'Validation failure', [on, off, no, on, on, off, off, on, off, on]],
  ['Completed', '', [on, off, no, on, on, off, off, off, off, on]],
  // Cancelled: Start Certify starts again; nothing to re-run or cancel.
  ['Cancelled', '', [on, off, no, off, on, off, off, off, off, on]],
  ['Cancelled', 'Validation failure', [on, off, no, on, on, off, off, off, off, on]],
  ['Cancelled', 'CERTIFIED-OK', [on, off, no, on, on, on, on, off, off, on]],
  // Unknown statuses (a lower-case spelling too): only what the spec leaves open.
  ['Archived', '', [off, off, no, off, on, off, off, off, off, off]],
  ['Archived', 'Validation failure', [off, off, no, on, on, off, off, off, off, off]],
  ['Archived', 'CERTIFIED-OK', [off, off, no, on, on, on, on, off, off, off]],
  ['cancelled', '', [off, off, no, off, on, off, off, off, off, off]],
  ['', '', [off, off, no, off, on, off, off, off, off, off]],
  ['', 'Validation failure', [off, off, no, on, on, off, off, off, off, off]],
]

describe('recordMenuRules', () => {
  it('lists the spec six in their order, Download Certificate, then the two run actions', () => {
    expect(RUN_ACTIONS).toEqual(['Re-run Failed Cases', 'Cancel Run'])
    expect(CERTIFICATE_ACTIONS).toEqual(['Download Certificate'])
    expect(recordMenuRules({ status: 'Submitted', isCertified: '' }).map(({ action }) => action)).toEqual([
      ...RECORD_ACTIONS,
      'Download Certificate',
      ...RUN_ACTIONS,
      ...REVISION_ACTIONS,
    ])
    expect(REVISION_ACTIONS).toEqual(['New revision'])
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
    const [download, rerun, cancel] = recordMenuRules({ status, isCertified }).slice(6)
    expect([download?.shown, rerun?.shown, cancel?.shown]).toEqual([true, true, true])
  })

  it('reads the result exactly as the services send it', () => {
    expect(recordMenuRules({ status: 'Completed', isCertified: 'validation failure' })[7]?.enabled).toBe(
      false,
    )
    expect(recordMenuRules({ status: 'Completed', isCertified: 'certified-ok' })[6]?.enabled).toBe(false)
  })
})

/* docs/decisions/0023: the member's role on top of the record's rules. */

const RUNS = 'Your role in this organization does not allow starting or cancelling certification runs.'
const PORTFOLIO = 'Your role in this organization does not allow submitting, editing or deleting devices.'
const CERTIFICATE = 'Your role in this organization does not allow sending certificates.'
const HINT = 'Ask an Owner of your organization for another role.'

/** Each listed item as the menu shows it: enabled, disabled by the rules, or refused with the reason. */
const viewOf = (rules: ActionMenuRule<RecordAction>[]) =>
  rules
    .filter((rule) => rule.shown)
    .map((rule) => [rule.action, rule.refusal?.reason ?? (rule.enabled ? on : off)])

describe('recordMenuRules for a role', () => {
  it('maps each action to the permission it needs', () => {
    expect(ACTION_PERMISSIONS).toEqual({
      'Start Certify': 'runs',
      Edit: 'portfolio',
      Delete: 'portfolio',
      'Download Results': 'read',
      'Add Comments': 'read',
      'Email Certificate': 'certificate',
      'Download Certificate': 'read',
      'Re-run Failed Cases': 'runs',
      'Cancel Run': 'runs',
      'New revision': 'portfolio',
    })
  })

  it.each(cases)(
    'gives an Owner, an Engineer and a login without a role the rules unchanged (status %j, %j)',
    (status, isCertified) => {
      const rules = recordMenuRules({ status, isCertified })
      expect(recordMenuRules({ status, isCertified }, 'Owner')).toEqual(rules)
      expect(recordMenuRules({ status, isCertified }, 'Engineer')).toEqual(rules)
      expect(rules.some((rule) => 'refusal' in rule)).toBe(false)
    },
  )

  it('refuses a Viewer what a Submitted record allows but reading', () => {
    expect(viewOf(recordMenuRules({ status: 'Submitted', isCertified: '' }, 'Viewer'))).toEqual([
      ['Start Certify', RUNS],
      ['Edit', PORTFOLIO],
      ['Delete', PORTFOLIO],
      ['Download Results', off],
      ['Add Comments', on],
      ['Email Certificate', off],
      ['Download Certificate', off],
      ['Re-run Failed Cases', off],
      ['Cancel Run', off],
      ['New revision', off],
    ])
  })

  it('leaves a Viewer the results and the certificate PDF of a Certified record, and refuses mailing it', () => {
    expect(viewOf(recordMenuRules({ status: 'Completed', isCertified: 'CERTIFIED-OK' }, 'Viewer'))).toEqual([
      ['Start Certify', off],
      ['Edit', off],
      ['Download Results', on],
      ['Add Comments', on],
      ['Email Certificate', CERTIFICATE],
      ['Download Certificate', on],
      ['Re-run Failed Cases', off],
      ['Cancel Run', off],
      ['New revision', PORTFOLIO],
    ])
  })

  it('refuses a Viewer the runs of a failed record and of a running one', () => {
    expect(
      viewOf(recordMenuRules({ status: 'Completed', isCertified: 'Validation failure' }, 'Viewer')),
    ).toEqual([
      ['Start Certify', RUNS],
      ['Edit', off],
      ['Download Results', on],
      ['Add Comments', on],
      ['Email Certificate', off],
      ['Download Certificate', off],
      ['Re-run Failed Cases', RUNS],
      ['Cancel Run', off],
      ['New revision', PORTFOLIO],
    ])
    expect(viewOf(recordMenuRules({ status: 'InProgress', isCertified: 'CERTIFIED-OK' }, 'Viewer'))).toEqual([
      ['Start Certify', off],
      ['Edit', off],
      ['Download Results', on],
      ['Add Comments', on],
      ['Email Certificate', CERTIFICATE],
      ['Download Certificate', on],
      ['Re-run Failed Cases', off],
      ['Cancel Run', RUNS],
      ['New revision', off],
    ])
  })

  it.each(cases)(
    'never gives a reason for what the rules hide or disable (status %j, %j)',
    (status, isCertified) => {
      const rules = recordMenuRules({ status, isCertified })
      for (const role of ROLES) {
        recordMenuRules({ status, isCertified }, role).forEach((rule, index) => {
          const before = rules[index]
          expect(rule.shown).toBe(before?.shown)
          if (!before?.enabled) expect(rule).toEqual(before)
          // A role only ever takes away: refused or as the rules say.
          if (rule.enabled) expect(before?.enabled).toBe(true)
          if (!rule.enabled && before?.enabled) expect(rule.refusal?.hint).toBe(HINT)
        })
      }
    },
  )

  it('lists each refusal once, in menu order, with the hint', () => {
    const refusals = menuRefusals(recordMenuRules({ status: 'Submitted', isCertified: '' }, 'Viewer'))
    expect(refusals).toEqual([
      { permission: 'runs', reason: RUNS, hint: HINT },
      { permission: 'portfolio', reason: PORTFOLIO, hint: HINT },
    ])
    expect(menuRefusals(recordMenuRules({ status: 'Submitted', isCertified: '' }, 'Owner'))).toEqual([])
    expect(menuRefusals(recordMenuRules({ status: 'Submitted', isCertified: '' }, 'Engineer'))).toEqual([])
  })
})

/* docs/decisions/0033: New revision, once the record's run has ended. */

describe('New revision', () => {
  const newRevision = (status: string, isCertified = '') =>
    recordMenuRules({ status, isCertified }).find((rule) => rule.action === 'New revision')

  it.each([
    ['Completed', 'CERTIFIED-OK'],
    ['Completed', 'Validation failure'],
    ['Completed', ''],
    ['Cancelled', ''],
  ])('is enabled for a %s record with isCertified %j, without a reason', (status, isCertified) => {
    expect(newRevision(status, isCertified)).toEqual({ action: 'New revision', shown: true, enabled: true })
  })

  it.each(['Submitted', 'InProgress', 'Maintenance', 'AwaitingReview', 'Archived', 'cancelled', ''])(
    'is disabled for a %j record, saying why',
    (status) => {
      expect(newRevision(status)).toEqual({
        action: 'New revision',
        shown: true,
        enabled: false,
        reason: 'A new revision can be made once the current run has ended.',
      })
      expect(menuReasons(recordMenuRules({ status, isCertified: '' }))).toContain(
        NEW_REVISION_DISABLED_REASON,
      )
    },
  )

  it('is refused to a Viewer when the record allows it, as Edit is', () => {
    const rule = recordMenuRules({ status: 'Cancelled', isCertified: '' }, 'Viewer').at(-1)
    expect(rule).toEqual({
      action: 'New revision',
      shown: true,
      enabled: false,
      refusal: { permission: 'portfolio', reason: PORTFOLIO, hint: HINT },
    })
    expect(recordMenuRules({ status: 'Cancelled', isCertified: '' }, 'Engineer').at(-1)?.enabled).toBe(true)
  })
})

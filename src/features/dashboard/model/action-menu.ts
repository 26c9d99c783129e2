import { CANCELLED_STATUS } from '@/contract/certification'
import { CERTIFIED_OK, VALIDATION_FAILURE } from '@/contract/records'
import type { RecordState } from '@/contract/records'
import type { Permission, Role } from '@/contract/roles'
import { type RoleRefusal, roleRefusal } from '@/lib/role'

/* The row's actions menu (spec §2 "Dashboard", §4 "Menu rules"). */

/** The actions in the spec's order. */
export const RECORD_ACTIONS = [
  'Start Certify',
  'Edit',
  'Delete',
  'Download Results',
  'Add Comments',
  'Email Certificate',
] as const
/**
 * Issue 17's actions, listed after the spec's six (docs/decisions/0022), with the same
 * disabled style: always shown, enabled when they can act.
 */
export const RUN_ACTIONS = ['Re-run Failed Cases', 'Cancel Run'] as const

export type SpecRecordAction = (typeof RECORD_ACTIONS)[number]
export type RecordAction = SpecRecordAction | (typeof RUN_ACTIONS)[number]

export interface ActionMenuRule<A extends RecordAction = SpecRecordAction> {
  action: A
  /** Whether the menu lists the action at all. */
  shown: boolean
  /** Whether it can be chosen; always false when not shown. */
  enabled: boolean
  /**
   * Issue 18: the member's role may not do it, though the record's rules would allow it. Set only
   * then: an action the rules disable says nothing about the role.
   */
  refusal?: RoleRefusal
}

// isCertified is missing (not just empty) on a record that has not been through the contract schema.
const hasResult = (isCertified: string | undefined) =>
  isCertified === CERTIFIED_OK || isCertified === VALIDATION_FAILURE

/** Each of the spec's six actions, in order, with whether it is shown and enabled for this record. */
export function actionMenuRules(record: RecordState): ActionMenuRule[] {
  const { status, isCertified } = record
  const submitted = status === 'Submitted'
  const failedRun = status === 'Completed' && isCertified === VALIDATION_FAILURE
  const enabledFor: Record<SpecRecordAction, boolean> = {
    // Spec: it moves a Submitted record toward certification. Decision: also allowed after a
    // Validation failure, so a run the lab ended in failure (decision 7: runs that cannot resume
    // end failed) can be tried again, and after a cancelled run (issue 17: "start again"). Never
    // while a run is InProgress or waits in Maintenance (one run at a time), after CERTIFIED-OK
    // (nothing left to reach), or for an unknown status.
    'Start Certify': submitted || failedRun || status === CANCELLED_STATUS,
    // Decision: Edit opens the record in the portfolio form, so only before certification starts;
    // changing a device after a run would leave a result that no longer matches it.
    Edit: submitted,
    // Spec: Delete appears only for Submitted records (and is then usable).
    Delete: submitted,
    // Spec, to the letter: disabled when Submitted, or when not Completed and without a result.
    // So a Completed record is downloadable even with no result (the run's report still exists),
    // and a record whose later status is odd keeps the result of its earlier run downloadable.
    'Download Results': !submitted && (status === 'Completed' || hasResult(isCertified)),
    // Decision: comments are a conversation about the record at any stage, so always available.
    'Add Comments': true,
    // Spec: disabled unless isCertified is CERTIFIED-OK, whatever the status.
    'Email Certificate': isCertified === CERTIFIED_OK,
  }
  return RECORD_ACTIONS.map((action) => {
    const shown = action === 'Delete' ? submitted : true
    return { action, shown, enabled: shown && enabledFor[action] }
  })
}

/**
 * What each action needs of the member's role (docs/decisions/0023). Add Comments opens the
 * record's comments, which every role reads; adding one is the dialog's matter ('comment').
 */
export const ACTION_PERMISSIONS: Readonly<Record<RecordAction, Permission>> = {
  'Start Certify': 'runs',
  Edit: 'portfolio',
  Delete: 'portfolio',
  'Download Results': 'read',
  'Add Comments': 'read',
  'Email Certificate': 'certificate',
  'Re-run Failed Cases': 'runs',
  'Cancel Run': 'runs',
}

/**
 * The role on top of the record's rules: an action the rules enable but the role may not do stays
 * listed, disabled, with the role's refusal. The rules come first: what they hide or disable stays
 * so, without a refusal. An Owner (and a login without a role) gets the rules unchanged.
 */
export function withRole<A extends RecordAction>(
  rules: ActionMenuRule<A>[],
  role: Role,
): ActionMenuRule<A>[] {
  return rules.map((rule) => {
    const refusal = rule.enabled ? roleRefusal(role, ACTION_PERMISSIONS[rule.action]) : null
    return refusal ? { ...rule, enabled: false, refusal } : rule
  })
}

/**
 * The whole menu: the spec's six by their rules, then issue 17's two, always shown. Re-run Failed
 * Cases runs again the cases the latest attempt did not pass, so only after a Validation failure;
 * Cancel Run ends the run going, so only while it is InProgress or waits in Maintenance. Then the
 * member's role (withRole; 'Owner' when not given).
 */
export function recordMenuRules(record: RecordState, role: Role = 'Owner'): ActionMenuRule<RecordAction>[] {
  const { status, isCertified } = record
  const rerun = status === 'Completed' && isCertified === VALIDATION_FAILURE
  const cancel = status === 'InProgress' || status === 'Maintenance'
  return withRole<RecordAction>(
    [
      ...actionMenuRules(record),
      { action: 'Re-run Failed Cases', shown: true, enabled: rerun },
      { action: 'Cancel Run', shown: true, enabled: cancel },
    ],
    role,
  )
}

/**
 * The refusals of the listed actions, each once, in menu order: the menu says each reason once
 * under its items, with the hint.
 */
export function menuRefusals(rules: ReadonlyArray<ActionMenuRule<RecordAction>>): RoleRefusal[] {
  const refusals: RoleRefusal[] = []
  for (const { shown, refusal } of rules) {
    if (shown && refusal && !refusals.some((known) => known.permission === refusal.permission))
      refusals.push(refusal)
  }
  return refusals
}

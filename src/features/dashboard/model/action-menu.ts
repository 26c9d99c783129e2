import { CERTIFIED_OK, mayRerunFailed, type RecordState, VALIDATION_FAILURE } from '@/contract/records'
import type { Permission, Role } from '@/contract/roles'
import { type RoleRefusal, roleRefusal } from '@/lib/role'
import { isRevisable, NEW_REVISION_DISABLED_REASON, NEW_REVISION_LABEL } from '@/contract/revisions'
import { disabledReason } from '@/features/dashboard/model/disabled-reasons'
import { startRefusal } from '@/contract/run-start'

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
 * The run actions, listed after the spec's six (docs/decisions/0022), with the same
 * disabled style: always shown, enabled when they can act.
 */
export const RUN_ACTIONS = ['Re-run Failed Cases', 'Cancel Run'] as const
/**
 * The certificate's action, right after the spec's six and before the run actions: beside Email Certificate,
 * under its rule (enabled only when CERTIFIED-OK), for every role that reads the record.
 */
export const CERTIFICATE_ACTIONS = ['Download Certificate'] as const
/**
 * docs/decisions/0033: New revision, last and after its own separator: the device's fixed or
 * updated firmware as the record's next revision. Always shown, enabled once the record's run has
 * ended; disabled, it says why.
 */
export const REVISION_ACTIONS = [NEW_REVISION_LABEL] as const

export type SpecRecordAction = (typeof RECORD_ACTIONS)[number]
export type RecordAction =
  | SpecRecordAction
  | (typeof CERTIFICATE_ACTIONS)[number]
  | (typeof RUN_ACTIONS)[number]
  | (typeof REVISION_ACTIONS)[number]

export interface ActionMenuRule<A extends RecordAction = SpecRecordAction> {
  action: A
  /** Whether the menu lists the action at all. */
  shown: boolean
  /** Whether it can be chosen; always false when not shown. */
  enabled: boolean
  /**
   * The member's role may not do it, though the record's rules would allow it. Set only
   * then: an action the rules disable says nothing about the role.
   */
  refusal?: RoleRefusal
  /**
   * Why the record's state keeps the action disabled, said in the menu's foot
   * (model/disabled-reasons.ts; a record awaiting the lab's review: AWAITING_REVIEW_REFUSAL_MESSAGE,
   * the server's refusal word for word). Set on every shown, disabled action; never with `refusal`.
   */
  reason?: string
}

/** The record's reason for `action`, on a shown and disabled rule, as its `reason` field. */
function withReason<A extends RecordAction>(rule: ActionMenuRule<A>, record: RecordState): ActionMenuRule<A> {
  if (rule.enabled || !rule.shown) return rule
  return { ...rule, reason: disabledReason(rule.action, record) }
}

// isCertified is missing (not just empty) on a record that has not been through the contract schema.
const hasResult = (isCertified: string | undefined) =>
  isCertified === CERTIFIED_OK || isCertified === VALIDATION_FAILURE

/** Each of the spec's six actions, in order, with whether it is shown and enabled for this record. */
export function actionMenuRules(record: RecordState): ActionMenuRule[] {
  const { status, isCertified } = record
  const submitted = status === 'Submitted'
  const enabledFor: Record<SpecRecordAction, boolean> = {
    // The contract's rule, which the server and the lab console follow too (decision 0041): from
    // Submitted (spec), after a run that ended without a certificate, after a cancelled run; never
    // while a run goes, while the lab reviews, once certified (a new revision certifies changed
    // firmware), or for a status the portal does not know.
    'Start Certify': startRefusal(record) === null,
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
    return withReason({ action, shown, enabled: shown && enabledFor[action] }, record)
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
  'Download Certificate': 'read',
  'Re-run Failed Cases': 'runs',
  'Cancel Run': 'runs',
  // A revision changes the device's details, as Edit does.
  'New revision': 'portfolio',
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
 * The whole menu: the spec's six by their rules, Download Certificate under Email Certificate's
 * rule, then the two, always shown. Re-run Failed
 * Cases runs again the cases the latest attempt did not pass, so only after a Validation failure;
 * Cancel Run ends the run going, so only while it is InProgress or waits in Maintenance. Then the
 * member's role (withRole; 'Owner' when not given).
 */
export function recordMenuRules(record: RecordState, role: Role = 'Owner'): ActionMenuRule<RecordAction>[] {
  const { status, isCertified } = record
  const rerun = mayRerunFailed(record)
  const cancel = status === 'InProgress' || status === 'Maintenance'
  return withRole<RecordAction>(
    [
      ...actionMenuRules(record),
      withReason(
        { action: 'Download Certificate', shown: true, enabled: isCertified === CERTIFIED_OK },
        record,
      ),
      withReason({ action: 'Re-run Failed Cases', shown: true, enabled: rerun }, record),
      withReason({ action: 'Cancel Run', shown: true, enabled: cancel }, record),
      newRevisionRule(record),
    ],
    role,
  )
}

/**
 * New revision (docs/decisions/0033): enabled when the record's run has ended (Completed, whatever
 * its result, or Cancelled); otherwise disabled with NEW_REVISION_DISABLED_REASON beside it. Run
 * details offer the same action by the same rule.
 */
export function newRevisionRule(record: RecordState): ActionMenuRule<typeof NEW_REVISION_LABEL> {
  return isRevisable(record.status)
    ? { action: NEW_REVISION_LABEL, shown: true, enabled: true }
    : { action: NEW_REVISION_LABEL, shown: true, enabled: false, reason: NEW_REVISION_DISABLED_REASON }
}

/** The record's reasons of the listed actions (ActionMenuRule.reason), each once, in menu order. */
export function menuReasons(rules: ReadonlyArray<ActionMenuRule<RecordAction>>): string[] {
  const reasons: string[] = []
  for (const { shown, reason } of rules)
    if (shown && reason && !reasons.includes(reason)) reasons.push(reason)
  return reasons
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

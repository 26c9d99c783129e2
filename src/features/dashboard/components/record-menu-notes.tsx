import { EllipsisVertical, Info, Lock } from 'lucide-react'
import * as React from 'react'
import { Button } from '@/components/ui/button'
import type { DeviceRecord } from '@/contract/records'
import { ROLE_REFUSAL_HINT } from '@/contract/roles'
import {
  type ActionMenuRule,
  menuReasons,
  menuRefusals,
  type RecordAction,
  recordMenuRules,
  REVISION_ACTIONS,
  RUN_ACTIONS,
} from '@/features/dashboard/model/action-menu'
import { useRole } from '@/lib/use-role'

/*
 * What the row's menu and its phone bottom sheet share: the record's rules for the member's role,
 * and the notes under the items — why the record's state holds items back, why the role may not
 * do some, each once — which a disabled item is described by.
 */

export type RecordActionsMenuProps = {
  record: DeviceRecord
  onAction: (action: RecordAction, record: DeviceRecord) => void
  /** An action of this record is running (Start Certify, Delete): the trigger shows it. */
  busy?: boolean
}

/** Runs the chosen action once the menu (or sheet) has closed and handed the focus back to its button. */
export function useChosenAction(record: DeviceRecord, onAction: RecordActionsMenuProps['onAction']) {
  const [open, setOpen] = React.useState(false)
  // A dialog the action opens (Delete, Add Comments) then returns the focus to the button when it
  // closes, not to the menu item that no longer exists.
  const chosen = React.useRef<RecordAction | null>(null)
  const runChosen = () => {
    const action = chosen.current
    chosen.current = null
    if (action) onAction(action, record)
  }
  const choose = (action: RecordAction) => {
    chosen.current = action
    setOpen(false)
  }
  return { open, setOpen, runChosen, choose }
}

/** Whether a separator goes before the rule's item (before the run actions, and before New revision). */
export const startsGroup = (rule: ActionMenuRule<RecordAction>) =>
  rule.action === RUN_ACTIONS[0] || rule.action === REVISION_ACTIONS[0]

export type MenuNoteIds = ReturnType<typeof useMenuNoteIds>

/** The record's rules for the member's role, its reasons and refusals, and the notes' ids. */
export function useRecordMenu(record: DeviceRecord) {
  const rules = recordMenuRules(record, useRole())
  const refusals = menuRefusals(rules)
  const reasons = menuReasons(rules)
  const ids = useMenuNoteIds(reasons)
  return { rules: rules.filter((rule) => rule.shown), refusals, reasons, ids }
}

/** The ids of the notes under the items, which a disabled item with a reason is described by. */
function useMenuNoteIds(reasons: readonly string[]) {
  const baseId = React.useId()
  return {
    refusal: (permission: string) => `${baseId}-refusal-${permission}`,
    hint: `${baseId}-refusal-hint`,
    reason: (reason: string) => `${baseId}-reason-${reasons.indexOf(reason)}`,
  }
}

/**
 * What a disabled item carries: reachable with the arrow keys, read with its reason. Every
 * disabled item has a reason or a refusal (model/disabled-reasons.ts).
 */
export function explained(rule: ActionMenuRule<RecordAction>, ids: MenuNoteIds) {
  if (rule.refusal)
    return {
      'aria-disabled': true,
      'data-disabled': '',
      'data-refused': '',
      'aria-describedby': `${ids.refusal(rule.refusal.permission)} ${ids.hint}`,
    } as const
  if (rule.reason)
    return {
      'aria-disabled': true,
      'data-disabled': '',
      'data-held': '',
      'aria-describedby': ids.reason(rule.reason),
    } as const
  return {}
}

/** The icon beside a disabled item: a lock for the role's refusal, an i for the record's reason. */
export function ItemNoteIcon({ rule }: { rule: ActionMenuRule<RecordAction> }) {
  if (rule.refusal) return <Lock aria-hidden="true" className="ms-auto" />
  if (rule.reason) return <Info aria-hidden="true" className="ms-auto" />
  return null
}

type MenuNotesProps = {
  reasons: readonly string[]
  refusals: ReturnType<typeof menuRefusals>
  ids: MenuNoteIds
  /** The separator of the menu that holds the notes. */
  separator: React.ReactNode
}

/** Why the record's state holds items back, then why the role may not do some, and what to do about it. */
export function MenuNotes({ reasons, refusals, ids, separator }: MenuNotesProps) {
  return (
    <>
      {reasons.length > 0 ? (
        <>
          {separator}
          <div
            data-slot="menu-reasons"
            className="flex flex-col gap-1 px-2 py-1.5 text-caption text-ink-muted"
          >
            {reasons.map((reason) => (
              <p key={reason} id={ids.reason(reason)} className="flex gap-1.5">
                <Info aria-hidden="true" className="mt-0.5 size-3 shrink-0" />
                <span>{reason}</span>
              </p>
            ))}
          </div>
        </>
      ) : null}
      {refusals.length > 0 ? (
        <>
          {separator}
          <div
            data-slot="menu-refusals"
            className="flex flex-col gap-1 px-2 py-1.5 text-caption text-ink-muted"
          >
            {refusals.map((refusal) => (
              <p key={refusal.permission} id={ids.refusal(refusal.permission)} className="flex gap-1.5">
                <Lock aria-hidden="true" className="mt-0.5 size-3 shrink-0" />
                <span>{refusal.reason}</span>
              </p>
            ))}
            <p id={ids.hint} className="font-semibold text-ink">
              {ROLE_REFUSAL_HINT}
            </p>
          </div>
        </>
      ) : null}
    </>
  )
}

type RecordActionsButtonProps = React.ComponentProps<typeof Button> & { record: DeviceRecord; busy: boolean }

/**
 * The row's ⋮ button, the trigger of its actions (the menu, or the sheet on a phone); the
 * trigger's own props (asChild) pass through.
 */
export function RecordActionsButton({ record, busy, onClick, ...props }: RecordActionsButtonProps) {
  return (
    <Button
      variant="ghost"
      size="icon-sm"
      aria-label={`Actions for ${record.deviceName}`}
      loading={busy}
      {...props}
      onClick={(event) => {
        // The row selects itself on a click or a tap; opening its actions is not a second one on the row.
        event.stopPropagation()
        onClick?.(event)
      }}
    >
      <EllipsisVertical aria-hidden="true" />
    </Button>
  )
}

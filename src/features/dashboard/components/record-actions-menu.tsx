import { EllipsisVertical, Hourglass, Lock } from 'lucide-react'
import * as React from 'react'
import { Button } from '@/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
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

type RecordActionsMenuProps = {
  record: DeviceRecord
  onAction: (action: RecordAction, record: DeviceRecord) => void
  /** An action of this record is running (Start Certify, Delete): the trigger shows it. */
  busy?: boolean
}

/**
 * The row's actions (spec §2, §4 "Menu rules"): Start Certify, Edit, Delete (Submitted only),
 * Download Results, Add Comments, Email Certificate, each enabled by the rules; then, after a
 * separator, the Re-run Failed Cases and Cancel Run in the same disabled style; after another, New
 * revision (docs/decisions/0033), disabled until the record's run has ended, with why. The menu
 * closes after an action.
 *
 * An action the record allows but the member's role does not stays listed, disabled,
 * with a lock, and the menu ends with each such reason once and what to do about it. Unlike an
 * item the rules disable, a refused item can be reached with the arrow keys (WAI-ARIA's menu
 * pattern keeps disabled items focusable), so that it is read with its reason (aria-describedby);
 * choosing it does nothing and leaves the menu open.
 *
 * An action the record's state holds back for a reason of its own (Start Certify and
 * Re-run Failed Cases while the lab reviews the last run) is shown the same way, with an hourglass
 * and that reason under the items.
 */
function RecordActionsMenu({ record, onAction, busy = false }: RecordActionsMenuProps) {
  const [open, setOpen] = React.useState(false)
  const rules = recordMenuRules(record, useRole())
  const refusals = menuRefusals(rules)
  const reasons = menuReasons(rules)
  const ids = useMenuNoteIds(reasons)
  // The chosen action runs once the menu has closed and handed the focus back to its button: a
  // dialog the action opens (Delete, Add Comments) then returns the focus there when it closes,
  // not to the menu item that no longer exists.
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
  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`Actions for ${record.deviceName}`}
          loading={busy}
          // The row selects itself on click; opening its menu is not a second click on the row.
          onClick={(event) => event.stopPropagation()}
        >
          <EllipsisVertical aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="start"
        onClick={(event) => event.stopPropagation()}
        onCloseAutoFocus={runChosen}
      >
        {rules
          .filter((rule) => rule.shown)
          .map((rule) => (
            <React.Fragment key={rule.action}>
              {rule.action === RUN_ACTIONS[0] || rule.action === REVISION_ACTIONS[0] ? (
                <DropdownMenuSeparator />
              ) : null}
              <RecordMenuItem rule={rule} ids={ids} onChoose={choose} />
            </React.Fragment>
          ))}
        <MenuReasons reasons={reasons} ids={ids} />
        <MenuRefusals refusals={refusals} ids={ids} />
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

type MenuNoteIds = ReturnType<typeof useMenuNoteIds>

/** The ids of the notes under the items, which a disabled item with a reason is described by. */
function useMenuNoteIds(reasons: readonly string[]) {
  const baseId = React.useId()
  return {
    refusal: (permission: string) => `${baseId}-refusal-${permission}`,
    hint: `${baseId}-refusal-hint`,
    reason: (reason: string) => `${baseId}-reason-${reasons.indexOf(reason)}`,
  }
}

/** What a disabled item with a reason carries: reachable with the arrow keys, read with its reason. */
function explained(rule: ActionMenuRule<RecordAction>, ids: MenuNoteIds) {
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

type RecordMenuItemProps = {
  rule: ActionMenuRule<RecordAction>
  ids: MenuNoteIds
  onChoose: (action: RecordAction) => void
}

/** One action; a refused or held one stays open on choosing, doing nothing. */
function RecordMenuItem({ rule, ids, onChoose }: RecordMenuItemProps) {
  return (
    <DropdownMenuItem
      disabled={!rule.enabled && !rule.refusal && !rule.reason}
      {...explained(rule, ids)}
      textValue={rule.action}
      variant={rule.action === 'Delete' || rule.action === 'Cancel Run' ? 'destructive' : 'default'}
      onSelect={(event) => {
        if (rule.refusal || rule.reason) {
          event.preventDefault()
          return
        }
        onChoose(rule.action)
      }}
    >
      {rule.action}
      {rule.refusal ? <Lock aria-hidden="true" className="ms-auto" /> : null}
      {rule.reason ? <Hourglass aria-hidden="true" className="ms-auto" /> : null}
    </DropdownMenuItem>
  )
}

/** Why the record's state holds items back, each reason once. */
function MenuReasons({ reasons, ids }: { reasons: readonly string[]; ids: MenuNoteIds }) {
  if (reasons.length === 0) return null
  return (
    <>
      <DropdownMenuSeparator />
      <div data-slot="menu-reasons" className="flex flex-col gap-1 px-2 py-1.5 text-caption text-ink-muted">
        {reasons.map((reason) => (
          <p key={reason} id={ids.reason(reason)} className="flex gap-1.5">
            <Hourglass aria-hidden="true" className="mt-0.5 size-3 shrink-0" />
            <span>{reason}</span>
          </p>
        ))}
      </div>
    </>
  )
}

/** Why the member's role may not do some items, each once, and what to do about it. */
function MenuRefusals({ refusals, ids }: { refusals: ReturnType<typeof menuRefusals>; ids: MenuNoteIds }) {
  if (refusals.length === 0) return null
  return (
    <>
      <DropdownMenuSeparator />
      <div data-slot="menu-refusals" className="flex flex-col gap-1 px-2 py-1.5 text-caption text-ink-muted">
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
  )
}

export { RecordActionsMenu }

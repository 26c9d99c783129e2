import * as React from 'react'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { RecordActionsSheet } from '@/features/dashboard/components/record-actions-sheet'
import {
  explained,
  ItemNoteIcon,
  type MenuNoteIds,
  MenuNotes,
  RecordActionsButton,
  type RecordActionsMenuProps,
  startsGroup,
  useChosenAction,
  useRecordMenu,
} from '@/features/dashboard/components/record-menu-notes'
import { usePhoneLayout } from '@/features/dashboard/components/use-phone-layout'
import type { ActionMenuRule, RecordAction } from '@/features/dashboard/model/action-menu'

/**
 * The row's actions (spec §2, §4 "Menu rules"): Start Certify, Edit, Delete (Submitted only),
 * Download Results, Add Comments, Email Certificate, each enabled by the rules; then, after a
 * separator, the Re-run Failed Cases and Cancel Run in the same disabled style; after another, New
 * revision (docs/decisions/0033). The menu closes after an action. On a phone the same items open
 * as a bottom sheet (record-actions-sheet.tsx).
 *
 * Every disabled item says why, in the menu's foot (docs/decisions/0035): an action the record
 * allows but the member's role does not carries a lock and the role's reason with what to do about
 * it; an action the record's state holds back carries an i and the state's reason. A disabled item
 * can be reached with the arrow keys (WAI-ARIA's menu pattern keeps disabled items focusable), so
 * that it is read with its reason (aria-describedby); choosing it does nothing and leaves the menu
 * open.
 */
function RecordActionsMenu(props: RecordActionsMenuProps) {
  return usePhoneLayout() ? <RecordActionsSheet {...props} /> : <RecordActionsDropdown {...props} />
}

function RecordActionsDropdown({ record, onAction, busy = false }: RecordActionsMenuProps) {
  const { rules, refusals, reasons, ids } = useRecordMenu(record)
  const { open, setOpen, runChosen, choose } = useChosenAction(record, onAction)
  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>
        <RecordActionsButton record={record} busy={busy} />
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="start"
        className="max-w-80"
        onClick={(event) => event.stopPropagation()}
        onCloseAutoFocus={runChosen}
      >
        {rules.map((rule) => (
          <React.Fragment key={rule.action}>
            {startsGroup(rule) ? <DropdownMenuSeparator /> : null}
            <RecordMenuItem rule={rule} ids={ids} onChoose={choose} />
          </React.Fragment>
        ))}
        <MenuNotes reasons={reasons} refusals={refusals} ids={ids} separator={<DropdownMenuSeparator />} />
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

type RecordMenuItemProps = {
  rule: ActionMenuRule<RecordAction>
  ids: MenuNoteIds
  onChoose: (action: RecordAction) => void
}

/** One action; a disabled one stays open on choosing, doing nothing. */
function RecordMenuItem({ rule, ids, onChoose }: RecordMenuItemProps) {
  return (
    <DropdownMenuItem
      {...explained(rule, ids)}
      textValue={rule.action}
      variant={rule.action === 'Delete' || rule.action === 'Cancel Run' ? 'destructive' : 'default'}
      onSelect={(event) => {
        if (!rule.enabled) {
          event.preventDefault()
          return
        }
        onChoose(rule.action)
      }}
    >
      {rule.action}
      <ItemNoteIcon rule={rule} />
    </DropdownMenuItem>
  )
}

export { RecordActionsMenu }

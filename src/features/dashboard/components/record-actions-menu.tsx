import { EllipsisVertical } from 'lucide-react'
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
import { type RecordAction, recordMenuRules, RUN_ACTIONS } from '@/features/dashboard/model/action-menu'

type RecordActionsMenuProps = {
  record: DeviceRecord
  onAction: (action: RecordAction, record: DeviceRecord) => void
  /** An action of this record is running (Start Certify, Delete): the trigger shows it. */
  busy?: boolean
}

/**
 * The row's actions (spec §2, §4 "Menu rules"): Start Certify, Edit, Delete (Submitted only),
 * Download Results, Add Comments, Email Certificate, each enabled by the rules; then, after a
 * separator, issue 17's Re-run Failed Cases and Cancel Run in the same disabled style. The menu
 * closes after an action.
 */
function RecordActionsMenu({ record, onAction, busy = false }: RecordActionsMenuProps) {
  const [open, setOpen] = React.useState(false)
  const rules = recordMenuRules(record)
  // The chosen action runs once the menu has closed and handed the focus back to its button: a
  // dialog the action opens (Delete, Add Comments) then returns the focus there when it closes,
  // not to the menu item that no longer exists.
  const chosen = React.useRef<RecordAction | null>(null)
  const runChosen = () => {
    const action = chosen.current
    chosen.current = null
    if (action) onAction(action, record)
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
              {rule.action === RUN_ACTIONS[0] ? <DropdownMenuSeparator /> : null}
              <DropdownMenuItem
                disabled={!rule.enabled}
                variant={rule.action === 'Delete' || rule.action === 'Cancel Run' ? 'destructive' : 'default'}
                onSelect={() => {
                  chosen.current = rule.action
                  setOpen(false)
                }}
              >
                {rule.action}
              </DropdownMenuItem>
            </React.Fragment>
          ))}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

export { RecordActionsMenu }

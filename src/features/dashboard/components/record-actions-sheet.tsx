import * as React from 'react'
import { Sheet, SheetContent, SheetHeader, SheetTitle, SheetTrigger } from '@/components/ui/sheet'
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
import type { ActionMenuRule, RecordAction } from '@/features/dashboard/model/action-menu'
import { cn } from '@/lib/utils'

/*
 * The row's actions on a phone (docs/decisions/0035): the menu's items as a bottom sheet, big
 * enough to tap, with the device's name over them and the reasons of the disabled ones under
 * them. Inside, a WAI-ARIA menu: the arrow keys (and Home, End) move between the items, the
 * first enabled one takes the focus, a disabled one is reached and read with its reason and does
 * nothing; Escape or a tap outside closes the sheet and the focus goes back to the ⋮ button.
 */

const SEPARATOR = <div role="separator" className="-mx-1 my-1 h-px bg-line" />

function RecordActionsSheet({ record, onAction, busy = false }: RecordActionsMenuProps) {
  const { rules, refusals, reasons, ids } = useRecordMenu(record)
  const { open, setOpen, runChosen, choose } = useChosenAction(record, onAction)
  const menuRef = React.useRef<HTMLDivElement>(null)
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <RecordActionsButton record={record} busy={busy} />
      </SheetTrigger>
      <SheetContent
        aria-describedby={undefined}
        onClick={(event) => event.stopPropagation()}
        onOpenAutoFocus={(event) => {
          event.preventDefault()
          firstEnabled(menuRef.current)?.focus()
        }}
        onCloseAutoFocus={runChosen}
      >
        <SheetHeader>
          <SheetTitle className="truncate">{record.deviceName}</SheetTitle>
        </SheetHeader>
        <div
          ref={menuRef}
          role="menu"
          aria-label={`Actions for ${record.deviceName}`}
          aria-orientation="vertical"
          className="flex flex-col"
          onKeyDown={moveFocus}
        >
          {rules.map((rule) => (
            <React.Fragment key={rule.action}>
              {startsGroup(rule) ? SEPARATOR : null}
              <SheetMenuItem rule={rule} ids={ids} onChoose={choose} />
            </React.Fragment>
          ))}
          <MenuNotes reasons={reasons} refusals={refusals} ids={ids} separator={SEPARATOR} />
        </div>
      </SheetContent>
    </Sheet>
  )
}

type SheetMenuItemProps = {
  rule: ActionMenuRule<RecordAction>
  ids: MenuNoteIds
  onChoose: (action: RecordAction) => void
}

function SheetMenuItem({ rule, ids, onChoose }: SheetMenuItemProps) {
  const destructive = rule.action === 'Delete' || rule.action === 'Cancel Run'
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      {...explained(rule, ids)}
      className={cn(
        'flex min-h-11 w-full cursor-pointer items-center gap-2 rounded-control px-3 text-start text-body',
        'outline-none hover:bg-surface-sunken focus-visible:focus-ring [&_svg]:size-4 [&_svg]:shrink-0',
        destructive ? 'text-danger' : 'text-ink',
        'data-disabled:cursor-default data-disabled:text-ink-subtle',
      )}
      onClick={() => {
        if (rule.enabled) onChoose(rule.action)
      }}
    >
      {rule.action}
      <ItemNoteIcon rule={rule} />
    </button>
  )
}

const itemsOf = (menu: HTMLElement | null) => [
  ...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
]

function firstEnabled(menu: HTMLElement | null) {
  const items = itemsOf(menu)
  return items.find((item) => item.getAttribute('aria-disabled') !== 'true') ?? items[0]
}

/** The menu's keys: Down and Up move to the next and previous item (wrapping), Home and End to the ends. */
function moveFocus(event: React.KeyboardEvent<HTMLDivElement>) {
  const items = itemsOf(event.currentTarget)
  const at = items.indexOf(document.activeElement as HTMLElement)
  const next: Record<string, number> = {
    ArrowDown: (at + 1) % items.length,
    ArrowUp: (at - 1 + items.length) % items.length,
    Home: 0,
    End: items.length - 1,
  }
  const index = next[event.key]
  if (index === undefined) return
  event.preventDefault()
  items[index]?.focus()
}

export { RecordActionsSheet }

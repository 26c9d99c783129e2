import { type ShouldBlockFn, useBlocker } from '@tanstack/react-router'
import * as React from 'react'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { LEAVE_EDITED_PORTFOLIO } from '@/features/portfolio/model/portfolio-sections'

type LeaveGuardProps = {
  /** Whether leaving now would lose changes (read when a navigation starts, not on every render). */
  hasChanges: () => boolean
}

/**
 * Leaving an edited portfolio asks first (docs/decisions/0039): Cancel, a link, the browser's
 * back — any navigation of the app to another page — waits for Stay or Leave. A form without
 * changes, or one just submitted, leaves silently.
 */
export function LeaveGuard({ hasChanges }: LeaveGuardProps) {
  // The router's block stays registered while the form is open; it asks the latest hasChanges.
  const latest = React.useRef(hasChanges)
  React.useLayoutEffect(() => {
    latest.current = hasChanges
  })
  const shouldBlockFn = React.useCallback<ShouldBlockFn>(
    ({ current, next }) => current.pathname !== next.pathname && latest.current(),
    [],
  )
  // In-app navigations only: the browser's own reload/close prompt is left out (decision 0039).
  const blocker = useBlocker({ shouldBlockFn, enableBeforeUnload: false, withResolver: true })
  return (
    <ConfirmDialog
      open={blocker.status === 'blocked'}
      onClose={() => blocker.reset?.()}
      title={LEAVE_EDITED_PORTFOLIO.title}
      description={LEAVE_EDITED_PORTFOLIO.description}
      cancelLabel={LEAVE_EDITED_PORTFOLIO.stay}
      confirmLabel={LEAVE_EDITED_PORTFOLIO.leave}
      onConfirm={() => blocker.proceed?.()}
    />
  )
}

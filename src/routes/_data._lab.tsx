import { createFileRoute, Link, Navigate, Outlet, redirect, useNavigate } from '@tanstack/react-router'
import * as React from 'react'
import { PageShell } from '@/components/layout/page-shell'
import { Button } from '@/components/ui/button'
import { LAB_ONLY_MESSAGE, LAB_PATH, type LabStaff } from '@/contract/lab'
import { assignedToYouToast, type RecordAssignedEvent } from '@/contract/lab-assignment'
import { useLabLiveClient, type VendorComment, vendorCommentMessage } from '@/features/lab/api/lab-stream'
import { showToast } from '@/lib/api-failure'
import { labStaffOf, useLabStaff } from '@/lib/lab-session'
import { LiveStreamProvider } from '@/lib/live/live-updates'
import { clearSession, isLoggedIn, readAuthData } from '@/lib/storage'

/*
 * The lab console's routes (/lab, /lab/records/$id, /lab/staff, /lab/notifications…;
 * docs/decisions/0024, 0045) sit under this pathless layout. A visitor goes to the login first
 * (and comes back here after it); a vendor's login is told, in the server's words, that the
 * console is the lab's. For a lab staff member it holds the console's one live stream, across
 * them (the portal's live-stream client: its status line, Reconnect, resume).
 */
export const Route = createFileRoute('/_data/_lab')({
  beforeLoad: ({ location }) => {
    const authData = readAuthData()
    const labStaff = labStaffOf(authData)
    if (labStaff) return { labStaff, vendor: false }
    if (isLoggedIn(authData)) return { labStaff: null, vendor: true }
    throw redirect({ to: '/login', search: { redirect: location.href }, replace: true })
  },
  component: LabLayout,
})

function LabLayout() {
  const { vendor } = Route.useRouteContext()
  const labStaff = useLabStaff()
  if (vendor && !labStaff) return <VendorNotice />
  if (!labStaff) return <Navigate to="/login" search={{ redirect: LAB_PATH }} replace />
  return <LabSession staff={labStaff} />
}

function LabSession({ staff }: { staff: LabStaff }) {
  const navigate = useNavigate()
  const open = React.useCallback(
    (id: string) => void navigate({ to: '/lab/records/$id', params: { id } }),
    [navigate],
  )
  const onEnded = React.useCallback(() => {
    clearSession()
    void navigate({ to: '/login', search: { redirect: LAB_PATH } })
  }, [navigate])
  const client = useLabLiveClient(staff, onEnded, {
    onVendorComment: (comment: VendorComment) =>
      void showToast('info', vendorCommentMessage(comment), {
        action: { label: 'Open', onClick: () => open(comment.portfolioManagerId) },
      }),
    onAssignedToMe: (event: RecordAssignedEvent) =>
      void showToast('info', assignedToYouToast(event.assignedBy), {
        action: { label: 'Open', onClick: () => open(event.portfolioManagerId) },
      }),
  })
  return (
    <LiveStreamProvider stream={client}>
      <Outlet />
    </LiveStreamProvider>
  )
}

function VendorNotice() {
  return (
    <PageShell title="Lab console" lead={LAB_ONLY_MESSAGE}>
      <Button asChild className="self-start">
        <Link to="/dashboard">Go to your dashboard</Link>
      </Button>
    </PageShell>
  )
}

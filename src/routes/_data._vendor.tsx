import { useQueryClient } from '@tanstack/react-query'
import { createFileRoute, Navigate, Outlet } from '@tanstack/react-router'
import { LiveUpdates } from '@/lib/live/live-updates'
import { cacheFor } from '@/lib/switch-organization'
import { useAuthView } from '@/lib/use-auth-data'
import { requireLogin } from '@/routes/-vendor'

/*
 * The routes that need a login (spec §2, §6: /portfolio, /dashboard) sit under this pathless
 * layout: its beforeLoad sends a visitor to /login before anything loads, and its component
 * leaves at once when the login ends while the screen is open (Logout in another tab, the
 * session's end there). It also holds the tab's one live stream (docs/decisions/0022): opened
 * here, it lives as long as the vendor does, across /portfolio and /dashboard, so moving between
 * them neither reconnects nor misses an event.
 *
 * The stream and the cached reads are the organization's the session acts for: when it
 * changes (the profile popup's switch, here or in another tab), the other organization's reads are
 * dropped before the screens render again, and the stream is opened anew for the new one (the old
 * one's session was rotated away and would end).
 */
export const Route = createFileRoute('/_data/_vendor')({
  beforeLoad: requireLogin,
  component: VendorLayout,
})

function VendorLayout() {
  const auth = useAuthView()
  const queryClient = useQueryClient()
  if (auth.status === 'visitor') return <Navigate to="/login" replace />
  if (auth.status !== 'member') return null
  const { organizationId, vendorUserId } = auth.authData
  cacheFor(queryClient, organizationId)
  return (
    <LiveUpdates key={organizationId ?? ''} vendorUserId={vendorUserId}>
      <Outlet />
    </LiveUpdates>
  )
}

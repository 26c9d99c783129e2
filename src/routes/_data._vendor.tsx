import { createFileRoute, Navigate, Outlet } from '@tanstack/react-router'
import { LiveUpdates } from '@/lib/live/live-updates'
import { useAuthView } from '@/lib/use-auth-data'
import { requireLogin } from '@/routes/-vendor'

/*
 * The routes that need a login (spec §2, §6: /portfolio, /dashboard) sit under this pathless
 * layout: its beforeLoad sends a visitor to /login before anything loads, and its component
 * leaves at once when the login ends while the screen is open (Logout in another tab, the
 * session's end there). It also holds the tab's one live stream (docs/decisions/0022): opened
 * here, it lives as long as the vendor does, across /portfolio and /dashboard, so moving between
 * them neither reconnects nor misses an event.
 */
export const Route = createFileRoute('/_data/_vendor')({
  beforeLoad: requireLogin,
  component: VendorLayout,
})

function VendorLayout() {
  const auth = useAuthView()
  if (auth.status === 'visitor') return <Navigate to="/login" replace />
  return auth.status === 'member' ? (
    <LiveUpdates vendorUserId={auth.authData.vendorUserId}>
      <Outlet />
    </LiveUpdates>
  ) : null
}

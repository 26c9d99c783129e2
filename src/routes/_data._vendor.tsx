import { createFileRoute, Navigate, Outlet } from '@tanstack/react-router'
import { useAuthView } from '@/lib/use-auth-data'
import { requireLogin } from '@/routes/-vendor'

/*
 * The routes that need a login (spec §2, §6: /portfolio, /dashboard) sit under this pathless
 * layout: its beforeLoad sends a visitor to /login before anything loads, and its component
 * leaves at once when the login ends while the screen is open (Logout in another tab, the
 * session's end there).
 */
export const Route = createFileRoute('/_data/_vendor')({
  beforeLoad: requireLogin,
  component: VendorLayout,
})

function VendorLayout() {
  const auth = useAuthView()
  if (auth.status === 'visitor') return <Navigate to="/login" replace />
  return auth.status === 'member' ? <Outlet /> : null
}

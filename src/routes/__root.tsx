import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router'
import * as React from 'react'
import { RootLayout } from '@/components/layout/root-layout'
import { useLogout } from '@/features/auth/api/logout'
import type { RouterContext } from '@/router-context'
import { rootSearchSchema } from '@/routes/-search-params'
import { useLabStaff } from '@/lib/lab-session'
import { writeGoto } from '@/lib/storage'
import { useAuthView } from '@/lib/use-auth-data'

// The idle timer and its warning load only for a logged-in vendor or lab staff member.
const VendorSession = React.lazy(() => import('@/features/auth/components/session-expiry'))

export const Route = createRootRouteWithContext<RouterContext>()({
  validateSearch: rootSearchSchema,
  component: Root,
})

function Root() {
  const logout = useLogout()
  const auth = useAuthView()
  const labStaff = useLabStaff()
  const { goto } = Route.useSearch()
  const onDataScreen = useRouterState({
    select: (state) => state.matches.some((match) => match.routeId === '/_data'),
  })

  // Toasts come from the screens that call the server (under the `_data` layout): the container
  // loads with the first of them and stays, so a toast outlives the navigation after it.
  const [toasts, setToasts] = React.useState(onDataScreen)
  if (onDataScreen && !toasts) setToasts(true)

  // Spec §2: an optional goto parameter is stored at start and followed after login.
  React.useEffect(() => {
    if (goto) writeGoto(goto)
  }, [goto])

  return (
    <RootLayout onLogout={logout} toasts={toasts}>
      <Outlet />
      {/* A vendor's session and a lab staff member's end alike when idle (docs/decisions/0045). */}
      {auth.status === 'member' || labStaff ? (
        <React.Suspense fallback={null}>
          <VendorSession />
        </React.Suspense>
      ) : null}
    </RootLayout>
  )
}

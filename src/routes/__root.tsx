import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router'
import { useState } from 'react'
import { RootLayout } from '@/components/layout/root-layout'
import { useLogout } from '@/features/auth/api/use-logout'
import type { RouterContext } from '@/router'
import { rootSearchSchema } from '@/routes/-search-params'

export const Route = createRootRouteWithContext<RouterContext>()({
  validateSearch: rootSearchSchema,
  component: Root,
})

function Root() {
  const logout = useLogout()
  // Toasts come from the screens that call the server (under the `_data` layout): the container
  // loads with the first of them and stays, so a toast outlives the navigation after it.
  const onDataScreen = useRouterState({
    select: (state) => state.matches.some((match) => match.routeId === '/_data'),
  })
  const [toasts, setToasts] = useState(onDataScreen)
  if (onDataScreen && !toasts) setToasts(true)
  return (
    <RootLayout onLogout={logout} toasts={toasts}>
      <Outlet />
    </RootLayout>
  )
}

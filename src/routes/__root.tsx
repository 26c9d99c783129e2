import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
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
  return (
    <RootLayout onLogout={logout}>
      <Outlet />
    </RootLayout>
  )
}

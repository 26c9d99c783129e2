import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { RootLayout } from '@/components/layout/root-layout'
import type { RouterContext } from '@/router'
import { rootSearchSchema } from '@/routes/-search-params'

export const Route = createRootRouteWithContext<RouterContext>()({
  validateSearch: rootSearchSchema,
  component: () => (
    <RootLayout>
      <Outlet />
    </RootLayout>
  ),
})

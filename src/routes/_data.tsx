import { QueryClientProvider } from '@tanstack/react-query'
import { createFileRoute, Outlet } from '@tanstack/react-router'

/*
 * The screens that call the server (login, registration, password reset, portfolio, dashboard)
 * sit under this pathless layout: it brings TanStack Query's client (the router context's, or the
 * app's own, loaded here), so the public pages that call nothing paint and hydrate without
 * TanStack Query's code (docs/decisions/0008). Loaders below read `context.queryClient`.
 */
export const Route = createFileRoute('/_data')({
  beforeLoad: async ({ context }) => ({
    queryClient: context.queryClient ?? (await import('@/lib/query-client')).getAppQueryClient(),
  }),
  component: DataLayout,
})

function DataLayout() {
  const { queryClient } = Route.useRouteContext()
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  )
}

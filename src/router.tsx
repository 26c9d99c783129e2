import type { QueryClient } from '@tanstack/react-query'
import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { routeTree } from '@/routeTree.gen'

/**
 * What every route can read. `queryClient` is given by stories and the prerenderer; in the app the
 * `_data` layout route loads it for the screens that call the server (routes/_data.tsx).
 */
export type RouterContext = { queryClient?: QueryClient | undefined }

export function createAppRouter({
  queryClient,
  history,
}: {
  queryClient?: QueryClient | undefined
  history?: RouterHistory
} = {}) {
  return createRouter({
    routeTree,
    context: { queryClient },
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    // Loaders read through TanStack Query, which owns caching; the router does not cache a second time.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}

import type { QueryClient } from '@tanstack/react-query'
import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { routeTree } from '@/routeTree.gen'

export function createAppRouter({
  queryClient,
  history,
  prerendered = false,
}: {
  queryClient?: QueryClient | undefined
  history?: RouterHistory
  /** The router starts on a prerendered page the browser has shown, and perhaps scrolled, already. */
  prerendered?: boolean
} = {}) {
  const router = createRouter({
    routeTree,
    context: { queryClient },
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    // Loaders read through TanStack Query, which owns caching; the router does not cache a second time.
    defaultPreloadStaleTime: 0,
    scrollRestoration: ({ location }) => !hydrates(location.href),
  })
  /*
   * The render that hydrates a prerendered page leaves the page where it is (docs/decisions/0049).
   * The browser showed it and the visitor may have scrolled it, which is what starts the app
   * (scripts/page-boot.mjs): scrolled back to the top then, the page would move from under a
   * finger or pointer on its way to a link, and the press and the release would land on different
   * elements, which is no click at all. Every later render restores or resets the scroll as usual.
   */
  let arrivedAt: string | undefined = prerendered ? router.latestLocation.href : undefined
  /** Whether this render (the first) is the one that hydrates the page the browser shows. */
  function hydrates(href: string): boolean {
    const first: boolean = arrivedAt !== undefined && href === arrivedAt
    arrivedAt = undefined
    return first
  }
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}

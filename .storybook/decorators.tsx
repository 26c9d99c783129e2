import { QueryClientProvider, useQueryClient } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterContextProvider,
  RouterProvider,
} from '@tanstack/react-router'
import * as React from 'react'
import type { Decorator } from '@storybook/react-vite'
import { TooltipProvider } from '@/components/ui/tooltip'
import { createQueryClient } from '@/lib/query-client'
import { createAppRouter } from '@/router'

export type RouterParameters = {
  /** The URL the story opens at, e.g. '/dashboard?search=ONT'. */
  url?: string
  /** Render the real route tree (screen stories) instead of the story inside a bare router. */
  app?: boolean
}

declare module '@storybook/react-vite' {
  interface Parameters {
    router?: RouterParameters
  }
}

/** A fresh QueryClient per story (no retries, so error states show at once). */
export const withQueryClient: Decorator = (Story, context) => {
  // A new client for each story, so no cached answer leaks from one story into the next.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const queryClient = React.useMemo(() => createQueryClient({ retry: false }), [context.id])
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider delayDuration={0}>
        <Story />
      </TooltipProvider>
    </QueryClientProvider>
  )
}

/**
 * A memory-history router per story: component stories render inside the context of a bare
 * router (links and navigation hooks work, at `router.url`); screen stories (`router.app`)
 * render the real route tree at `router.url`.
 */
export const withRouter: Decorator = (Story, context) => {
  const { url = '/', app = false } = context.parameters.router ?? {}
  const queryClient = useQueryClient()
  const router = React.useMemo(() => {
    const history = createMemoryHistory({ initialEntries: [url] })
    if (app) return createAppRouter({ queryClient, history })
    return createRouter({ routeTree: createRootRoute(), history })
    // A new router for each story, even when two stories open the same URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [context.id, url, app, queryClient])

  if (app) return <RouterProvider router={router as ReturnType<typeof createAppRouter>} />
  // The story renders at once (no route matching), with links and navigation hooks working.
  return (
    <RouterContextProvider router={router as ReturnType<typeof createAppRouter>}>
      <Story />
    </RouterContextProvider>
  )
}

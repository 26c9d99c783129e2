import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { createQueryClient } from '@/lib/query-client'
import { createAppRouter } from '@/router'
import { PAGE_SCRIPTS, PRERENDERED_PATHS, PRERENDERED_SHELLS } from '@/routes/-prerendered-paths'

/*
 * Build-time rendering of the public pages (ARCHITECTURE.md "Front end"; scripts/build.mjs).
 * The same route tree as the browser's, at one URL, as for a visitor: the client hydrates it.
 */

type ServerOutcome = {
  type: 'render' | 'redirect'
  status?: number
  redirect?: { options?: { to?: string; href?: string } }
}

/**
 * The page's HTML, or why it cannot be prerendered (a redirect, a failed route), and the routes it
 * matched (their code is what the browser needs to hydrate it).
 */
export async function renderPage(
  url: string,
): Promise<{ html: string; problem: string | null; routeIds: string[] }> {
  const queryClient = createQueryClient()
  const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: [url] }) })
  await router.load()
  const html = renderToString(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  )
  // The router keeps the outcome of a server-side load here (router-core's load-server.ts): a
  // redirect (the catch-all route sends unknown paths home) or the status it would answer.
  const outcome = (router as { _serverResult?: ServerOutcome })._serverResult
  const failed = router.state.matches.find((match) => match.status !== 'success')
  const problem =
    outcome?.type === 'redirect'
      ? `it redirects to ${outcome.redirect?.options?.to ?? outcome.redirect?.options?.href ?? 'another page'}`
      : outcome?.status !== undefined && outcome.status !== 200
        ? `it answers ${outcome.status}`
        : failed
          ? `route ${failed.routeId} ended as ${failed.status}`
          : null
  return { html, problem, routeIds: router.state.matches.map((match) => match.routeId) }
}

export { PAGE_SCRIPTS, PRERENDERED_PATHS, PRERENDERED_SHELLS }

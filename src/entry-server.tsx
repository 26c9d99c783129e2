import { QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { createQueryClient } from '@/lib/query-client'
import { createAppRouter } from '@/router'

/*
 * Build-time rendering of the public pages (ARCHITECTURE.md "Front end"; scripts/build.mjs).
 * The same route tree as the browser's, at one URL, as for a visitor: the client hydrates it.
 */

/** The public pages rendered to HTML at build time. */
export const PRERENDERED_PATHS = [
  '/',
  '/portfolio-manager',
  '/device-certifications',
  '/contact-us',
  '/help-center',
  '/login',
  '/create-profile',
  '/create-profile/register',
  '/forgot-password',
  '/check-mail',
  '/password-reset',
] as const

/** The page's HTML, or why it cannot be prerendered (a redirect, a failed route). */
export async function renderPage(url: string): Promise<{ html: string; problem: string | null }> {
  const queryClient = createQueryClient()
  const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: [url] }) })
  await router.load()
  const html = renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  )
  const failed = router.state.matches.find((match) => match.status !== 'success')
  const landedAt = router.state.location.pathname
  const problem = failed
    ? `route ${failed.routeId} ended as ${failed.status}`
    : landedAt !== url
      ? `it redirects to ${landedAt}`
      : null
  return { html, problem }
}

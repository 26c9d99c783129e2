import { RouterProvider } from '@tanstack/react-router'
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { startSession } from '@/lib/session-start'
import { createAppRouter } from '@/router'

/** Renders the portal into #root: hydrates a prerendered page, or renders an empty one. */
export async function startApp(container: HTMLElement) {
  // No QueryClient here: the `_data` layout route brings it to the screens that call the server.
  // A prerendered page keeps the place the visitor scrolled it to when it hydrates (src/router.tsx).
  const router = createAppRouter({ prerendered: container.hasChildNodes() })

  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  )

  if (container.hasChildNodes()) {
    // A prerendered public page (scripts/build.mjs): load the route's code first, so that the first
    // render matches the HTML, then hydrate it. Anything that differs is reported, never hidden.
    // The route tree then renders as it did at build time (no client-only Suspense boundaries).
    router.ssr = { manifest: undefined }
    await router.load()
    // From here React answers events itself (replaying those that reach a part not yet hydrated):
    // the page's boot script (scripts/page-boot.mjs) stops holding button presses for it.
    document.documentElement.setAttribute('data-hydrating', '')
    // As a transition, hydration yields to the browser every few milliseconds instead of holding
    // the main thread until the whole page is hydrated: the page stays responsive meanwhile.
    startTransition(() => {
      hydrateRoot(container, app, {
        onRecoverableError(error) {
          console.error('Hydration mismatch on a prerendered page:', error)
        },
      })
    })
    void startSession()
  } else {
    // A screen rendered in the browser may load its data at once (a route loader): the Token
    // request goes first, and the loader's calls wait for it instead of racing it.
    void startSession()
    createRoot(container).render(app)
  }
}

import '@fontsource-variable/inter/wght.css'
import './styles.css'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createQueryClient } from '@/lib/query-client'
import { createAppRouter } from '@/router'

// `npm run dev:mock`: the fixture world answers every call in the browser (no server needed).
// The import is behind a build-time constant, so the production bundle carries none of it.
if (import.meta.env.VITE_MOCK_API === 'true') {
  const { startMockWorker } = await import('@/mocks/browser')
  await startMockWorker()
}

const queryClient = createQueryClient()
const router = createAppRouter({ queryClient })

const container = document.getElementById('root')
if (!container) throw new Error('The page has no #root element to render the portal into.')

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
)

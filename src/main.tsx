import './styles.css'

// `npm run dev:mock`: the fixture world answers every call in the browser (no server needed).
// The import is behind a build-time constant, so the production bundle carries none of it.
if (import.meta.env.VITE_MOCK_API === 'true') {
  const { startMockWorker } = await import('@/mocks/browser')
  await startMockWorker()
}

const container = document.getElementById('root')
if (!container) throw new Error('The page has no #root element to render the portal into.')

/*
 * The app's code runs in three steps with a pause for the browser between them: React DOM, the
 * router, then the portal itself. Evaluated at once they would hold the main thread for one long
 * task (≈ 140 ms on a mid-range phone); in steps, input and paint get their turn in between.
 */
const pause = () => new Promise((resolve) => setTimeout(resolve))
await import('react-dom/client')
await pause()
await import('@tanstack/react-router')
await pause()
const { startApp } = await import('@/start-app')
await startApp(container)

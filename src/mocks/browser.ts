import { setupWorker } from 'msw/browser'
import { handlers } from '@/mocks/handlers'

/** `npm run dev:mock`: the whole app in a browser, answered by the fixture world. */
export async function startMockWorker() {
  const worker = setupWorker(...handlers)
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true })
  return worker
}

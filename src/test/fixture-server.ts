import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { resetWorld } from '@/mocks/fixtures/world'
import { handlers } from '@/mocks/handlers'

/**
 * The fixture world for a Vitest file: call `startFixtureServer()` at its top. A request no handler
 * answers fails the test; the world and any `server.use(...)` overrides reset after each test.
 */
export const fixtureServer = setupServer(...handlers)

export function startFixtureServer() {
  beforeAll(() => fixtureServer.listen({ onUnhandledRequest: 'error' }))
  afterEach(() => {
    fixtureServer.resetHandlers()
    resetWorld()
  })
  afterAll(() => fixtureServer.close())
  return fixtureServer
}

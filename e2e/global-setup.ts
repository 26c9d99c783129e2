import { makePortalTemplate } from './own-portal.ts'
import { openRegistry } from './portal-registry.ts'

/**
 * Before every journey: the data folder the journeys' own portals start from (own-portal.ts). On
 * PostgreSQL (E2E_DATABASE_URL) each portal makes a database of its own instead.
 */
export default async function globalSetup() {
  // Where the journeys write down the portals they start, this run's own (portal-registry.ts).
  openRegistry()
  if (process.env.E2E_DATABASE_URL) return
  await makePortalTemplate()
}

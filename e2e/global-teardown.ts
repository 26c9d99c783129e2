import { removePortalTemplate } from './own-portal.ts'
import { killLeftPortals } from './portal-registry.ts'

/** After every journey: no portal a journey started outlives the suite (portal-registry.ts). */
export default function globalTeardown() {
  const killed = killLeftPortals()
  if (killed > 0) console.log(`Killed ${killed} portal process group(s) a journey left running.`)
  // The own portals' template data folder (global-setup.ts).
  removePortalTemplate()
}

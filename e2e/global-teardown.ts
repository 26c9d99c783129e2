import { rmSync } from 'node:fs'
import { killLeftPortals } from './portal-registry.ts'

/** After every journey: no portal a journey started outlives the suite (portal-registry.ts). */
export default function globalTeardown() {
  const killed = killLeftPortals()
  if (killed > 0) console.log(`Killed ${killed} portal process group(s) a journey left running.`)
  // The own portals' template data folder (global-setup.ts).
  const template = process.env.E2E_PORTAL_TEMPLATE
  if (template) rmSync(template, { recursive: true, force: true })
}

import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/*
 * Every portal a journey starts (own-portal.ts) is written down here, by process group, until the
 * journey kills it. A journey that fails or times out before its `finally` — or whose worker is
 * torn down — would otherwise leave its portal running after the suite, holding its ports and a
 * CPU share (the portals are detached, so that kill -9 reaches their whole group): the suite's
 * global teardown (global-teardown.ts) kills whatever is still written down.
 */

const PARENT = path.resolve(import.meta.dirname, '..', 'node_modules', '.cache', 'e2e-portals')
/**
 * The run's folder, made by the global setup (openRegistry) and named to the workers in this
 * variable: two Playwright runs at once (npm test runs the journeys on PostgreSQL beside the
 * others) each kill only their own portals when they end.
 */
const REGISTRY = 'E2E_PORTAL_REGISTRY'

function folder() {
  const named = process.env[REGISTRY]
  if (!named)
    throw new Error(`${REGISTRY} is unset: the journeys' global setup (e2e/global-setup.ts) sets it`)
  return named
}

/** Makes this run's folder and names it to the workers the runner starts after the global setup. */
export function openRegistry() {
  mkdirSync(PARENT, { recursive: true })
  process.env[REGISTRY] = mkdtempSync(path.join(PARENT, 'run-'))
}

export function registerPortal(pid: number) {
  writeFileSync(path.join(folder(), String(pid)), `${new Date().toISOString()}\n`)
}

export function forgetPortal(pid: number) {
  rmSync(path.join(folder(), String(pid)), { force: true })
}

/**
 * Kills (SIGKILL, the whole group) every portal still written down in this run's folder, then
 * removes the folder; answers how many were alive.
 */
export function killLeftPortals(): number {
  const named = process.env[REGISTRY]
  if (!named) return 0
  let killed = 0
  let names: string[] = []
  try {
    names = readdirSync(named)
  } catch {
    // Never made: no portal was written down.
  }
  for (const name of names) {
    const pid = Number(name)
    if (!Number.isInteger(pid) || pid <= 0) continue
    try {
      process.kill(-pid, 'SIGKILL')
      killed += 1
    } catch {
      // Gone already.
    }
  }
  rmSync(named, { recursive: true, force: true })
  return killed
}

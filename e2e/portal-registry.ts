import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/*
 * Every portal a journey starts (own-portal.ts) is written down here, by process group, until the
 * journey kills it. A journey that fails or times out before its `finally` — or whose worker is
 * torn down — would otherwise leave its portal running after the suite, holding its ports and a
 * CPU share (the portals are detached, so that kill -9 reaches their whole group): the suite's
 * global teardown (global-teardown.ts) kills whatever is still written down.
 */

const FOLDER = path.resolve(import.meta.dirname, '..', 'node_modules', '.cache', 'e2e-portals')

export function registerPortal(pid: number) {
  mkdirSync(FOLDER, { recursive: true })
  writeFileSync(path.join(FOLDER, String(pid)), `${new Date().toISOString()}\n`)
}

export function forgetPortal(pid: number) {
  rmSync(path.join(FOLDER, String(pid)), { force: true })
}

/** Kills (SIGKILL, the whole group) every portal still written down; answers how many were alive. */
export function killLeftPortals(): number {
  let killed = 0
  let names: string[]
  try {
    names = readdirSync(FOLDER)
  } catch {
    return 0
  }
  for (const name of names) {
    const pid = Number(name)
    if (Number.isInteger(pid) && pid > 0) {
      try {
        process.kill(-pid, 'SIGKILL')
        killed += 1
      } catch {
        // Gone already.
      }
    }
    rmSync(path.join(FOLDER, name), { force: true })
  }
  return killed
}

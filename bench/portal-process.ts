import { spawn } from 'node:child_process'
import path from 'node:path'
import { freePort } from '../scripts/test-pg.mjs'

/** The repository's root folder. */
export const root = path.resolve(import.meta.dirname, '..')

/**
 * Starts the real server (`tsx server/index.ts`) for a bench: its own process group (kill
 * `-pid` stops it and its children), free loopback ports for both services, the embedded
 * database in `dataDir`. `nodeArgs` go to its node (e.g. --cpu-prof). Answers at once; the
 * caller waits for it to answer and stops it.
 */
export async function spawnPortal({ dataDir, nodeArgs = [] }: { dataDir: string; nodeArgs?: string[] }) {
  const port = await freePort()
  const server = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      MAIN_PORT: String(port),
      CERT_PORT: String(await freePort()),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  })
  return { server, base: `http://127.0.0.1:${port}` }
}

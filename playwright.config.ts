import { availableParallelism } from 'node:os'
import { defineConfig, devices } from '@playwright/test'
import { chromiumArgs, chromiumPath } from './scripts/chromium.mjs'

/*
 * End-to-end journeys in Debian's Chromium. `npm test` starts one server and passes its addresses
 * in E2E_BASE_URL and E2E_CERT_URL; run alone (`npx playwright test`), the config starts the
 * built portal itself.
 */
const externalBaseURL = process.env.E2E_BASE_URL
const port = Number(process.env.E2E_PORT ?? 7791)
const baseURL = externalBaseURL ?? `http://127.0.0.1:${port}`
// Where the journeys reach the certification service (npm test passes its free port's address).
const certPort = Number(process.env.E2E_CERT_PORT ?? 7691)
process.env.E2E_CERT_URL ??= `http://127.0.0.1:${certPort}`

export default defineConfig({
  testDir: './e2e',
  // No portal a journey started outlives the suite, even one whose journey timed out (e2e/portal-registry.ts).
  // The data folder the journeys' own portals start from (e2e/own-portal.ts), made once.
  globalSetup: './e2e/global-setup.ts',
  globalTeardown: './e2e/global-teardown.ts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // A journey waits on the server, timers and its other tabs as much as on the CPU: on 2 cores, two
  // workers left a quarter of a core idle (396 s, 1.74 cores busy), three keep both busy (354 s,
  // 1.91, docs/decisions/0053). Half the cores on bigger machines, Playwright's default.
  workers: Math.max(3, Math.ceil(availableParallelism() / 2)),
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'phone', use: { ...devices['Pixel 7'], channel: undefined } },
  ],
  ...(externalBaseURL
    ? {}
    : {
        webServer: {
          command: 'npx tsx server/index.ts',
          // The journeys register and reset many vendors from one address: lift the mail-call limit.
          env: {
            MAIN_PORT: String(port),
            CERT_PORT: String(certPort),
            CERT_CASE_MS: '100',
            MAIL_CALLS_PER_IP: '1000',
          },
          url: baseURL,
          reuseExistingServer: !process.env.CI,
        },
      }),
})

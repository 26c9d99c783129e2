import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

/** The import direction of ARCHITECTURE.md is a lint rule; these cases prove it bites. */
const eslint = new ESLint({ cwd: process.cwd() })

async function restricted(filePath: string, code: string) {
  const [result] = await eslint.lintText(`${code}\nexport {}\n`, { filePath })
  return (result?.messages ?? [])
    .filter(
      (m) => m.ruleId === 'no-restricted-imports' || m.ruleId === '@typescript-eslint/no-restricted-imports',
    )
    .map((m) => m.message)
}

// The first lint loads the config and its plugins: seconds idle, longer on a busy machine.
beforeAll(() => restricted('server/x.ts', ''), 60_000)

describe('import boundaries', () => {
  it.each([
    ['src/components/ui/x.tsx', "import { a } from '@/features/dashboard/model/a'"],
    ['src/components/ui/x.tsx', "import { a } from '@/routes/-search-params'"],
    ['src/lib/x.ts', "import { Button } from '@/components/ui/button'"],
    ['src/contract/x.ts', "import { cn } from '@/lib/utils'"],
    ['src/components/ui/x.tsx', "import { cn } from '../../lib/utils'"],
    ['server/portfolio/x.ts', "import { cn } from '@/lib/utils'"],
    ['server/portfolio/x.ts', "import { cn } from '../../src/lib/utils'"],
    ['src/lib/x.ts', "import { world } from '@/mocks/fixtures/world'"],
    [
      'src/features/dashboard/model/x.ts',
      "import { chooseManufacturer } from '@/features/portfolio/model/catalogue-cascade'",
    ],
    ['src/features/dashboard/model/x.ts', "import { handlers } from '@/mocks/handlers'"],
  ])('%s may not: %s', async (file, code) => {
    expect(await restricted(file, code)).not.toEqual([])
  })

  it.each([
    ['src/components/ui/x.tsx', "import { cn } from '@/lib/utils'"],
    ['src/routes/x.tsx', "import { PageShell } from '@/components/layout/page-shell'"],
    ['server/portfolio/x.ts', "import { portfolioTypeSchema } from '@/contract/portfolio-types'"],
    ['src/lib/utils.ts', "import config from '../../tailwind.config'"],
    ['src/lib/x.test.ts', "import { world } from '@/mocks/fixtures/world'"],
    ['src/features/dashboard/model/x.ts', "import { progressOf } from '@/features/dashboard/model/progress'"],
  ])('%s may: %s', async (file, code) => {
    expect(await restricted(file, code)).toEqual([])
  })
})

describe('server import boundaries', () => {
  it.each([
    // platform/ imports no domain, nor events/, http/ or apps/
    ['server/platform/db/x.ts', "import { seedDemoAccount } from '../../accounts/demo-account.ts'"],
    ['server/platform/db/x.ts', "import { seedDemoAccount } from '../../accounts/index.ts'"],
    ['server/platform/x.ts', "import { appendEvent } from '../events/index.ts'"],
    ['server/platform/x.ts', "import { route } from '../http/route.ts'"],
    ['server/platform/x.ts', "import { createPortal } from '../apps/portal.ts'"],
    // events/ imports no domain, not even through its public module
    ['server/events/x.ts', "import { recordRuns } from '../certification/index.ts'"],
    ['server/events/x.ts', "import { enqueuePing } from '../webhooks/deliveries.ts'"],
    // http/ imports no domain, not even a type (domains add their services to MainServices)
    ['server/http/x.ts', "import { createEventHub } from '../events/index.ts'"],
    ['server/http/x.ts', "import { logActivity } from '../organizations/index.ts'"],
    ['server/http/x.ts', "import type { EventHub } from '../events/hub.ts'"],
    ['server/http/x.ts', "import type { EventHub } from '../events/index.ts'"],
    ['server/http/x.ts', "import type { RunExecutor } from '../certification/index.ts'"],
    // nothing imports apps/ but server/index.ts and the tests
    ['server/lab/x.ts', "import { createMainApp } from '../apps/main.ts'"],
    ['server/http/x.ts', "import { createCertApp } from '../apps/certification.ts'"],
    // a domain imports another only through its public module
    ['server/lab/x.ts', "import { recordRuns } from '../certification/run-store.ts'"],
    ['server/accounts/x.ts', "import { usableInvitation } from '../organizations/invitations.ts'"],
    ['server/portfolio/x.ts', "import { appendEvent } from '../events/append.ts'"],
    ['server/apps/x.ts', "import { labRoutes } from '../lab/routes.ts'"],
    ['server/index.ts', "import { loadSigner } from './certificates/keys.ts'"],
  ])('%s may not: %s', async (file, code) => {
    expect(await restricted(file, code)).not.toEqual([])
  })

  it.each([
    ['server/platform/db/x.ts', "import type { Database } from './schema.ts'"],
    ['server/platform/x.ts', "import { log } from './log.ts'"],
    ['server/events/x.ts', "import type { MainEnv } from '../http/context.ts'"],
    ['server/events/x.ts', "import type { Database } from '../platform/db/schema.ts'"],
    ['server/http/x.ts', "import type { Database } from '../platform/db/schema.ts'"],
    ['server/certification/x.ts', "declare module '../http/context.ts' {}"],
    ['server/lab/x.ts', "import { recordRuns } from '../certification/index.ts'"],
    ['server/lab/x.ts', "import { labQueue } from './queue.ts'"],
    ['server/accounts/x.ts', "import { usableInvitation } from '../organizations/index.ts'"],
    ['server/index.ts', "import { createPortal } from './apps/portal.ts'"],
    ['server/apps/x.ts', "import { labRoutes } from '../lab/index.ts'"],
    ['server/apps/x.ts', "import { createMainApp } from './main.ts'"],
    ['server/test/x.ts', "import { createMainApp } from '../apps/main.ts'"],
    ['server/lab/x.test.ts', "import { createMainApp } from '../apps/main.ts'"],
    ['server/lab/x.test.ts', "import { recordRuns } from '../certification/run-store.ts'"],
  ])('%s may: %s', async (file, code) => {
    expect(await restricted(file, code)).toEqual([])
  })
})

import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/** The import direction of ARCHITECTURE.md is a lint rule; these cases prove it bites. */
const eslint = new ESLint({ cwd: process.cwd() })

async function restricted(filePath: string, code: string) {
  const [result] = await eslint.lintText(`${code}\nexport {}\n`, { filePath })
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message)
}

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

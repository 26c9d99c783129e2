import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/*
 * Import direction (ARCHITECTURE.md, "Rules of the road"), checked on every `npm run check`:
 *   routes → features → components, lib, contract
 * A feature never imports another feature; components, lib and contract never import upwards;
 * server/ takes only src/contract from src/. Inside src, code crosses folders through '@/…'
 * so that these rules see every import.
 */
const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
})
const noParentImports = {
  regex: String.raw`^\.\./(?!\.\./tailwind\.config$)`,
  message: "Import across folders through '@/…' so the boundary rules can check it.",
}
const upward = (names, from) =>
  names.map((name) => ({
    group: [`@/${name}`, `@/${name}/*`],
    message: `${from} must not import from ${name}/ (imports flow routes → features → components, lib, contract).`,
  }))

const TESTS = ['**/*.test.ts', '**/*.test.tsx']

/** The import rules of one folder: its product files may not import `forbidden` nor mocks/; its tests may use mocks/. */
function boundary(files, from, forbidden, { extra = [], mocksAllowed = false } = {}) {
  const product = mocksAllowed ? forbidden : [...forbidden, 'mocks']
  return [
    {
      files: [files],
      ignores: TESTS,
      rules: restrict([noParentImports, ...upward(product, from), ...extra]),
    },
    {
      files: TESTS.map((test) => `${files.replace(/\/\*\*$/, '')}/${test}`),
      rules: restrict([noParentImports, ...upward(forbidden, from), ...extra]),
    },
  ]
}

const features = (() => {
  try {
    return readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  } catch {
    return []
  }
})()

/*
 * The server's import direction (ARCHITECTURE.md): apps → domains → events → http → platform.
 * - platform/ is the ground: it imports no domain, nor events/, http/ or apps/;
 * - events/ imports no domain; http/ imports a domain's types only;
 * - a domain imports another through that domain's public module, server/<domain>/index.ts;
 * - only server/index.ts (and tests) compose server/apps/.
 * Tests and the test tools (server/test/) may reach inside any folder. Flat config keeps only the
 * last no-restricted-imports that matches a file, so every block repeats SERVER_FROM_SRC.
 */
const SERVER_FROM_SRC = [
  {
    group: ['@/*', '!@/contract', '!@/contract/*'],
    message: 'server/ imports only src/contract from src/.',
  },
  {
    group: ['**/src/*', '!**/src/contract', '!**/src/contract/*'],
    message: 'server/ imports only src/contract from src/.',
  },
]
const SERVER_DOMAINS = [
  'accounts',
  'organizations',
  'portfolio',
  'certification',
  'certificates',
  'lab',
  'programme',
  'notifications',
  'webhooks',
  'api-tokens',
]
/** Folders reached through their public module: the domains, and events/. */
const PUBLIC_MODULES = [...SERVER_DOMAINS, 'events']
const SERVER_TESTS = ['server/**/*.test.ts', 'server/test/**']
const folders = (names) => `(${names.join('|')})`
/** Any import of a file in the sibling folders `names` (relative: './x/…' or '../x/…'). */
const anyFileOf = (names, message) => ({ regex: String.raw`^(\.\.?/)+${folders(names)}(/|$)`, message })
/** An import of a file in the sibling folders `names` other than their index.ts. */
const innerFileOf = (names, message) => ({
  regex: String.raw`^(\.\.?/)+${folders(names)}/(?!index\.ts$)`,
  message,
})
const throughIndex = (names) =>
  innerFileOf(names, "Import another domain through its public module, '../<domain>/index.ts'.")
const noApps = anyFileOf(['apps'], 'Only server/index.ts and the tests import server/apps/.')

function serverBoundaries() {
  const block = (files, patterns, rules = {}) => ({
    files,
    ignores: SERVER_TESTS,
    rules: { 'no-restricted-imports': ['error', { patterns: [...SERVER_FROM_SRC, ...patterns] }], ...rules },
  })
  return [
    block(['server/**'], [noApps]),
    block(['server/index.ts', 'server/apps/**'], [throughIndex(PUBLIC_MODULES)]),
    block(
      ['server/platform/**'],
      [
        anyFileOf(
          [...PUBLIC_MODULES, 'http', 'apps'],
          'server/platform/ imports no domain, nor server/events/, server/http/ or server/apps/.',
        ),
      ],
    ),
    block(['server/events/**'], [anyFileOf(SERVER_DOMAINS, 'server/events/ imports no domain.'), noApps]),
    block(
      ['server/http/**'],
      [
        anyFileOf(
          PUBLIC_MODULES,
          "server/http/ imports no domain, not even its types: a domain adds its services to MainServices itself (declare module '../http/context.ts').",
        ),
        noApps,
      ],
    ),
    ...SERVER_DOMAINS.map((domain) =>
      block(
        [`server/${domain}/**`],
        [throughIndex(PUBLIC_MODULES.filter((name) => name !== domain)), noApps],
      ),
    ),
  ]
}

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-server/',
      'storybook-static/',
      'node_modules/',
      'src/routeTree.gen.ts',
      '.storybook/public/',
      '.reports/',
      'test-results/',
      'test-results-pg/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'stories/**/*.{ts,tsx}', '.storybook/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Storybook renders decorators as components, so hooks are allowed in them.
    files: ['.storybook/decorators.tsx'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  // Tests may also use the fixture world of src/mocks; product code may not.
  ...boundary('src/components/**', 'components/', ['features', 'routes', 'router']),
  ...boundary('src/lib/**', 'lib/', ['features', 'routes', 'router', 'components']),
  ...boundary('src/contract/**', 'contract/', ['features', 'routes', 'router', 'components', 'lib']),
  ...boundary('src/mocks/**', 'mocks/', ['features', 'routes', 'router', 'components'], {
    mocksAllowed: true,
  }),
  ...features.flatMap((feature) =>
    boundary(`src/features/${feature}/**`, `features/${feature}/`, ['routes', 'router'], {
      extra: [
        {
          group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/*`],
          message: `features/${feature}/ must not import another feature's internals.`,
        },
      ],
    }),
  ),
  ...boundary('src/{routes/**,*.ts,*.tsx}', 'the app', []),
  {
    files: ['server/**'],
    rules: { 'no-console': 'off', ...restrict(SERVER_FROM_SRC) },
  },
  ...serverBoundaries(),
  {
    files: ['scripts/**', 'bench/**', 'e2e/**', '*.config.{js,ts}'],
    rules: { 'no-console': 'off' },
  },
)

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

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'storybook-static/',
      'node_modules/',
      'src/routeTree.gen.ts',
      '.storybook/public/',
      '.reports/',
      'test-results/',
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
    rules: {
      'no-console': 'off',
      ...restrict([
        {
          group: ['@/*', '!@/contract', '!@/contract/*'],
          message: 'server/ imports only src/contract from src/.',
        },
        {
          group: ['**/src/*', '!**/src/contract', '!**/src/contract/*'],
          message: 'server/ imports only src/contract from src/.',
        },
      ]),
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'e2e/**', '*.config.{js,ts}'],
    rules: { 'no-console': 'off' },
  },
)

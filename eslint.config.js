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
  {
    files: ['src/components/**'],
    rules: restrict([noParentImports, ...upward(['features', 'routes', 'router', 'mocks'], 'components/')]),
  },
  {
    files: ['src/lib/**'],
    rules: restrict([
      noParentImports,
      ...upward(['features', 'routes', 'router', 'components', 'mocks'], 'lib/'),
    ]),
  },
  {
    files: ['src/contract/**'],
    rules: restrict([
      noParentImports,
      ...upward(['features', 'routes', 'router', 'components', 'lib', 'mocks'], 'contract/'),
    ]),
  },
  {
    files: ['src/mocks/**'],
    rules: restrict([noParentImports, ...upward(['features', 'routes', 'router', 'components'], 'mocks/')]),
  },
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**`],
    rules: restrict([
      noParentImports,
      ...upward(['routes', 'router', 'mocks'], `features/${feature}/`),
      {
        group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/*`],
        message: `features/${feature}/ must not import another feature's internals.`,
      },
    ]),
  })),
  {
    files: ['src/routes/**', 'src/*.{ts,tsx}'],
    rules: restrict([noParentImports, ...upward(['mocks'], 'the app')]),
  },
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

import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineMain } from '@storybook/react-vite/node'
import remarkGfm from 'remark-gfm'

const CERTIFICATE_PAGES = fileURLToPath(new URL('../.tmp/certificate-pages', import.meta.url))

export default defineMain({
  framework: '@storybook/react-vite',
  stories: ['../stories/**/*.mdx', '../stories/**/*.stories.tsx'],
  addons: [
    // MDX alone is CommonMark: GitHub-flavoured Markdown (tables, strikethrough, task lists,
    // autolinks) needs remark-gfm, or a docs page shows its tables as raw `|` lines.
    {
      name: '@storybook/addon-docs',
      options: { mdxPluginOptions: { mdxCompileOptions: { remarkPlugins: [remarkGfm] } } },
    },
    '@storybook/addon-a11y',
    'msw-storybook-addon',
  ],
  // The certificate's sample pages, made by scripts/certificate-pages.ts (build-storybook.mjs runs it
  // first; run it yourself before `npm run storybook` to see them there).
  staticDirs: [
    './public',
    ...(existsSync(CERTIFICATE_PAGES) ? [{ from: CERTIFICATE_PAGES, to: '/certificate-pages' }] : []),
  ],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: { reactDocgen: 'react-docgen-typescript' },
})

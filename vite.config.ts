import { createReadStream } from 'node:fs'
import { availableParallelism } from 'node:os'
import { fileURLToPath, URL } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vitest/config'

/** `npm run dev:mock` serves MSW's worker script from the msw package, so no copy ships in public/. */
function mockServiceWorker(): Plugin {
  const script = fileURLToPath(new URL('./node_modules/msw/lib/mockServiceWorker.js', import.meta.url))
  return {
    name: 'mock-service-worker',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/mockServiceWorker.js', (_request, response) => {
        response.setHeader('Content-Type', 'text/javascript')
        createReadStream(script).pipe(response)
      })
    },
  }
}

const MAIN_SERVICE = 'http://127.0.0.1:7700'

export default defineConfig(({ mode }) => ({
  plugins: [
    // Must come before the React plugin: it generates src/routeTree.gen.ts and splits route code.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      quoteStyle: 'single',
      semicolons: false,
    }),
    react(),
    tailwindcss(),
    ...(mode === 'mock' ? [mockServiceWorker()] : []),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  // npm run dev beside a running server (npm run serve): the main service's calls and the mailbox
  // go through this proxy; the certification service is called directly on port 7600, which
  // allows this origin when the server runs with PORTAL_ORIGIN=http://localhost:5173.
  server: {
    port: 5173,
    proxy: mode === 'mock' ? undefined : { '/api': MAIN_SERVICE, '/dev/mailbox': MAIN_SERVICE },
  },
  preview: { port: 7700 },
  build: {
    target: 'es2022',
    sourcemap: true,
    // Pictures stay files (cached for a year, fetched by the browser at low priority), never
    // base64 inside a script that every page would then download and parse.
    assetsInlineLimit: (file) => (file.endsWith('.svg') ? false : undefined),
  },
  test: {
    environment: 'node',
    setupFiles: ['./src/test/setup.ts'],
    globalSetup: ['./src/test/temp-folder.ts'],
    restoreMocks: true,
    // A server test that takes half a second idle takes several on a machine busy with other work
    // (two cores, a build beside the suite): the limits leave room for that, and a test that hangs
    // still fails within 20 s.
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Vitest's default is one worker fewer than the cores: one on the 2-core machines CI and the
    // developers use, where a server test file mostly waits on PGlite in its own process while the
    // other core sits idle. Two workers there; one fewer than the cores on bigger machines.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'scripts/**/*.test.ts'],
          // A worker runs its server files one after another in one process: a file no longer
          // pays for importing the whole server and PGlite's WebAssembly again (the server suites
          // take a third less time: docs/decisions/0051). A file leaves the process as it found
          // it: environment variables set back, real timers, the metrics registry reset where its
          // counts are asserted.
          isolate: false,
        },
      },
      {
        extends: true,
        // The app's files keep a sandbox each (isolated): their fixture server (MSW) and DOM are
        // module-wide, and a second file's listen on the first's closed server let a network
        // failure through as a response. In worker threads rather than child processes: the
        // same sandboxes for less (the app's tests: 66 → 58 CPU-s).
        test: { name: 'app', include: ['src/**/*.test.{ts,tsx}'], pool: 'threads' },
      },
    ],
  },
}))

import { createReadStream } from 'node:fs'
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
  server: { port: 5173 },
  preview: { port: 7700 },
  build: { target: 'es2022', sourcemap: true },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
  },
}))

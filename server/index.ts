import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { createMainApp } from './main/app.ts'

const DEFAULT_MAIN_PORT = 7700

function portFrom(value: string | undefined, fallback: number) {
  if (value === undefined || value === '') return fallback
  const port = Number(value)
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`MAIN_PORT must be a whole number from 1 to 65535, not "${value}".`)
  }
  return port
}

const port = portFrom(process.env.MAIN_PORT, DEFAULT_MAIN_PORT)
const hostname = process.env.HOST || '127.0.0.1'

const app = createMainApp({
  distDir: process.env.DIST_DIR || fileURLToPath(new URL('../dist', import.meta.url)),
  storybookDir: process.env.STORYBOOK_DIR || fileURLToPath(new URL('../storybook-static', import.meta.url)),
})

const server = serve({ fetch: app.fetch, port, hostname }, (info) => {
  console.log(`Certification portal: http://${hostname === '0.0.0.0' ? 'localhost' : hostname}:${info.port}/`)
})

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close(() => process.exit(0))
  })
}

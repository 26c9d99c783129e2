import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Hono } from 'hono'
import { webhooks } from '@/contract/webhooks-events'
import { compress } from 'hono/compress'
import type { MainEnv } from '../../http/context.ts'
import { buildOpenApiDocument } from './document.ts'
import { API_DOCS_PATH, type CertificationServer, type ContractWebhook, OPENAPI_PATH } from './options.ts'
import { contractWebhooks } from './webhook-items.ts'

/*
 * docs/decisions/0029: the OpenAPI document and its reference page, served by the main
 * service itself.
 *
 * - GET /api/openapi.json: the document document.ts generates, with the addresses this
 *   request reached (the main service's origin, the certification service on the same host at the
 *   port it listens on, as GET /api/portal-config tells pages: docs/decisions/0010). Generated once
 *   per address and kept; `ETag` (its SHA-256) and `Cache-Control: no-cache`, so a client keeps it
 *   and revalidates with If-None-Match (304).
 * - GET /api/docs: Swagger UI from the swagger-ui-dist package, read at run time (nothing copied at
 *   build), and a small init file of ours: no inline script, so the page policy (page-policy.ts)
 *   stays `script-src 'self'`. Nothing is loaded from elsewhere (no CDN, font or validator badge).
 * - GET /api/docs/assets/<hash>/<file>: those files, named by their content's hash, so they are
 *   cached for a year (immutable) and a new version of the package is a new URL. Another hash is
 *   404: no stale file is served under a new page.
 * - The `webhooks` section: src/contract/webhooks-events.ts's `webhooks`, one per event type.
 */

const HERE = path.dirname(fileURLToPath(import.meta.url))
const swaggerUiDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))

/** The files the reference page loads, and where they come from. */
const ASSET_SOURCES: Readonly<Record<string, string>> = {
  'swagger-ui.css': path.join(swaggerUiDir, 'swagger-ui.css'),
  'swagger-ui-bundle.js': path.join(swaggerUiDir, 'swagger-ui-bundle.js'),
  'docs.css': path.join(HERE, 'docs.css'),
  'docs-init.js': path.join(HERE, 'docs-init.js'),
}

const ASSET_TYPES: Readonly<Record<string, string>> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
}

type Asset = { body: Buffer; hash: string; type: string }

let assets: Map<string, Asset> | undefined
/** Read once, at the first request for the page or a file. */
function docsAssets(): Map<string, Asset> {
  assets ??= new Map(
    Object.entries(ASSET_SOURCES).map(([name, file]) => {
      const body = readFileSync(file)
      const hash = createHash('sha256').update(body).digest('hex').slice(0, 16)
      return [name, { body, hash, type: ASSET_TYPES[path.extname(name)] ?? 'application/octet-stream' }]
    }),
  )
  return assets
}

export const API_DOCS_ASSETS_PATH = `${API_DOCS_PATH}/assets`

export function assetUrl(name: string) {
  const asset = docsAssets().get(name)
  if (!asset) throw new Error(`No reference page asset named ${name}.`)
  return `${API_DOCS_ASSETS_PATH}/${asset.hash}/${name}`
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

export function apiDocsPage() {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Device Certification Portal</title>
<meta name="description" content="The Device Certification Portal's API: submit devices, run certification and download results from your pipeline.">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<link rel="stylesheet" href="${assetUrl('swagger-ui.css')}">
<link rel="stylesheet" href="${assetUrl('docs.css')}">
</head>
<body>
<header class="docs-header">
<a class="docs-title" href="/">Device Certification Portal · API reference</a>
<nav aria-label="API reference"><a href="${OPENAPI_PATH}">OpenAPI document (JSON)</a><a href="/help-center">Help center</a></nav>
</header>
<main>
<noscript><p class="docs-noscript">This reference needs JavaScript. The document itself is at <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a>.</p></noscript>
<div id="swagger-ui" data-document="${escapeAttribute(OPENAPI_PATH)}"></div>
</main>
<script src="${assetUrl('swagger-ui-bundle.js')}"></script>
<script src="${assetUrl('docs-init.js')}"></script>
</body>
</html>
`
}

/** The contract's webhooks (src/contract/webhooks-events.ts `webhooks`): one per event type. */
export const loadContractWebhooks = async (): Promise<ContractWebhook[]> => contractWebhooks(webhooks)

export type OpenApiRouteOptions = {
  /** The certification service's port (GET /api/portal-config's); 7600 when unknown. */
  certificationServicePort: () => number | null
  /** The webhooks to document; default loadContractWebhooks(). */
  webhooks?: () => Promise<ContractWebhook[]>
}

const DEFAULT_CERT_PORT = 7600
const MAX_KEPT_DOCUMENTS = 16

export function openApiRoutes({
  certificationServicePort,
  webhooks = loadContractWebhooks,
}: OpenApiRouteOptions) {
  const routes = new Hono<MainEnv>()
  let webhookList: Promise<ContractWebhook[]> | undefined
  const kept = new Map<string, { body: string; etag: string }>()

  routes.get(OPENAPI_PATH, async (c) => {
    // The addresses in the document come from PORTAL_URL, never from the request's Host.
    const url = new URL(c.var.services.publicUrl())
    const scheme = url.protocol === 'https:' ? 'https' : 'http'
    const certificationServer: CertificationServer = {
      scheme,
      host: url.hostname,
      port: certificationServicePort() ?? DEFAULT_CERT_PORT,
    }
    const portalUrl = url.origin
    const key = `${portalUrl} ${certificationServer.port}`
    let answer = kept.get(key)
    if (!answer) {
      webhookList ??= webhooks()
      const document = buildOpenApiDocument({ certificationServer, portalUrl, webhooks: await webhookList })
      const body = JSON.stringify(document)
      answer = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` }
      if (kept.size >= MAX_KEPT_DOCUMENTS) kept.delete(kept.keys().next().value as string)
      kept.set(key, answer)
    }
    c.header('ETag', answer.etag)
    c.header('Cache-Control', 'public, no-cache')
    c.header('Access-Control-Allow-Origin', '*')
    const sent = c.req.header('If-None-Match')
    if (sent && sent.split(',').some((tag) => tag.trim().replace(/^W\//, '') === answer.etag)) {
      return c.body(null, 304)
    }
    return c.body(answer.body, 200, { 'Content-Type': 'application/json; charset=utf-8' })
  })

  routes.get(API_DOCS_PATH, (c) => {
    c.header('Cache-Control', 'no-cache')
    return c.html(apiDocsPage())
  })

  routes.get(`${API_DOCS_ASSETS_PATH}/:hash/:file`, compress(), async (c, next) => {
    const asset = docsAssets().get(c.req.param('file'))
    // Anything else is the API's 404 for unknown paths (app.ts).
    if (!asset || asset.hash !== c.req.param('hash')) return next()
    c.header('Cache-Control', 'public, max-age=31536000, immutable')
    return c.body(new Uint8Array(asset.body), 200, { 'Content-Type': asset.type })
  })

  return routes
}

/*
 * Starts Swagger UI on /api/docs (server/apps/api-docs/openapi.ts). A file of its own, not an inline script,
 * so that the page keeps the portal's strict Content-Security-Policy (script-src 'self').
 */
/* global SwaggerUIBundle */
const root = document.getElementById('swagger-ui')
SwaggerUIBundle({
  url: root.dataset.document,
  domNode: root,
  deepLinking: true,
  // The certification service is another port: its calls carry the session cookie (CORS with credentials).
  withCredentials: true,
  // Nothing leaves the portal: no validator badge calling validator.swagger.io.
  validatorUrl: null,
  defaultModelsExpandDepth: 0,
  docExpansion: 'list',
  displayOperationId: true,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
})

// The webhooks domain's public module: what other folders of server/ use of it (eslint.config.js).
export { webhooksDevelopmentFromEnv } from './config.ts'
export { webhookJobs } from './reader.ts'
export { createWebhookRoutes } from './routes.ts'
export { type WebhookDeliveryOptions, webhookDeliveryJobs } from './delivery-job.ts'

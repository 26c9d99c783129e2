import { isLoopbackHost, switchFromEnv } from '../platform/development.ts'

/*
 * docs/decisions/0027: whether webhooks may go to this machine over plain http — a
 * development convenience (docs/decisions/0017), on when the portal listens on loopback only (the
 * default HOST) and turned on or off by DEV_WEBHOOKS=1/0. It adds only that: https must reach a
 * public address either way (the one check is src/contract/webhook-destination.ts, at
 * registration and before every delivery).
 */
export function webhooksDevelopmentFromEnv({ env, hostname }: { env: NodeJS.ProcessEnv; hostname: string }) {
  return switchFromEnv('DEV_WEBHOOKS', env.DEV_WEBHOOKS) ?? isLoopbackHost(hostname)
}

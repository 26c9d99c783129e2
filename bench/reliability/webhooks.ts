import { endpoints } from '@/contract/endpoints'
import { startTestReceiver } from '../../server/test/webhook-receiver.ts'
import { type Browser, poll, registerVendor } from './client.ts'
import type { Deployment } from './deployment.ts'
import { countAnswer, type Figures, printTable } from './figures.ts'

/*
 * Section 6: private webhook deliveries. With a loopback receiver listening:
 *
 * - Registration on the portal as it runs (a loopback HOST: development conveniences on): the
 *   issue's private and local https URLs, their odd spellings and IPv6 forms; each one accepted
 *   counts.
 * - Delivery: an endpoint registered in development as http://127.0.0.1:<receiver>/, then every
 *   process restarted with DEV_WEBHOOKS=0 and a test event sent: each connection the receiver
 *   gets counts (the stored URL is no longer allowed, so nothing may reach it), and the endpoint
 *   must show as disabled for its destination. DEV_WEBHOOKS is unset again afterwards, but the
 *   processes are not restarted a second time (about 10 s on a busy machine): they run without
 *   development webhooks until a later section restarts them — the quick form's last section,
 *   bad input, registers no loopback webhook.
 */

/** Private or local https URLs (P: the receiver's port). */
export function privateWebhookUrls(port: number) {
  return [
    'https://169.254.169.254/latest/meta-data/',
    'https://10.0.0.1/',
    'https://172.16.0.1/',
    'https://192.168.1.1/',
    'https://100.64.0.1/',
    'https://[fd00::1]/',
    'https://[fe80::1]/',
    `https://0.0.0.0:${port}/`,
    `https://[::]:${port}/`,
    'https://2852039166/',
    'https://0xa9fea9fe/',
    'https://0251.0376.0251.0376/',
    `https://127.1:${port}/`,
    `https://localhost:${port}/`,
    'https://[::ffff:169.254.169.254]/',
    'https://[::a9fe:a9fe]/',
    `https://[::7f00:1]:${port}/`,
    `https://[2002:7f00:1::1]:${port}/`,
    'https://[64:ff9b::a9fe:a9fe]/',
    'https://224.0.0.1/',
    'http://10.0.0.1/',
    `http://0.0.0.0:${port}/`,
  ]
}

/** Restarts every process with DEV_WEBHOOKS=0; a later restart is back to the deployment's own. */
async function restartWithoutDevelopmentWebhooks(deployment: Deployment) {
  deployment.env.DEV_WEBHOOKS = '0'
  try {
    for (const node of deployment.nodes) {
      await deployment.stop(node)
      await deployment.restart(node)
    }
  } finally {
    delete deployment.env.DEV_WEBHOOKS
  }
}

type EndpointsAnswer = {
  endpoints?: Array<{ endpointId: string; state: string; disabledReason: string | null }>
}

/** The endpoint once its test event's job has dealt with it (disabled), or as it is after 5 s. */
async function settledEndpoint(owner: Browser, endpointId: string) {
  const read = async () => {
    const answer = await owner.call(endpoints.webhooks.path, { method: 'GET' })
    return (answer.json as EndpointsAnswer | undefined)?.endpoints?.find(
      (item) => item.endpointId === endpointId,
    )
  }
  const disabled = await poll(
    async () => {
      const endpoint = await read()
      return endpoint?.state === 'disabled' ? endpoint : undefined
    },
    5000,
    100,
  )
  return disabled ?? (await read())
}

export async function webhookDestinations(deployment: Deployment, figures: Figures) {
  const began = Date.now()
  const receiver = await startTestReceiver('whsec_reliability-receiver')
  try {
    const owner = await registerVendor(deployment.nodes, 'hooks', false)
    const create = async (url: string) => {
      const answer = await owner.post(endpoints.createWebhook.path, {
        vendorUserId: owner.vendorUserId,
        url,
        events: ['run.finished'],
      })
      countAnswer(figures, answer)
      return answer
    }
    let accepted = 0
    for (const url of privateWebhookUrls(receiver.port)) {
      const answer = await create(url)
      if (answer.status === 200) {
        accepted += 1
        figures.notes.push(`private webhook URL accepted in development: ${url}`)
      }
    }
    const loopback = await create(`http://127.0.0.1:${receiver.port}/hooks/reliability`)
    const endpointId = (loopback.json as { endpoint?: { endpointId?: string } } | undefined)?.endpoint
      ?.endpointId
    let connections = 0
    let state = '—'
    if (!endpointId) {
      figures.notes.push(`the loopback webhook could not be registered in development: ${loopback.status}`)
    } else {
      await restartWithoutDevelopmentWebhooks(deployment)
      countAnswer(figures, await owner.post(endpoints.pingWebhook.path, { endpointId }))
      const endpoint = await settledEndpoint(owner, endpointId)
      state = endpoint ? `${endpoint.state} (${endpoint.disabledReason ?? '—'})` : 'missing'
      connections = receiver.connections
      if (connections > 0) figures.notes.push(`${connections} connections reached a refused webhook URL`)
      if (endpoint?.disabledReason !== 'destination') {
        figures.notes.push(`the refused webhook endpoint is ${state}, not disabled for its destination`)
      }
    }
    figures.privateWebhookDeliveries += accepted + connections
    console.log(`\n### 6. Private webhook deliveries`)
    printTable(
      ['check', 'count'],
      [
        ['private or local URLs accepted in development', `${accepted} of ${privateWebhookUrls(0).length}`],
        ['connections to a URL no longer allowed (DEV_WEBHOOKS=0)', connections],
        ['that endpoint afterwards', state],
      ],
    )
    console.log(`Took ${((Date.now() - began) / 1000).toFixed(1)} s (with a restart of every process).`)
  } finally {
    await receiver.close()
  }
}

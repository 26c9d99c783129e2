import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { verifyWebhook, type WebhookBody } from '@/contract/webhooks'

/*
 * A webhook receiver on loopback, as a vendor's pipeline would run one, for the server
 * tests and the kill -9 bench. It reads the raw body, checks it with verifyWebhook (the contract's
 * helper, which a vendor may copy), answers 400 with the reason when it refuses one, and counts
 * each event id it accepted (a second copy is a duplicate: delivery is at least once). What it
 * answers to a valid delivery is up to the test (`answer`, default 204).
 */

export type ReceivedDelivery = {
  body: WebhookBody
  raw: string
  headers: Record<string, string>
  /** How many times this id had been accepted before (0 for the first). */
  copy: number
}

export type TestReceiver = {
  url: string
  port: number
  /** Accepted deliveries, in arrival order (duplicates included). */
  received: ReceivedDelivery[]
  /** Refused requests with the reason answered. */
  refused: Array<{ message: string; raw: string }>
  /** TCP connections accepted, whatever came over them (a TLS hello, a request, nothing). */
  connections: number
  /** Distinct ids accepted. */
  ids: () => Set<string>
  duplicates: () => number
  /** What a valid delivery is answered (status code), or 'hang' to never answer. */
  answer: (body: WebhookBody) => number | 'hang'
  /** The body of that answer (none by default). */
  reply: (body: WebhookBody) => string | null
  secret: string
  /** How long a valid delivery waits before its answer (ms); default 0. */
  delay: () => number
  /** When the receiver is asked what time it is (replay window); default Date.now. */
  now: () => number
  close(): Promise<void>
}

export async function startTestReceiver(secret: string, port = 0): Promise<TestReceiver> {
  const counts = new Map<string, number>()
  const hanging = new Set<http.ServerResponse>()
  const receiver: TestReceiver = {
    url: '',
    port: 0,
    received: [],
    refused: [],
    connections: 0,
    ids: () => new Set(counts.keys()),
    duplicates: () => [...counts.values()].reduce((sum, count) => sum + count - 1, 0),
    answer: () => 204,
    reply: () => null,
    secret,
    delay: () => 0,
    now: () => Date.now(),
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy()
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8')
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
      )
      void verifyWebhook({
        secret: receiver.secret,
        headers: (name) => headers[name.toLowerCase()],
        body: raw,
        now: receiver.now(),
      }).then(async (verdict) => {
        if (!verdict.ok) {
          receiver.refused.push({ message: verdict.message, raw })
          response.writeHead(400, { 'Content-Type': 'application/json' })
          response.end(JSON.stringify({ message: verdict.message }))
          return
        }
        const wait = verdict.ok ? receiver.delay() : 0
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
        const answer = receiver.answer(verdict.body)
        if (answer === 'hang') {
          hanging.add(response)
          return
        }
        const copy = counts.get(verdict.body.id) ?? 0
        // Only a delivery answered 2xx counts as received (a failed one is retried).
        if (answer >= 200 && answer < 300) {
          counts.set(verdict.body.id, copy + 1)
          receiver.received.push({ body: verdict.body, raw, headers, copy })
        }
        const reply = receiver.reply(verdict.body)
        response.writeHead(answer, reply === null ? {} : { 'Content-Type': 'application/json' })
        response.end(reply ?? undefined)
      })
    })
  })
  server.on('connection', () => {
    receiver.connections += 1
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  receiver.port = (server.address() as AddressInfo).port
  receiver.url = `http://127.0.0.1:${receiver.port}/hooks/portal`
  return receiver
}

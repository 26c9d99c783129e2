import http from 'node:http'
import type { AddressInfo } from 'node:net'

/*
 * A small load balancer on loopback, as a deployment puts in front of two portal processes
 * (docs/operations/deploy.md): round robin over the upstreams whose GET /readyz answered 200 at
 * its last check (every `checkMs`), keep-alive connections to them, streamed answers (the live
 * events pass through as they come). Like nginx's `proxy_next_upstream error`, a request refused
 * by an upstream, or an idempotent one whose connection failed before its answer, goes once to
 * another; a POST that was sent, and an answer under way, are never replayed.
 */

export type Upstream = { name: string; url: string }

export type Proxy = {
  url: string
  /** Upstreams that answered /readyz 200 at the last check. */
  ready(): string[]
  /** Requests passed on, and the ones sent again to another upstream after a connection error. */
  stats: { forwarded: number; retried: number; noUpstream: number }
  close(): Promise<void>
}

/**
 * What nginx's default `proxy_next_upstream error` sends again: a request that never reached a
 * process (refused), and an idempotent one (GET, HEAD) whose connection failed before an answer.
 * A POST that was sent is never sent twice: it may have been done.
 */
const retriable = (method: string | undefined, code: string | undefined) =>
  code === 'ECONNREFUSED' ||
  ((method === 'GET' || method === 'HEAD') && (code === 'ECONNRESET' || code === 'EPIPE'))

export async function startProxy(upstreams: Upstream[], { checkMs = 200 } = {}): Promise<Proxy> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 })
  const ready = new Set<string>()
  const stats = { forwarded: 0, retried: 0, noUpstream: 0 }
  let turn = 0

  const check = async () => {
    await Promise.all(
      upstreams.map(async (upstream) => {
        const answer = await fetch(`${upstream.url}/readyz`, { signal: AbortSignal.timeout(1000) }).catch(
          () => null,
        )
        if (answer?.status === 200) ready.add(upstream.name)
        else ready.delete(upstream.name)
        await answer?.body?.cancel()
      }),
    )
  }
  await check()
  let checking = false
  const checker = setInterval(() => {
    if (checking) return
    checking = true
    void check().finally(() => (checking = false))
  }, checkMs)

  const pick = (except?: string) => {
    const candidates = upstreams.filter((upstream) => ready.has(upstream.name) && upstream.name !== except)
    turn += 1
    return candidates[turn % Math.max(1, candidates.length)]
  }

  function forward(
    request: http.IncomingMessage,
    response: http.ServerResponse,
    body: Buffer,
    upstream: Upstream | undefined,
    retried: boolean,
  ) {
    if (!upstream) {
      stats.noUpstream += 1
      response.writeHead(502, { 'Content-Type': 'application/json' })
      response.end(JSON.stringify({ message: 'No portal process is ready.' }))
      return
    }
    stats.forwarded += 1
    const target = new URL(request.url ?? '/', upstream.url)
    const outgoing = http.request(target, {
      method: request.method,
      headers: { ...request.headers, host: target.host },
      agent,
    })
    let answered = false
    outgoing.on('response', (answer) => {
      answered = true
      response.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(response)
      answer.on('error', () => response.destroy())
    })
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (answered) {
        response.destroy()
        return
      }
      if (!retried && retriable(request.method, error.code)) {
        stats.retried += 1
        forward(request, response, body, pick(upstream.name), true)
        return
      }
      response.writeHead(502, { 'Content-Type': 'application/json' })
      response.end(JSON.stringify({ message: `The upstream failed (${error.code ?? error.message}).` }))
    })
    // The client went away (a stream closed): so does the upstream request.
    response.on('close', () => {
      if (!response.writableFinished) outgoing.destroy()
    })
    outgoing.end(body)
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => forward(request, response, Buffer.concat(chunks), pick(), false))
  })
  server.keepAliveTimeout = 65_000
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    ready: () => [...ready],
    stats,
    async close() {
      clearInterval(checker)
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
      agent.destroy()
    },
  }
}

import http from 'node:http'
import { EVENTS_PATH } from '@/contract/events'

/*
 * A server-sent events client over node:http, for benches that open a thousand streams from one
 * process (Node 20 has no EventSource). It does what a tab's EventSource does with the stream of
 * src/contract/events.ts: parses `id:`, `event:`, `data:`, `retry:` and comment lines, dispatches a
 * message at each blank line, and reconnects after `retry` ms with Last-Event-ID when the
 * connection drops — except after `event: ended`, or when the answer is not a 200 event stream
 * (EventSource fails for good then too).
 *
 * Cheap per connection: one socket, one string buffer, no timers while it is open; the time a
 * chunk arrived is taken once, before it is parsed, and given to every message in it.
 */

export type SseMessage = {
  /** The `event:` field, 'message' when none was sent. */
  event: string
  data: string
  /** The last `id:` seen on this stream so far ('' before any). */
  lastEventId: string
  /** When the chunk holding the message's end arrived (ms since the epoch, sub-ms precision). */
  receivedAt: number
}

export type SseStreamOptions = {
  /** The main service's origin, e.g. http://127.0.0.1:7700. */
  base: string
  /** The session cookie, as `name=value`. */
  cookie: string
  /** Every message, in order (hello, stored events, reset, ended). */
  onMessage: (message: SseMessage) => void
  /** Each connection's answer (status and content type); called again on every reconnection. */
  onOpen?: (status: number, contentType: string) => void
  /** Reconnect when the connection drops (default true), as EventSource does. */
  reconnect?: boolean
  /** The wait before reconnecting until the stream sends `retry:` (EventSource's default is about 3 s). */
  retryMs?: number
}

/** ms since the epoch, with the sub-millisecond part (performance.now()). */
export const preciseNow = () => performance.timeOrigin + performance.now()

/** One connection's worth of sockets each: no pooling for streams that stay open. */
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity })

export class SseStream {
  lastEventId = ''
  retryMs: number
  /** Connections opened (the first and each reconnection). */
  connections = 0
  /** Connections that ended while the stream was meant to stay open. */
  drops = 0
  /** `: …` comment lines (keep-alives). */
  comments = 0
  /** Why the stream stopped for good, when it has: 'closed', 'ended', or `status 401`, an error… */
  stopped: string | null = null

  private request: http.ClientRequest | null = null
  private retryTimer: NodeJS.Timeout | null = null
  // The parser's state: the unfinished line, and the message being assembled.
  private buffer = ''
  private event = ''
  private data: string[] = []

  constructor(private readonly options: SseStreamOptions) {
    this.retryMs = options.retryMs ?? 3000
  }

  open() {
    if (this.stopped) return
    this.connections += 1
    this.buffer = ''
    this.event = ''
    this.data = []
    const headers: Record<string, string> = {
      Accept: 'text/event-stream',
      'Cache-Control': 'no-cache',
      Cookie: this.options.cookie,
    }
    if (this.lastEventId) headers['Last-Event-ID'] = this.lastEventId
    const request = http.request(`${this.options.base}${EVENTS_PATH}`, { method: 'GET', headers, agent })
    this.request = request
    request.on('response', (response) => {
      const contentType = String(response.headers['content-type'] ?? '')
      this.options.onOpen?.(response.statusCode ?? 0, contentType)
      if (response.statusCode !== 200 || !contentType.startsWith('text/event-stream')) {
        this.stop(`status ${response.statusCode} ${contentType}`)
        response.resume()
        return
      }
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => this.receive(chunk, preciseNow()))
      response.on('end', () => this.dropped())
      response.on('error', () => this.dropped())
    })
    request.on('error', () => this.dropped())
    request.end()
  }

  /** Closes the stream for good. */
  close() {
    this.stop('closed')
  }

  private stop(reason: string) {
    if (this.stopped) return
    this.stopped = reason
    if (this.retryTimer) clearTimeout(this.retryTimer)
    this.retryTimer = null
    this.request?.destroy()
    this.request = null
  }

  private dropped() {
    if (this.stopped || this.request === null) return
    this.request.destroy()
    this.request = null
    this.drops += 1
    if (this.options.reconnect === false) {
      this.stop('dropped')
      return
    }
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null
      this.open()
    }, this.retryMs)
  }

  private receive(chunk: string, receivedAt: number) {
    let text = this.buffer + chunk
    let start = 0
    for (;;) {
      const end = text.indexOf('\n', start)
      if (end < 0) break
      let line = text.slice(start, end)
      if (line.endsWith('\r')) line = line.slice(0, -1)
      start = end + 1
      this.line(line, receivedAt)
      if (this.stopped) return
    }
    text = text.slice(start)
    this.buffer = text
  }

  private line(line: string, receivedAt: number) {
    if (line === '') {
      if (this.data.length === 0) {
        this.event = ''
        return
      }
      const message: SseMessage = {
        event: this.event || 'message',
        data: this.data.join('\n'),
        lastEventId: this.lastEventId,
        receivedAt,
      }
      this.event = ''
      this.data = []
      this.options.onMessage(message)
      if (message.event === 'ended') this.stop('ended')
      return
    }
    if (line.startsWith(':')) {
      this.comments += 1
      return
    }
    const colon = line.indexOf(':')
    const field = colon < 0 ? line : line.slice(0, colon)
    let value = colon < 0 ? '' : line.slice(colon + 1)
    if (value.startsWith(' ')) value = value.slice(1)
    switch (field) {
      case 'data':
        this.data.push(value)
        return
      case 'event':
        this.event = value
        return
      case 'id':
        if (!value.includes('\u0000')) this.lastEventId = value
        return
      case 'retry':
        if (/^\d+$/.test(value)) this.retryMs = Number(value)
        return
    }
  }
}

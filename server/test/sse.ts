import { EVENTS_PATH, type PortalEvent } from '@/contract/events'
import { SESSION_COOKIE } from '../http/session-token.ts'
import type { Browser } from './portal.ts'

/*
 * A server-sent events reader for the server suites: opens GET /api/events as a browser's
 * EventSource would (the session cookie, Last-Event-ID), and keeps every message, comment and
 * `retry:` it reads, parsed as the EventSource specification says.
 */

export type SseMessage = { event: string; id: string | undefined; data: string }

export class SseClient {
  readonly messages: SseMessage[] = []
  readonly comments: string[] = []
  retry: number | undefined
  /** Whether the server ended the body. */
  ended = false
  readonly #controller = new AbortController()
  #waiters: Array<() => void> = []
  done: Promise<void> = Promise.resolve()

  private constructor(readonly response: Response) {}

  /** Opens the stream; a non-200 answer is returned as it is (its body unread). */
  static async open(
    mainUrl: string,
    {
      cookie,
      lastEventId,
      query = '',
      path = EVENTS_PATH,
    }: { cookie?: string; lastEventId?: string; query?: string; path?: string } = {},
  ) {
    const controller = new AbortController()
    const headers: Record<string, string> = { Accept: 'text/event-stream' }
    if (cookie) headers.Cookie = cookie
    if (lastEventId !== undefined) headers['Last-Event-ID'] = lastEventId
    const response = await fetch(`${mainUrl}${path}${query}`, {
      headers,
      signal: controller.signal,
    })
    const client = new SseClient(response)
    client.#controller.signal.addEventListener('abort', () => controller.abort(), { once: true })
    if (response.status === 200 && response.body) client.done = client.#read(response.body)
    return client
  }

  /** Opens the stream with a test Browser's session cookie. */
  static of(
    browser: Browser,
    mainUrl: string,
    options: { lastEventId?: string; query?: string; path?: string } = {},
  ) {
    if (!browser.cookie.startsWith(`${SESSION_COOKIE}=`)) throw new Error('The browser has no session.')
    return SseClient.open(mainUrl, { ...options, cookie: browser.cookie })
  }

  /** The stored events received (the default event type), parsed. */
  get events(): PortalEvent[] {
    return this.messages
      .filter((message) => message.event === 'message')
      .map((message) => JSON.parse(message.data) as PortalEvent)
  }

  get seqs() {
    return this.events.map((event) => event.seq)
  }

  named(event: string) {
    return this.messages.filter((message) => message.event === event)
  }

  /** Waits until `check` holds on what was read (or fails after timeoutMs). */
  async until(check: (client: SseClient) => boolean, timeoutMs = 10_000, what = 'the stream') {
    const deadline = Date.now() + timeoutMs
    while (!check(this)) {
      const left = deadline - Date.now()
      if (left <= 0) {
        throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(this.messages.slice(-5))}`)
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 200))
        this.#waiters.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
  }

  /** The tab goes away. */
  close() {
    this.#controller.abort()
  }

  #notify() {
    for (const waiter of this.#waiters.splice(0)) waiter()
  }

  async #read(body: ReadableStream<Uint8Array>) {
    const decoder = new TextDecoder()
    let text = ''
    let event = ''
    let id: string | undefined
    let data: string[] = []
    const line = (raw: string) => {
      if (raw === '') {
        if (data.length > 0) this.messages.push({ event: event || 'message', id, data: data.join('\n') })
        event = ''
        id = undefined
        data = []
        return
      }
      if (raw.startsWith(':')) {
        this.comments.push(raw.slice(1).trim())
        return
      }
      const colon = raw.indexOf(':')
      const field = colon === -1 ? raw : raw.slice(0, colon)
      const value = colon === -1 ? '' : raw.slice(colon + 1).replace(/^ /, '')
      if (field === 'event') event = value
      else if (field === 'data') data.push(value)
      else if (field === 'id') id = value
      else if (field === 'retry') this.retry = Number(value)
    }
    const reader = body.getReader()
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        text += decoder.decode(value, { stream: true })
        let end = text.indexOf('\n')
        while (end !== -1) {
          line(text.slice(0, end).replace(/\r$/, ''))
          text = text.slice(end + 1)
          end = text.indexOf('\n')
        }
        this.#notify()
      }
      this.ended = true
    } catch {
      // Aborted by the test, or the connection was cut.
    } finally {
      this.ended = true
      this.#notify()
    }
  }
}

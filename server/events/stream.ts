import { STREAM_RETRY_MS, type StreamEnded, type StreamHello, type StreamReset } from '@/contract/events'

/*
 * One tab's event stream (GET /api/events, docs/decisions/0020): the text/event-stream body and
 * what has been sent on it. The hub (hub.ts) hands it every stored event of its vendor, in seq
 * order; while the stream catches up (its replay from the table, or its hello) those are kept
 * aside and sent after it, so that the seam between the replay and the live events has no event
 * twice and none missing: an event goes out only when its seq is above the last one sent.
 *
 * Memory: a stream holds its account and session ids, the last seq sent, the events that arrive
 * during its catch-up (usually none), and what its socket has not taken yet, up to
 * `maxQueuedBytes`: a tab that does not read (asleep, on a stalled network) is closed past that,
 * and resumes from its Last-Event-ID when it comes back rather than holding the server's memory.
 */

const encoder = new TextEncoder()

/** A stored event as the hub hands it out: its seq and its stream text, encoded once for all streams. */
export type StreamMessage = { seq: number; bytes: Uint8Array }

export function streamMessage(seq: number, text: string): StreamMessage {
  return { seq, bytes: encoder.encode(text) }
}

const KEEP_ALIVE = encoder.encode(': keep-alive\n\n')

export class EventStream {
  readonly body: ReadableStream<Uint8Array>
  #controller: ReadableStreamDefaultController<Uint8Array> | undefined
  #lastSent = -1
  /** The events the hub handed over during the catch-up; null once live. */
  #pending: StreamMessage[] | null = []
  #closed = false
  readonly #onClose: (stream: EventStream) => void
  readonly #maxQueuedBytes: number
  #cutOff: (() => void) | undefined

  constructor(
    readonly organizationId: string,
    readonly accountId: string,
    readonly sessionId: string,
    { onClose, maxQueuedBytes }: { onClose: (stream: EventStream) => void; maxQueuedBytes: number },
  ) {
    this.#onClose = onClose
    this.#maxQueuedBytes = maxQueuedBytes
    this.body = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.#controller = controller
          // First, so that the answer's head goes out at once (EventSource's open).
          controller.enqueue(encoder.encode(`retry: ${STREAM_RETRY_MS}\n\n`))
        },
        // The client went away (the socket closed).
        cancel: () => this.#finish(),
      },
      // Counted in bytes: desiredSize is then minus the bytes the socket has not taken yet.
      { highWaterMark: 0, size: (chunk) => chunk.byteLength },
    )
  }

  get closed() {
    return this.#closed
  }

  /** The seq of the last stored event (or hello) sent; -1 before any. */
  get lastSent() {
    return this.#lastSent
  }

  /** From the hub: a stored event of this stream's vendor, in seq order. */
  deliver(message: StreamMessage) {
    if (this.#closed) return
    if (this.#pending) this.#pending.push(message)
    else this.#sendStored(message)
  }

  /** From the catch-up: a replayed stored event. */
  replay(message: StreamMessage) {
    this.#sendStored(message)
  }

  hello(hello: StreamHello) {
    // The hello's id is the head it covers: a tab that reconnects resumes after it.
    this.#write(encoder.encode(`event: hello\nid: ${hello.seq}\ndata: ${JSON.stringify(hello)}\n\n`))
    this.#lastSent = Math.max(this.#lastSent, hello.seq)
  }

  reset(reset: StreamReset) {
    this.#write(encoder.encode(`event: reset\ndata: ${JSON.stringify(reset)}\n\n`))
  }

  /** The catch-up is over: the events kept aside go out (those not sent yet), then every later one. */
  goLive() {
    const pending = this.#pending ?? []
    this.#pending = null
    for (const message of pending) this.#sendStored(message)
  }

  /** How many events wait for the catch-up to end. */
  get pendingCount() {
    return this.#pending?.length ?? 0
  }

  keepAlive() {
    this.#write(KEEP_ALIVE)
  }

  /** The session is over: `event: ended`, then the stream closes (the tab must not reconnect). */
  end(ended: StreamEnded) {
    this.#write(encoder.encode(`event: ended\ndata: ${JSON.stringify(ended)}\n\n`))
    this.close()
  }

  /** The process is stopping: a short `retry:` (its tab reconnects within it, elsewhere), then close. */
  closeForRestart(retryMs: number) {
    this.#write(encoder.encode(`retry: ${Math.round(retryMs)}\n\n`))
    this.close()
  }

  /** Closes the stream (server stop, an error, a tab that does not read): the tab reconnects. */
  close() {
    if (this.#closed) return
    try {
      this.#controller?.close()
    } catch {
      // Already closed or cancelled.
    }
    this.#finish()
  }

  /**
   * How to drop the connection at once, queued bytes and all (the node server's response), for a
   * tab that stopped reading; without it, the stream is errored, which drops the queue as well.
   */
  set cutOff(cutOff: (() => void) | undefined) {
    this.#cutOff = cutOff
  }

  #overflow() {
    const cutOff = this.#cutOff
    if (cutOff) cutOff()
    else this.#controller?.error(new Error('The client did not read its event stream.'))
    this.#finish()
  }

  #sendStored(message: StreamMessage) {
    if (message.seq <= this.#lastSent) return
    this.#lastSent = message.seq
    this.#write(message.bytes)
  }

  #write(bytes: Uint8Array) {
    const controller = this.#controller
    if (this.#closed || !controller) return
    try {
      controller.enqueue(bytes)
    } catch {
      this.#finish()
      return
    }
    if (controller.desiredSize !== null && -controller.desiredSize > this.#maxQueuedBytes) this.#overflow()
  }

  #finish() {
    if (this.#closed) return
    this.#closed = true
    this.#pending = null
    this.#onClose(this)
  }
}

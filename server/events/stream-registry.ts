import { ALL_ORGANIZATIONS } from './store.ts'
import { EventStream } from './stream.ts'

type Holder = { organizationId: string; accountId: string }

/**
 * The open streams of one process: by organization (ALL_ORGANIZATIONS: the lab's), for the
 * deliveries, and by whose tabs they are, for the cap — a member's streams in every organization
 * count together.
 */
export class StreamRegistry {
  readonly #byOrganization = new Map<string, Set<EventStream>>()
  readonly #byHolder = new Map<string, Set<EventStream>>()

  static holderOf(stream: Holder) {
    return `${stream.organizationId === ALL_ORGANIZATIONS ? 'staff' : 'account'}:${stream.accountId}`
  }

  heldBy(holder: Holder) {
    return this.#byHolder.get(StreamRegistry.holderOf(holder))?.size ?? 0
  }

  of(organizationId: string): ReadonlySet<EventStream> | undefined {
    return this.#byOrganization.get(organizationId)
  }

  /** Every vendor's open stream, of every organization (not the lab's). */
  vendors(): ReadonlySet<EventStream> {
    const open = new Set<EventStream>()
    for (const [organizationId, streams] of this.#byOrganization)
      if (organizationId !== ALL_ORGANIZATIONS) for (const stream of streams) open.add(stream)
    return open
  }

  /** A new stream, registered: it gets every event read from now on; it leaves when it closes. */
  open(holder: Holder & { sessionId: string }, maxQueuedBytes: number) {
    const stream = new EventStream(holder.organizationId, holder.accountId, holder.sessionId, {
      onClose: (closed) => this.remove(closed),
      maxQueuedBytes,
    })
    this.add(stream)
    return stream
  }

  /** A session ended in this process: its streams get `ended` with this message. */
  endSession(sessionId: string, message: string) {
    for (const stream of this.all()) if (stream.sessionId === sessionId) stream.end({ message })
  }

  add(stream: EventStream) {
    for (const [byKey, key] of this.#keys(stream)) {
      const open = byKey.get(key) ?? new Set<EventStream>()
      open.add(stream)
      byKey.set(key, open)
    }
  }

  remove(stream: EventStream) {
    for (const [byKey, key] of this.#keys(stream)) {
      const open = byKey.get(key)
      if (!open) continue
      open.delete(stream)
      if (open.size === 0) byKey.delete(key)
    }
  }

  all() {
    return [...this.#byOrganization.values()].flatMap((open) => [...open])
  }

  count(organizationId?: string) {
    if (organizationId !== undefined) return this.#byOrganization.get(organizationId)?.size ?? 0
    let count = 0
    for (const open of this.#byOrganization.values()) count += open.size
    return count
  }

  #keys(stream: EventStream) {
    return [
      [this.#byOrganization, stream.organizationId],
      [this.#byHolder, StreamRegistry.holderOf(stream)],
    ] as const
  }
}

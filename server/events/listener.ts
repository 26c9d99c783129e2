import pg from 'pg'
import { log } from '../platform/log.ts'
import { EVENTS_CHANNEL } from './append.ts'

const LISTEN_BACKOFF_MS = [250, 500, 1000, 2000, 5000, 10_000] as const

/**
 * LISTEN portal_events on PostgreSQL, on a dedicated connection (not the pool's), calling `onNotify`
 * for every notification. A connection that breaks is made again with backoff; once it is back,
 * `onNotify` runs too, so whatever was written while nobody listened is read.
 */
export class EventListener {
  #client: pg.Client | undefined
  #pid: number | null = null
  #reconnect: NodeJS.Timeout | undefined
  #failures = 0
  #stopped = false

  constructor(
    private readonly url: string,
    private readonly onNotify: () => void,
  ) {}

  get listening() {
    return this.#client !== undefined
  }

  get pid() {
    return this.#pid
  }

  start(): Promise<void> {
    return this.#listen()
  }

  async stop() {
    this.#stopped = true
    if (this.#reconnect) clearTimeout(this.#reconnect)
    const client = this.#client
    this.#client = undefined
    this.#pid = null
    await client?.end().catch(() => {})
  }

  async #listen() {
    const client = new pg.Client({ connectionString: this.url, keepAlive: true })
    let lost = false
    const onLost = (error?: unknown) => {
      if (lost) return
      lost = true
      if (this.#client === client) {
        this.#client = undefined
        this.#pid = null
      }
      client.end().catch(() => {})
      if (this.#stopped) return
      if (error) {
        log.warn(
          { err: error },
          'event hub: the LISTEN connection was lost; connecting again (the safety read covers meanwhile)',
        )
      }
      this.#scheduleListen()
    }
    client.on('notification', () => this.onNotify())
    client.on('error', onLost)
    client.on('end', () => onLost())
    try {
      await client.connect()
      // The LISTEN connection alone must not keep a process alive.
      ;(
        client as unknown as { connection?: { stream?: { unref?: () => void } } }
      ).connection?.stream?.unref?.()
      await client.query(`listen ${EVENTS_CHANNEL}`)
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid')
      if (this.#stopped || lost) {
        await client.end().catch(() => {})
        return
      }
      this.#client = client
      this.#pid = rows[0]?.pid ?? null
      this.#failures = 0
      this.onNotify()
    } catch (error) {
      onLost(error)
    }
  }

  #scheduleListen() {
    if (this.#stopped || this.#reconnect) return
    const delay = LISTEN_BACKOFF_MS[Math.min(this.#failures, LISTEN_BACKOFF_MS.length - 1)] ?? 10_000
    this.#failures += 1
    this.#reconnect = setTimeout(() => {
      this.#reconnect = undefined
      void this.#listen()
    }, delay)
    this.#reconnect.unref()
  }
}

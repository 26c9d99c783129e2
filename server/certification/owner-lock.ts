import { sql, type Kysely } from 'kysely'
import pg from 'pg'
import type { Database } from '../platform/db/schema.ts'

/** The first key of every owner lock (pg_advisory_lock(int4, int4)); the second is hashtext(owner). */
export const OWNER_LOCK_SPACE = 0x43455254 // 'CERT'

/*
 * The owner lock (docs/decisions/0018): pg_advisory_lock(OWNER_LOCK_SPACE, hashtext(owner)), held
 * by a session that lives exactly as long as the executor. PostgreSQL releases a session's
 * advisory locks when the session ends, however it ends, so "the owner's lock is not in pg_locks"
 * means "the owner is gone".
 *
 * - PGlite: one process owns the database and has its one session; the lock is taken through it
 *   and let go at stop. A PGlite opened again (a restart) has none of the old locks.
 * - PostgreSQL: the lock needs a session of its own, so a dedicated connection (not the pool's,
 *   whose idle connections come and go) to ownerLockUrl, DATABASE_URL by default. It is checked
 *   at start to be the same database as the pool's (the lock must show in the pool's pg_locks);
 *   if not, or without a URL, owner locks are not used and only leases count. A connection that
 *   breaks is made again at the next check; meanwhile other executors may take this one's runs,
 *   and its renewal then finds them lost and stops them at once (their writes would be refused).
 */

/** The pg_locks rows of the owner lock of `owner` (an SQL expression), in this database. */
export function ownerLockRows(owner: ReturnType<typeof sql.ref> | ReturnType<typeof sql.val>) {
  return sql`select 1 from pg_catalog.pg_locks l
    where l.locktype = 'advisory' and l.granted
      and l.classid = ${sql.lit(OWNER_LOCK_SPACE)}::oid
      and l.objid = (hashtext(${owner})::bigint & 4294967295)::oid
      and l.objsubid = 2
      and l.database = (select oid from pg_catalog.pg_database where datname = current_database())`
}

export type OwnerLock = {
  /** Resolves once the lock is taken, or known not to be (never rejects). */
  ready(): Promise<void>
  /** Whether the lock is held now. */
  held(): boolean
  /** Whether runs are judged by their owners' locks (the lock could be taken and seen). */
  inUse(): boolean
  /** Takes the lock again after a lost connection. */
  check(): Promise<void>
  /**
   * Lets the lock go, for good: at a stop, and at abandon() as the end of a dying process's
   * session would (on PGlite the session lives on in this process, so it unlocks).
   */
  release(): Promise<void>
}

type OwnerLockOptions = {
  db: Kysely<Database>
  owner: string
  mode: 'auto' | 'none'
  url: string | undefined
  onError: (error: unknown) => void
}

export function ownerLock(options: OwnerLockOptions): OwnerLock {
  return new OwnerLockSession(options)
}

class OwnerLockSession implements OwnerLock {
  private taking: Promise<void> | undefined
  private engine: 'pglite' | 'postgres' | undefined
  private isHeld = false
  private used = false
  private ended = false
  private client: pg.Client | undefined

  constructor(private readonly options: OwnerLockOptions) {}

  ready() {
    this.taking ??= this.take().catch((error: unknown) => this.options.onError(error))
    return this.taking
  }

  held() {
    return this.isHeld
  }

  inUse() {
    return this.used
  }

  async check() {
    await this.ready()
    const { url, onError } = this.options
    if (!this.used || this.isHeld || this.ended || this.engine !== 'postgres' || !url) return
    try {
      await this.connect(url)
    } catch (error) {
      onError(error)
    }
  }

  async release() {
    this.ended = true
    if (!this.taking) return
    await this.taking
    await this.letGo()
  }

  private async visible() {
    const row = await this.options.db
      .selectNoFrom(sql<boolean>`exists (${ownerLockRows(sql.val(this.options.owner))})`.as('held'))
      .executeTakeFirstOrThrow()
    return row.held
  }

  private async connect(connectionString: string) {
    const connection = new pg.Client({ connectionString, keepAlive: true })
    connection.on('error', () => {
      // The session, and with it the lock, is gone; check() connects again.
      if (this.client === connection) {
        this.isHeld = false
        this.client = undefined
      }
    })
    await connection.connect()
    // The lock's connection alone must not keep a process alive.
    ;(
      connection as unknown as { connection?: { stream?: { unref?: () => void } } }
    ).connection?.stream?.unref?.()
    const { rows } = await connection.query<{ locked: boolean }>(
      'select pg_try_advisory_lock($1, hashtext($2)) as locked',
      [OWNER_LOCK_SPACE, this.options.owner],
    )
    if (this.ended || !rows[0]?.locked) {
      await connection.end().catch(() => {})
      if (!this.ended) throw new Error('The owner lock is held by another session (a hash collision).')
      return
    }
    this.client = connection
    this.isHeld = true
  }

  private async take() {
    const { db, owner, mode, url, onError } = this.options
    if (mode === 'none' || this.ended) return
    const { version } = await db.selectNoFrom(sql<string>`version()`.as('version')).executeTakeFirstOrThrow()
    this.engine = version.includes('PGlite') ? 'pglite' : 'postgres'
    if (this.engine === 'pglite') {
      const { locked } = await db
        .selectNoFrom(
          sql<boolean>`pg_try_advisory_lock(${sql.lit(OWNER_LOCK_SPACE)}, hashtext(${owner}))`.as('locked'),
        )
        .executeTakeFirstOrThrow()
      this.isHeld = locked
    } else {
      if (!url) return
      await this.connect(url)
    }
    // Same database as the pool's: only then can the pool's pg_locks tell whether owners live.
    if (this.isHeld && (await this.visible())) {
      this.used = true
    } else if (this.isHeld) {
      await this.letGo()
      onError(new Error('The owner lock is not visible from the database the runs are in; leases only.'))
    }
  }

  private async letGo() {
    this.isHeld = false
    if (this.engine === 'pglite') {
      await this.options.db
        .selectNoFrom(
          sql<boolean>`pg_advisory_unlock(${sql.lit(OWNER_LOCK_SPACE)}, hashtext(${this.options.owner}))`.as(
            'unlocked',
          ),
        )
        .execute()
    } else if (this.client) {
      const connection = this.client
      this.client = undefined
      await connection.end().catch(() => {})
    }
  }
}

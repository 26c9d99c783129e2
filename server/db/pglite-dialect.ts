import type { PGlite } from '@electric-sql/pglite'
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely'

/*
 * Kysely over embedded PGlite. PGlite is one PostgreSQL backend in this process, so it has one
 * session: a transaction's BEGIN … COMMIT must not interleave with other queries. The driver
 * therefore hands out its single connection to one holder at a time; Kysely holds it for a
 * whole transaction and releases it after each query otherwise.
 *
 * Consequence for callers: inside `db.transaction().execute(async (trx) => …)` use `trx`, never
 * `db` — a query on `db` would wait for the connection the transaction holds, forever.
 */

export type PgliteDialectConfig = {
  /** The instance, or a function that opens it when Kysely first needs it. */
  pglite: PGlite | (() => Promise<PGlite>)
}

export class PgliteDialect implements Dialect {
  readonly #config: PgliteDialectConfig

  constructor(config: PgliteDialectConfig) {
    this.#config = config
  }

  createAdapter(): DialectAdapter {
    return new PostgresAdapter()
  }

  createDriver(): Driver {
    return new PgliteDriver(this.#config)
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db)
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler()
  }
}

/** First come, first served: waiters get the connection in the order they asked for it. */
class ConnectionMutex {
  #held = false
  readonly #waiters: Array<() => void> = []

  async lock() {
    if (!this.#held) {
      this.#held = true
      return
    }
    await new Promise<void>((resolve) => this.#waiters.push(resolve))
  }

  unlock() {
    const next = this.#waiters.shift()
    if (next) next()
    else this.#held = false
  }
}

const ROW_COUNT_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE'])

class PgliteConnection implements DatabaseConnection {
  readonly #pglite: PGlite

  constructor(pglite: PGlite) {
    this.#pglite = pglite
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.#pglite.query<R>(compiledQuery.sql, [...compiledQuery.parameters])
    const command = result.command?.toUpperCase()
    // Same rule as Kysely's pg driver, so callers see one behaviour on both databases.
    const numAffectedRows =
      command !== undefined && ROW_COUNT_COMMANDS.has(command)
        ? BigInt(result.rowCount ?? result.affectedRows ?? 0)
        : undefined
    return { rows: result.rows, numAffectedRows }
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on PGlite; page with limit/offset instead.')
  }
}

class PgliteDriver implements Driver {
  readonly #config: PgliteDialectConfig
  readonly #mutex = new ConnectionMutex()
  #pglite: PGlite | undefined
  #connection: PgliteConnection | undefined

  constructor(config: PgliteDialectConfig) {
    this.#config = config
  }

  async init() {
    const { pglite } = this.#config
    this.#pglite = typeof pglite === 'function' ? await pglite() : pglite
    await this.#pglite.waitReady
    this.#connection = new PgliteConnection(this.#pglite)
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock()
    if (!this.#connection) {
      this.#mutex.unlock()
      throw new Error('The PGlite database is closed.')
    }
    return this.#connection
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    let begin = 'begin'
    if (settings.isolationLevel) begin += ` isolation level ${settings.isolationLevel}`
    if (settings.accessMode) begin += ` ${settings.accessMode}`
    await connection.executeQuery(CompiledQuery.raw(begin))
  }

  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('commit'))
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('rollback'))
  }

  async savepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdentifier(name)}`))
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoteIdentifier(name)}`))
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${quoteIdentifier(name)}`))
  }

  async releaseConnection() {
    this.#mutex.unlock()
  }

  /** Waits for the query or transaction in flight, so a shutdown never cuts one in half. */
  async destroy() {
    await this.#mutex.lock()
    const pglite = this.#pglite
    this.#pglite = undefined
    this.#connection = undefined
    try {
      if (pglite && !pglite.closed) await pglite.close()
    } finally {
      this.#mutex.unlock()
    }
  }
}

function quoteIdentifier(name: string) {
  return `"${name.replaceAll('"', '""')}"`
}

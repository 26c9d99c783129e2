import { protocol, types, type PGlite } from '@electric-sql/pglite'
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
  #driver: PgliteDriver | undefined

  constructor(config: PgliteDialectConfig) {
    this.#config = config
  }

  /**
   * The data folder as an uncompressed tar (PGlite's dumpDataDir; entries named /PG_VERSION, …),
   * taken while no query and no transaction holds the connection, after a checkpoint: a
   * consistent copy of the database as it is between two queries (docs/decisions/0048).
   */
  snapshot(): Promise<Blob> {
    if (!this.#driver) return Promise.reject(new Error('The PGlite database is not open.'))
    return this.#driver.snapshot()
  }

  createAdapter(): DialectAdapter {
    return new PostgresAdapter()
  }

  createDriver(): Driver {
    this.#driver = new PgliteDriver(this.#config)
    return this.#driver
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

/*
 * One round trip per query. PGlite's own query() makes six calls into PostgreSQL (parse, describe
 * the statement to learn the parameters' types, bind, describe the portal, execute, sync) and
 * then syncs the file system; at 0.2–0.3 ms a query, that is most of a request's time. Here the
 * same extended-protocol messages go in one buffer: parse without parameter types (PostgreSQL
 * infers them from the statement, as it does for node-postgres), bind with every parameter as
 * text — serialized from its JavaScript type the way node-postgres does — describe, execute and
 * sync. Rows are read with PGlite's own type parsers, so values come back exactly as before
 * (int8 as number, arrays as arrays, timestamptz as Date). The file system is synced when the
 * backend is idle again, i.e. after a statement outside a transaction and after COMMIT.
 */
class PgliteConnection implements DatabaseConnection {
  readonly #pglite: PGlite

  constructor(pglite: PGlite) {
    this.#pglite = pglite
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const message = concatenate([
      protocol.serialize.parse({ text: compiledQuery.sql }),
      protocol.serialize.bind({ values: compiledQuery.parameters.map(parameterText) }),
      protocol.serialize.describe({ type: 'P' }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    ])
    const { messages } = await this.#pglite.execProtocol(message, { syncToFs: false })
    // The instance's parsers include the array types PGlite read from the catalog at start.
    const parsers = this.#pglite.parsers
    let fields: Array<{ name: string; dataTypeID: number }> = []
    const rows: Record<string, unknown>[] = []
    let numAffectedRows: bigint | undefined
    let idle = false
    for (const backendMessage of messages) {
      switch (backendMessage.name) {
        case 'rowDescription':
          fields = (backendMessage as unknown as RowDescriptionMessage).fields
          break
        case 'dataRow': {
          const values = (backendMessage as unknown as DataRowMessage).fields
          const row: Record<string, unknown> = {}
          for (let index = 0; index < fields.length; index += 1) {
            const field = fields[index] as { name: string; dataTypeID: number }
            row[field.name] = types.parseType(values[index] ?? null, field.dataTypeID, parsers)
          }
          rows.push(row)
          break
        }
        case 'commandComplete': {
          // "UPDATE 3", "INSERT 0 1": the count is the last word, as Kysely's pg driver reads it.
          const words = (backendMessage as unknown as CommandCompleteMessage).text.split(' ')
          const command = words[0]?.toUpperCase()
          if (command !== undefined && ROW_COUNT_COMMANDS.has(command)) {
            numAffectedRows = BigInt(Number.parseInt(words.at(-1) ?? '0', 10) || 0)
          }
          break
        }
        case 'readyForQuery':
          idle = (backendMessage as unknown as ReadyForQueryMessage).status === 'I'
          break
      }
    }
    if (idle) await this.#pglite.syncToFs()
    return { rows: rows as R[], numAffectedRows }
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

  /** See PgliteDialect.snapshot: holds the connection, so no transaction is half done in it. */
  async snapshot(): Promise<Blob> {
    await this.#mutex.lock()
    try {
      const pglite = this.#pglite
      if (!pglite || pglite.closed) throw new Error('The PGlite database is closed.')
      await pglite.exec('checkpoint')
      return await pglite.dumpDataDir('none')
    } finally {
      this.#mutex.unlock()
    }
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

type RowDescriptionMessage = { fields: Array<{ name: string; dataTypeID: number }> }
type DataRowMessage = { fields: Array<string | null> }
type CommandCompleteMessage = { text: string }
type ReadyForQueryMessage = { status: string }

function concatenate(parts: readonly Uint8Array[]) {
  let length = 0
  for (const part of parts) length += part.length
  const whole = new Uint8Array(length)
  let offset = 0
  for (const part of parts) {
    whole.set(part, offset)
    offset += part.length
  }
  return whole
}

/** A parameter as PostgreSQL's text input, from its JavaScript type (node-postgres' rules). */
export function parameterText(value: unknown): string | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'bigint') return String(value)
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (value instanceof Date) return value.toISOString()
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString('hex')}`
  if (Array.isArray(value)) return arrayLiteral(value)
  return JSON.stringify(value)
}

function arrayLiteral(values: readonly unknown[]): string {
  const items = values.map((item) => {
    if (item === null || item === undefined) return 'NULL'
    if (Array.isArray(item)) return arrayLiteral(item)
    const text = parameterText(item) ?? ''
    return `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`
  })
  return `{${items.join(',')}}`
}

function quoteIdentifier(name: string) {
  return `"${name.replaceAll('"', '""')}"`
}

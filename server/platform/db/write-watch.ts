import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely'

/*
 * Counts the writes this process makes, by area, so that in-process caches can tell whether what
 * they hold may have changed. It is exact only when this process is the database's only writer,
 * which is the case for PGlite (one process owns its data folder); with PostgreSQL, other
 * processes write too, and openDatabase does not install it (the caches then ask the database's
 * data_version instead).
 *
 * A write raises its areas' epochs after it has run and before its connection goes back (Kysely
 * calls transformResult inside the connection), so a reader that read epoch E and then read data
 * may only hold data newer than E: stored under E, it is simply built again at the next read.
 * A statement written as raw SQL, whose tables are not known, raises every epoch. A write that
 * fails or is rolled back may raise an epoch for nothing, which costs one rebuild.
 */

export type WriteArea = 'sessions' | 'portfolio'

const AREAS_OF_TABLE: Record<string, readonly WriteArea[]> = {
  sessions: ['sessions'],
  // The session lookup reads the membership's role and the organization's version (migration 0009).
  memberships: ['sessions'],
  // …and a lab staff member's role and whether they were removed (migration 0011).
  lab_staff: ['sessions'],
  organizations: ['portfolio'],
  vendor_accounts: ['portfolio'],
  portfolio_drafts: ['portfolio'],
  device_records: ['portfolio'],
}
const EVERY_AREA: readonly WriteArea[] = ['sessions', 'portfolio']

export class WriteWatch implements KyselyPlugin {
  private readonly epochs: Record<WriteArea, number> = { sessions: 0, portfolio: 0 }
  private readonly pending = new WeakMap<object, readonly WriteArea[]>()

  /** A number that changes after every write to the area. */
  epoch(area: WriteArea) {
    return this.epochs[area]
  }

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    const areas = areasWritten(node)
    if (areas.length > 0) this.pending.set(queryId, areas)
    return node
  }

  async transformResult({ queryId, result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const areas = this.pending.get(queryId)
    if (areas) {
      for (const area of areas) this.epochs[area] += 1
      this.pending.delete(queryId)
    }
    return result
  }
}

function areasWritten(node: RootOperationNode): readonly WriteArea[] {
  switch (node.kind) {
    case 'SelectQueryNode':
      return []
    case 'InsertQueryNode':
      return areasOfTable(node.into)
    case 'UpdateQueryNode':
      return areasOfTable(node.table)
    case 'DeleteQueryNode':
      return node.from.froms.flatMap(areasOfTable)
    default:
      // Raw SQL, merge, DDL: the tables are not known here.
      return EVERY_AREA
  }
}

function areasOfTable(node: unknown): readonly WriteArea[] {
  const name = tableName(node)
  return name === undefined ? EVERY_AREA : (AREAS_OF_TABLE[name] ?? [])
}

/** The table of a TableNode, or of an aliased one (`sessions as s`). */
function tableName(node: unknown): string | undefined {
  if (typeof node !== 'object' || node === null || !('kind' in node)) return undefined
  if (node.kind === 'AliasNode' && 'node' in node) return tableName(node.node)
  if (node.kind === 'TableNode' && 'table' in node) {
    const table = node.table as { identifier?: { name?: unknown } }
    return typeof table.identifier?.name === 'string' ? table.identifier.name : undefined
  }
  return undefined
}

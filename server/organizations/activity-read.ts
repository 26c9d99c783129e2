import { type Kysely, sql, type Transaction } from 'kysely'
import { type ActivityFilter, actionsLabelled } from '@/contract/activity-export'
import { type ActivityEntry, activityRangeEnd } from '@/contract/team'
import type { Database } from '../platform/db/schema.ts'

/*
 * docs/decisions/0044: reading an organization's activity log, a page for the screen or a batch
 * for the export, with its filters. The lines come back as one JSON text built by the database
 * (json_agg): on PGlite turning rows into objects costs far more than JSON.parse of one string
 * (docs/decisions/0007), and an export reads thousands of lines.
 */

type Db = Kysely<Database> | Transaction<Database>

/** `text` as a LIKE pattern that finds it anywhere, its \\, % and _ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (found) => `\\${found}`)}%`

/**
 * Up to `limit` lines of the organization matching `filter`, newest first, older than `beforeId`
 * when given.
 */
export async function activityLines(
  db: Db,
  organizationId: string,
  filter: ActivityFilter,
  { limit, beforeId }: { limit: number; beforeId?: number },
): Promise<ActivityEntry[]> {
  let lines = db
    .selectFrom('activity_log')
    .select(['id', 'at', 'actor_name', 'actor_account_id', 'action', 'subject'])
    .where('organization_id', '=', organizationId)
    .orderBy('id', 'desc')
    .limit(limit)
  if (beforeId !== undefined) lines = lines.where('id', '<', beforeId)
  if (filter.action !== undefined) lines = lines.where('action', '=', filter.action)
  if (filter.actorAccountId !== undefined) lines = lines.where('actor_account_id', '=', filter.actorAccountId)
  if (filter.from !== undefined) lines = lines.where('at', '>=', new Date(filter.from))
  if (filter.to !== undefined) lines = lines.where('at', '<', activityRangeEnd(filter.to))
  const q = filter.q?.trim()
  if (q) {
    const pattern = containing(q)
    const labelled = actionsLabelled(q)
    lines = lines.where((eb) =>
      eb.or([
        eb(sql`subject`, 'ilike', sql<string>`${pattern} escape '\\'`),
        eb(sql`actor_name`, 'ilike', sql<string>`${pattern} escape '\\'`),
        ...(labelled.length > 0 ? [eb('action', 'in', labelled)] : []),
      ]),
    )
  }
  const row = await db
    .selectFrom(lines.as('t'))
    .select(
      sql<string>`coalesce(json_agg(json_build_object(
        'activityId', t.id::text,
        'at', to_char(t.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'actorName', t.actor_name,
        'actorAccountId', t.actor_account_id,
        'action', t.action,
        'subject', t.subject
      ) order by t.id desc), '[]')::text`.as('lines'),
    )
    .executeTakeFirstOrThrow()
  return JSON.parse(row.lines) as ActivityEntry[]
}

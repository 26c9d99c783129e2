import { sql, type Kysely, type Transaction } from 'kysely'
import { CATALOGUE_KIND_LABELS, type ReviewState } from '@/contract/catalogue-review'
import type { ActivityAction } from '@/contract/team'
import { logActivity } from '../organizations/index.ts'
import type { Database } from '../platform/db/schema.ts'
import { REVIEWED_TABLES, type ReviewedKind } from './catalogue-entries.ts'

/*
 * A Lab manager's decisions on the catalogue (docs/decisions/0034). Each is one transaction that
 * locks the entry's row, so two managers deciding at once make one decision and the second is
 * told who decided (409). A decision changes what the cascades offer (catalogue.ts offeredTo) and
 * nothing else: device records and certificates keep the names they were submitted with. Each
 * is written to the organization's activity log as the lab's.
 */

type Trx = Transaction<Database>

export type Decision =
  { decision: 'approve' } | { decision: 'map'; mapTo: string } | { decision: 'decline'; reason: string }

export type DecisionOutcome =
  | { refused: 'not-found' | 'not-reviewed' }
  | { refused: 'decided'; state: ReviewState; by: string }
  | { refused: 'already-shared'; value: string; existing: string }
  | { refused: 'bad-target'; kind: ReviewedKind; parent: string }
  | { decided: Decision['decision']; value: string; target?: string }

type LockedEntry = {
  kind: ReviewedKind
  value: string
  parent: string
  added_by: string
  review_state: ReviewState | null
  reviewed_by: string | null
}

/** Whether a row is in the shared catalogue: the programme's, or approved by the lab. */
const SHARED = sql.raw(`(added_by is null or review_state = 'approved')`)

/** The entry with its row locked, in whichever table holds it; or why there is nothing to decide. */
async function lockedEntry(trx: Trx, entryId: string): Promise<LockedEntry | 'not-found' | 'not-reviewed'> {
  for (const [kind, t] of Object.entries(REVIEWED_TABLES) as Array<
    [ReviewedKind, (typeof REVIEWED_TABLES)[ReviewedKind]]
  >) {
    const found = await sql<Omit<LockedEntry, 'kind'>>`
      select ${sql.ref(t.value)} as value, ${sql.ref(t.parent)} as parent, added_by, review_state, reviewed_by
        from ${sql.table(t.table)} where entry_id = ${entryId} for update`.execute(trx)
    const row = found.rows[0]
    if (row) return row.added_by === null || row.review_state === null ? 'not-reviewed' : { kind, ...row }
  }
  const vendor = await trx
    .selectFrom('catalogue_vendors')
    .select('vendor')
    .where('entry_id', '=', entryId)
    .executeTakeFirst()
  return vendor ? 'not-reviewed' : 'not-found'
}

/**
 * The shared entry of the kind that `value` names (case aside): for a name or a class, under the
 * same parent; for a type, anywhere (a type is one type whatever name it hangs on).
 */
async function sharedSpelling(trx: Trx, kind: ReviewedKind, parent: string, value: string) {
  const t = REVIEWED_TABLES[kind]
  const underParent = kind === 'device-type' ? sql`true` : sql`lower(${sql.ref(t.parent)}) = lower(${parent})`
  const found = await sql<{ value: string }>`
    select ${sql.ref(t.value)} as value from ${sql.table(t.table)}
     where ${SHARED} and ${underParent} and lower(${sql.ref(t.value)}) = lower(${value})
     order by added_by nulls first limit 1`.execute(trx)
  return found.rows[0]?.value
}

async function setReview(
  trx: Trx,
  entry: LockedEntry,
  entryId: string,
  change: { state: ReviewState; by: string; reason?: string; mappedTo?: string },
) {
  await sql`update ${sql.table(REVIEWED_TABLES[entry.kind].table)}
    set review_state = ${change.state}, reviewed_by = ${change.by}, reviewed_at = now(),
        review_reason = ${change.reason ?? null}, mapped_to = ${change.mappedTo ?? null}
    where entry_id = ${entryId}`.execute(trx)
}

/** An approved name takes with it its pairings with types the catalogue shares, so other forms offer them. */
async function approvePairsOf(trx: Trx, entry: LockedEntry, by: string) {
  await sql`update catalogue_device_types t
    set review_state = 'approved', reviewed_by = ${by}, reviewed_at = now()
    where lower(t.device_name) = lower(${entry.value}) and t.added_by = ${entry.added_by} and t.review_state is null
      and exists (select 1 from catalogue_device_types s
        where (s.added_by is null or s.review_state = 'approved') and lower(s.device_type) = lower(t.device_type))`.execute(
    trx,
  )
}

/** A type mapped onto a shared one: the organization's form offers the shared type under that name. */
async function pairMappedType(trx: Trx, entry: LockedEntry, target: string) {
  await trx
    .insertInto('catalogue_device_types')
    .values({ device_name: entry.parent, device_type: target, added_by: entry.added_by, review_state: null })
    .onConflict((oc) => oc.doNothing())
    .execute()
}

const ACTIONS: Record<Decision['decision'], ActivityAction> = {
  approve: 'catalogue.approved',
  map: 'catalogue.mapped',
  decline: 'catalogue.declined',
}

/** Approves, maps or declines an organization's pending addition, as the Lab manager `by`. */
export function decideCatalogueEntry(
  db: Kysely<Database>,
  input: { entryId: string; by: string } & Decision,
): Promise<DecisionOutcome> {
  return db.transaction().execute(async (trx): Promise<DecisionOutcome> => {
    const entry = await lockedEntry(trx, input.entryId)
    if (typeof entry === 'string') return { refused: entry }
    if (entry.review_state !== 'pending')
      return { refused: 'decided', state: entry.review_state ?? 'pending', by: entry.reviewed_by ?? '' }
    let target: string | undefined
    if (input.decision === 'approve') {
      const existing = await sharedSpelling(trx, entry.kind, entry.parent, entry.value)
      if (existing !== undefined) return { refused: 'already-shared', value: entry.value, existing }
      await setReview(trx, entry, input.entryId, { state: 'approved', by: input.by })
      if (entry.kind === 'device-name') await approvePairsOf(trx, entry, input.by)
    } else if (input.decision === 'map') {
      target = await sharedSpelling(trx, entry.kind, entry.parent, input.mapTo)
      if (target === undefined) return { refused: 'bad-target', kind: entry.kind, parent: entry.parent }
      await setReview(trx, entry, input.entryId, { state: 'mapped', by: input.by, mappedTo: target })
      if (entry.kind === 'device-type') await pairMappedType(trx, entry, target)
    } else {
      await setReview(trx, entry, input.entryId, { state: 'declined', by: input.by, reason: input.reason })
    }
    await logActivity(trx, {
      organizationId: entry.added_by,
      actorAccountId: null,
      actorName: input.by,
      actorKind: 'lab',
      action: ACTIONS[input.decision],
      subject: `${entry.value} (${CATALOGUE_KIND_LABELS[entry.kind]}${target ? ` → ${target}` : ''})`,
    })
    return { decided: input.decision, value: entry.value, ...(target ? { target } : {}) }
  })
}

export type ManufacturerOutcome =
  { refused: 'not-found' } | { refused: 'already'; name: string } | { approved: string }

/**
 * Makes an organization a manufacturer under its registration name, offered to its own members
 * only. Refused when it already is one, or when the catalogue has a manufacturer of that name.
 */
export function approveManufacturer(
  db: Kysely<Database>,
  input: { organizationId: string; by: string },
): Promise<ManufacturerOutcome> {
  return db.transaction().execute(async (trx): Promise<ManufacturerOutcome> => {
    const organization = await trx
      .selectFrom('organizations')
      .select(['id', 'name'])
      .where('id', '=', input.organizationId)
      .forUpdate()
      .executeTakeFirst()
    if (!organization) return { refused: 'not-found' }
    const taken = await trx
      .selectFrom('catalogue_vendors')
      .select('vendor')
      .where((eb) =>
        eb.or([
          eb('organization_id', '=', organization.id),
          eb(sql<string>`lower(vendor)`, '=', sql<string>`lower(${organization.name})`),
        ]),
      )
      .executeTakeFirst()
    if (taken) return { refused: 'already', name: taken.vendor }
    await trx
      .insertInto('catalogue_vendors')
      .values({ vendor: organization.name, organization_id: organization.id, approved_by: input.by })
      .execute()
    await logActivity(trx, {
      organizationId: organization.id,
      actorAccountId: null,
      actorName: input.by,
      actorKind: 'lab',
      action: 'catalogue.manufacturer-approved',
      subject: organization.name,
    })
    return { approved: organization.name }
  })
}

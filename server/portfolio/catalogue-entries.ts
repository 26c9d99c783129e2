import { sql, type Kysely } from 'kysely'
import type {
  CatalogueAddition,
  CatalogueEntry,
  CatalogueKind,
  LabCatalogueAnswer,
  ReviewState,
} from '@/contract/catalogue-review'
import type { Database } from '../platform/db/schema.ts'

/*
 * The catalogue as the lab reads it (docs/decisions/0034): every entry of the four kinds with who
 * added it and when, and the review of an organization's addition; and an organization's own
 * additions as its members read them.
 */

/** The reviewed kinds' tables: the column of the entry's value and of the entry it hangs on. */
export const REVIEWED_TABLES = {
  'device-name': { table: 'catalogue_device_names', parent: 'vendor', value: 'device_name' },
  'device-type': { table: 'catalogue_device_types', parent: 'device_name', value: 'device_type' },
  'product-class': { table: 'catalogue_product_classes', parent: 'device_type', value: 'product_class' },
} as const
export type ReviewedKind = keyof typeof REVIEWED_TABLES

type EntryRow = {
  entry_id: string
  kind: CatalogueKind
  value: string
  parent: string
  added_by: string | null
  organization_name: string | null
  created_at: Date | string
  review_state: ReviewState | null
  reviewed_by: string | null
  reviewed_at: Date | string | null
  review_reason: string | null
  mapped_to: string | null
}

const iso = (value: Date | string) => new Date(value).toISOString()

/** Every entry as one row shape: a manufacturer has no parent and no review. */
const ENTRIES = sql`
  select entry_id, 'vendor' as kind, vendor as value, '' as parent, organization_id as added_by, created_at,
      null::text as review_state, approved_by as reviewed_by, null::timestamptz as reviewed_at,
      null::text as review_reason, null::text as mapped_to, 0 as kind_order
    from catalogue_vendors
  union all
  select entry_id, 'device-name', device_name, vendor, added_by, created_at,
      review_state, reviewed_by, reviewed_at, review_reason, mapped_to, 1
    from catalogue_device_names
  union all
  select entry_id, 'device-type', device_type, device_name, added_by, created_at,
      review_state, reviewed_by, reviewed_at, review_reason, mapped_to, 2
    from catalogue_device_types
  union all
  select entry_id, 'product-class', product_class, device_type, added_by, created_at,
      review_state, reviewed_by, reviewed_at, review_reason, mapped_to, 3
    from catalogue_product_classes`

function toEntry(row: EntryRow): CatalogueEntry {
  return {
    entryId: row.entry_id,
    kind: row.kind,
    value: row.value,
    parent: row.parent,
    addedBy:
      row.added_by === null ? null : { organizationId: row.added_by, name: row.organization_name ?? '' },
    addedAt: iso(row.created_at),
    review:
      row.review_state === null
        ? null
        : {
            state: row.review_state,
            decidedBy: row.review_state === 'pending' ? null : row.reviewed_by,
            decidedAt: row.reviewed_at === null ? null : iso(row.reviewed_at),
            reason: row.review_reason,
            mappedTo: row.mapped_to,
          },
  }
}

/**
 * The lab's catalogue page: every entry, by kind, then parent and value (case aside); and every
 * organization by its registration name, with whether it is a manufacturer.
 */
export async function labCatalogue(db: Kysely<Database>): Promise<LabCatalogueAnswer> {
  const [entries, organizations] = await Promise.all([
    sql<EntryRow>`
      select e.*, o.name as organization_name from (${ENTRIES}) e
        left join organizations o on o.id = e.added_by
       order by e.kind_order, lower(e.parent), lower(e.value), e.created_at`.execute(db),
    db
      .selectFrom('organizations as o')
      .leftJoin('catalogue_vendors as v', 'v.organization_id', 'o.id')
      .select(['o.id', 'o.name', 'v.vendor'])
      .orderBy(sql`lower(o.name)`)
      .orderBy('o.created_at')
      .execute(),
  ])
  return {
    entries: entries.rows.map(toEntry),
    organizations: organizations.map((row) => ({
      organizationId: row.id,
      name: row.name,
      manufacturer: row.vendor !== null,
    })),
  }
}

/**
 * A type the catalogue shared before this row was approved: the row is a new name's pairing with
 * a known type, approved along with its name (catalogue-review.ts approvePairsOf), not an addition
 * of the organization's own. (A new type's own approval is refused while the catalogue shares its
 * spelling, so no shared row of it is older.)
 */
const PAIRING_APPROVED_WITH_ITS_NAME = sql`e.kind = 'device-type' and e.review_state = 'approved' and exists (
  select 1 from catalogue_device_types s
   where s.entry_id <> e.entry_id and lower(s.device_type) = lower(e.value)
     and (s.added_by is null or (s.review_state = 'approved' and s.reviewed_at < e.reviewed_at)))`

/**
 * An organization's reviewed additions, newest first, as its members read them: the names it added
 * with 'Add New …', without a new name's pairing with a known type (it has no review of its own).
 */
export async function catalogueAdditionsOf(
  db: Kysely<Database>,
  organizationId: string,
): Promise<CatalogueAddition[]> {
  const rows = await sql<EntryRow>`
    select e.*, null as organization_name from (${ENTRIES}) e
     where e.added_by = ${organizationId} and e.review_state is not null
       and not (${PAIRING_APPROVED_WITH_ITS_NAME})
     order by e.created_at desc, e.kind_order`.execute(db)
  return rows.rows.map((row) => ({
    kind: row.kind,
    value: row.value,
    parent: row.parent,
    addedAt: iso(row.created_at),
    state: row.review_state ?? 'pending',
    decidedAt: row.reviewed_at === null ? null : iso(row.reviewed_at),
    reason: row.review_reason,
    mappedTo: row.mapped_to,
  }))
}

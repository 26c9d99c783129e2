import { type ExpressionBuilder, sql, type Kysely, type Transaction } from 'kysely'
import type { NewInCatalogue } from '@/contract/portfolio-payload'
import type { CatalogueValues } from '@/contract/portfolio-rules'
import type { Database } from '../platform/db/schema.ts'

/*
 * The device catalogue's tables as the portfolio calls use them: the lists the form's cascades
 * offer, which device values of a payload are new (they came from an 'Add New ...' option, and
 * the portfolio rules hold them to their own length rule), and adding them once the payload is
 * written (spec §3).
 */

type CatalogueTable = 'catalogue_device_names' | 'catalogue_device_types' | 'catalogue_product_classes'

/**
 * What a caller's cascades offer (docs/decisions/0034): the programme's rows and those the lab
 * approved, plus the organization's own additions while they await review (a signed-in caller).
 * An addition the lab mapped onto another entry or declined is no longer offered.
 */
const offeredTo = (organizationId: string | null) => (eb: ExpressionBuilder<Database, CatalogueTable>) =>
  organizationId === null
    ? eb.or([eb('added_by', 'is', null), eb('review_state', '=', 'approved')])
    : eb.or([
        eb('added_by', 'is', null),
        eb('review_state', '=', 'approved'),
        eb.and([
          eb('added_by', '=', organizationId),
          eb.or([eb('review_state', 'is', null), eb('review_state', '=', 'pending')]),
        ]),
      ])

/** The manufacturers a caller's form offers: the programme's, and its own organization once approved. */
const vendorsOfferedTo =
  (organizationId: string | null) => (eb: ExpressionBuilder<Database, 'catalogue_vendors'>) =>
    organizationId === null
      ? eb('organization_id', 'is', null)
      : eb.or([eb('organization_id', 'is', null), eb('organization_id', '=', organizationId)])

/** The same SQL as offeredTo, for the raw lookups of newInCatalogue. */
const offeredSql = (organizationId: string) =>
  sql`(added_by is null or review_state = 'approved'
    or (added_by = ${organizationId} and (review_state is null or review_state = 'pending')))`

type Offered = { added_by: string | null; review_state: string | null }

/**
 * One row per pair, case aside: two organizations' additions of one name, once one of them is
 * approved, are offered once, in the shared spelling. (Until then a caller sees no two rows that
 * differ by case: newInCatalogue judged each addition against what its organization saw.)
 */
function onePerPair<R extends Offered>(rows: ReadonlyArray<R>, key: (row: R) => string): R[] {
  const kept: R[] = []
  const at = new Map<string, number>()
  const shared = (row: Offered) => row.added_by === null || row.review_state === 'approved'
  for (const row of rows) {
    const k = key(row).toLowerCase()
    const index = at.get(k)
    if (index === undefined) {
      at.set(k, kept.length)
      kept.push(row)
    } else if (!shared(kept[index] as R) && shared(row)) kept[index] = row
  }
  return kept
}

/**
 * The catalogue's four lists, each sorted, as `organizationId` sees it: the seeded values plus its
 * own additions (a visitor, null, sees the seeded ones only).
 */
export async function catalogueLists(db: Kysely<Database>, organizationId: string | null) {
  const [vendors, deviceNames, deviceTypes, productClasses] = await Promise.all([
    db
      .selectFrom('catalogue_vendors')
      .select('vendor')
      .where(vendorsOfferedTo(organizationId))
      .orderBy('vendor')
      .execute(),
    db
      .selectFrom('catalogue_device_names')
      .select(['vendor', 'device_name', 'added_by', 'review_state'])
      .where(offeredTo(organizationId))
      .orderBy('vendor')
      .orderBy('device_name')
      .execute(),
    db
      .selectFrom('catalogue_device_types')
      .select(['device_name', 'device_type', 'added_by', 'review_state'])
      .where(offeredTo(organizationId))
      .orderBy('device_name')
      .orderBy('device_type')
      .execute(),
    db
      .selectFrom('catalogue_product_classes')
      .select(['device_type', 'product_class', 'added_by', 'review_state'])
      .where(offeredTo(organizationId))
      .orderBy('device_type')
      .orderBy('product_class')
      .execute(),
  ])
  return {
    vendors,
    deviceNames: onePerPair(deviceNames, (row) => `${row.vendor}\u0000${row.device_name}`),
    deviceTypes: onePerPair(deviceTypes, (row) => `${row.device_name}\u0000${row.device_type}`),
    productClasses: onePerPair(productClasses, (row) => `${row.device_type}\u0000${row.product_class}`),
  }
}

/**
 * Looks the device values up in the catalogue as `organizationId` sees it (ignoring case): what its
 * cascades offer (offeredTo), each under its parent as the cascades of spec §4 offer them, and its
 * own organization as a manufacturer once the lab approved it. A blank value is not new: the required rule speaks for it. A vendor is new when the
 * catalogue does not list it, and the portfolio rules refuse it (spec §3 has no 'Add New' vendor).
 */
export async function newInCatalogue(
  db: Kysely<Database>,
  p: CatalogueValues,
  organizationId: string,
): Promise<NewInCatalogue> {
  const result = await sql<{
    vendor: boolean
    device_name: boolean
    device_type: boolean
    product_class: boolean
  }>`
    select
      exists(select 1 from catalogue_vendors where lower(vendor) = lower(${p.vendor})
          and (organization_id is null or organization_id = ${organizationId})) as vendor,
      exists(select 1 from catalogue_device_names
        where lower(vendor) = lower(${p.vendor}) and lower(device_name) = lower(${p.deviceName})
          and ${offeredSql(organizationId)}) as device_name,
      exists(select 1 from catalogue_device_types
        where lower(device_type) = lower(${p.deviceType}) and ${offeredSql(organizationId)}) as device_type,
      exists(select 1 from catalogue_product_classes
        where lower(device_type) = lower(${p.deviceType}) and lower(product_class) = lower(${p.productClass})
          and ${offeredSql(organizationId)}) as product_class
  `.execute(db)
  const known = result.rows[0]
  const isNew = (value: string, found: boolean | undefined) => value.trim() !== '' && found !== true
  return {
    vendor: isNew(p.vendor, known?.vendor),
    deviceName: isNew(p.deviceName, known?.device_name),
    deviceType: isNew(p.deviceType, known?.device_type),
    productClass: isNew(p.productClass, known?.product_class),
  }
}

/**
 * 'Add New ...' values join the catalogue as the organization's own (added_by, docs/decisions/0023),
 * so that its members' later choices offer them (spec §3); other organizations and visitors do not
 * see them until the lab approves them (docs/decisions/0034: each waits in the lab's review queue). Idempotent: the unique indexes ignore case and a value the organization already added is left as it is (migration 0006).
 */
export async function addToCatalogue(
  trx: Transaction<Database>,
  organizationId: string,
  p: CatalogueValues,
  fresh: NewInCatalogue,
) {
  // A vendor is never added: the portfolio rules refuse one the catalogue does not list.
  if (fresh.deviceName) {
    // Device names hang on the vendor as the catalogue spells it.
    const vendor = await trx
      .selectFrom('catalogue_vendors')
      .select('vendor')
      .where(sql<string>`lower(vendor)`, '=', p.vendor.toLowerCase())
      .executeTakeFirst()
    await trx
      .insertInto('catalogue_device_names')
      .values({
        vendor: vendor?.vendor ?? p.vendor,
        device_name: p.deviceName,
        added_by: organizationId,
        review_state: 'pending',
      })
      .onConflict((oc) => oc.doNothing())
      .execute()
  }
  // A new name takes its type (new, or one of the catalogue's) so that later choices offer it.
  if (fresh.deviceName || fresh.deviceType) {
    await trx
      .insertInto('catalogue_device_types')
      .values({
        device_name: p.deviceName,
        device_type: p.deviceType,
        added_by: organizationId,
        // A type the catalogue knows, under a new name, follows the name's review.
        review_state: fresh.deviceType ? 'pending' : null,
      })
      .onConflict((oc) => oc.doNothing())
      .execute()
  }
  if (fresh.productClass) {
    await trx
      .insertInto('catalogue_product_classes')
      .values({
        device_type: p.deviceType,
        product_class: p.productClass,
        added_by: organizationId,
        review_state: 'pending',
      })
      .onConflict((oc) => oc.doNothing())
      .execute()
  }
}

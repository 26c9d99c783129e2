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

/** The seeded rows, and the organization's own additions when there is one (a signed-in caller). */
const ownOrSeeded = (organizationId: string | null) => (eb: ExpressionBuilder<Database, CatalogueTable>) =>
  organizationId === null
    ? eb('added_by', 'is', null)
    : eb.or([eb('added_by', 'is', null), eb('added_by', '=', organizationId)])

/**
 * The catalogue's four lists, each sorted, as `organizationId` sees it: the seeded values plus its
 * own additions (a visitor, null, sees the seeded ones only).
 */
export async function catalogueLists(db: Kysely<Database>, organizationId: string | null) {
  const [vendors, deviceNames, deviceTypes, productClasses] = await Promise.all([
    db.selectFrom('catalogue_vendors').select('vendor').orderBy('vendor').execute(),
    db
      .selectFrom('catalogue_device_names')
      .select(['vendor', 'device_name'])
      .distinct()
      .where(ownOrSeeded(organizationId))
      .orderBy('vendor')
      .orderBy('device_name')
      .execute(),
    db
      .selectFrom('catalogue_device_types')
      .select(['device_name', 'device_type'])
      .distinct()
      .where(ownOrSeeded(organizationId))
      .orderBy('device_name')
      .orderBy('device_type')
      .execute(),
    db
      .selectFrom('catalogue_product_classes')
      .select(['device_type', 'product_class'])
      .distinct()
      .where(ownOrSeeded(organizationId))
      .orderBy('device_type')
      .orderBy('product_class')
      .execute(),
  ])
  return { vendors, deviceNames, deviceTypes, productClasses }
}

/**
 * Looks the device values up in the catalogue as `organizationId` sees it (ignoring case): the seeded
 * names and the organization's own additions, each under its parent as the cascades of spec §4 offer
 * them. A blank value is not new: the required rule speaks for it. A vendor is new when the
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
      exists(select 1 from catalogue_vendors where lower(vendor) = lower(${p.vendor})) as vendor,
      exists(select 1 from catalogue_device_names
        where lower(vendor) = lower(${p.vendor}) and lower(device_name) = lower(${p.deviceName})
          and (added_by is null or added_by = ${organizationId})) as device_name,
      exists(select 1 from catalogue_device_types
        where lower(device_type) = lower(${p.deviceType})
          and (added_by is null or added_by = ${organizationId})) as device_type,
      exists(select 1 from catalogue_product_classes
        where lower(device_type) = lower(${p.deviceType}) and lower(product_class) = lower(${p.productClass})
          and (added_by is null or added_by = ${organizationId})) as product_class
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
 * see them. Idempotent: the unique indexes ignore case and a value the organization already added is left as it is (migration 0006).
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
      .values({ vendor: vendor?.vendor ?? p.vendor, device_name: p.deviceName, added_by: organizationId })
      .onConflict((oc) => oc.doNothing())
      .execute()
  }
  // A new name takes its type (new, or one of the catalogue's) so that later choices offer it.
  if (fresh.deviceName || fresh.deviceType) {
    await trx
      .insertInto('catalogue_device_types')
      .values({ device_name: p.deviceName, device_type: p.deviceType, added_by: organizationId })
      .onConflict((oc) => oc.doNothing())
      .execute()
  }
  if (fresh.productClass) {
    await trx
      .insertInto('catalogue_product_classes')
      .values({ device_type: p.deviceType, product_class: p.productClass, added_by: organizationId })
      .onConflict((oc) => oc.doNothing())
      .execute()
  }
}

import { Hono } from 'hono'
import { compress } from 'hono/compress'
import type { ExpressionBuilder } from 'kysely'
import type { CatalogueAnswer } from '@/contract/catalogue'
import type { Database } from '../platform/db/schema.ts'
import type { MainEnv } from '../http/context.ts'
import { route } from '../http/route.ts'

type CatalogueTable = 'catalogue_device_names' | 'catalogue_device_types' | 'catalogue_product_classes'

/*
 * The device catalogue of the portfolio form (spec §3): public, read by the form's cascades. The
 * 'Add New ...' values of a submit or a record update join it as the vendor's own
 * (../store/catalogue.ts): the list shows the seeded catalogue plus the caller's own additions, so
 * a visitor and other vendors never see what one vendor typed (docs/decisions/0015).
 */

export const catalogueRoutes = new Hono<MainEnv>()

/** The seeded rows, and the caller's organization's own additions when the caller is signed in. */
const ownOrSeeded = (organizationId: string | null) => (eb: ExpressionBuilder<Database, CatalogueTable>) =>
  organizationId === null
    ? eb('added_by', 'is', null)
    : eb.or([eb('added_by', 'is', null), eb('added_by', '=', organizationId)])

/** The device catalogue, seeded and grown by the caller's 'Add New ...' choices (spec §3). */
route(
  catalogueRoutes,
  'catalogue',
  async (c) => {
    const { db } = c.var.services
    const organizationId = c.var.session?.organizationId ?? null
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
    const answer: CatalogueAnswer = {
      vendorList: vendors.map((row) => row.vendor),
      deviceNameList: deviceNames.map((row) => ({ vendor: row.vendor, deviceName: row.device_name })),
      deviceTypeList: deviceTypes.map((row) => ({
        deviceName: row.device_name,
        deviceType: row.device_type,
      })),
      productClassList: productClasses.map((row) => ({
        deviceType: row.device_type,
        productClass: row.product_class,
      })),
    }
    // Each caller's list differs by its own additions: no shared cache may keep it.
    c.header('Cache-Control', 'private, no-cache')
    c.header('Vary', 'Cookie')
    return c.json(answer)
  },
  { before: [compress()] },
)

import { Hono } from 'hono'
import { compress } from 'hono/compress'
import type { CatalogueAnswer } from '@/contract/catalogue'
import type { MainEnv } from '../http/context.ts'
import { catalogueLists } from './catalogue.ts'
import { catalogueAdditionsOf } from './catalogue-entries.ts'
import { route, vendorRoute } from '../http/route.ts'

/*
 * The device catalogue of the portfolio form (spec §3): public, read by the form's cascades. The
 * 'Add New ...' values of a submit or a record update join it as the vendor's own
 * (catalogue.ts): the list shows the seeded catalogue plus the caller's own additions, so
 * a visitor and other vendors never see what one vendor typed (docs/decisions/0015).
 */

export const catalogueRoutes = new Hono<MainEnv>()

/** The device catalogue, seeded and grown by the caller's 'Add New ...' choices (spec §3). */
route(
  catalogueRoutes,
  'catalogue',
  async (c) => {
    const { db } = c.var.services
    const organizationId = c.var.session?.organizationId ?? null
    const { vendors, deviceNames, deviceTypes, productClasses } = await catalogueLists(db, organizationId)
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

/** The organization's own additions and the lab's review of each (docs/decisions/0034). */
vendorRoute(catalogueRoutes, 'catalogueAdditions', async (c) => {
  const additions = await catalogueAdditionsOf(c.var.services.db, c.var.organizationId)
  c.header('Cache-Control', 'private, no-cache')
  return c.json({ additions })
})

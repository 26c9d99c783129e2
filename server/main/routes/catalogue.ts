import { Hono } from 'hono'
import { compress } from 'hono/compress'
import type { CatalogueAnswer } from '@/contract/catalogue'
import type { MainEnv } from '../middleware/context.ts'
import { route } from './route.ts'

/*
 * The device catalogue of the portfolio form (spec §3): public, read by the form's cascades. The
 * 'Add New ...' values of a submit or a record update join it (../store/catalogue.ts).
 */

export const catalogueRoutes = new Hono<MainEnv>()

/** The device catalogue, seeded and grown by 'Add New ...' choices (spec §3). */
route(
  catalogueRoutes,
  'catalogue',
  async (c) => {
    const { db } = c.var.services
    const [vendors, deviceNames, deviceTypes, productClasses] = await Promise.all([
      db.selectFrom('catalogue_vendors').select('vendor').orderBy('vendor').execute(),
      db
        .selectFrom('catalogue_device_names')
        .select(['vendor', 'device_name'])
        .orderBy('vendor')
        .orderBy('device_name')
        .execute(),
      db
        .selectFrom('catalogue_device_types')
        .select(['device_name', 'device_type'])
        .orderBy('device_name')
        .orderBy('device_type')
        .execute(),
      db
        .selectFrom('catalogue_product_classes')
        .select(['device_type', 'product_class'])
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
    c.header('Cache-Control', 'no-cache')
    return c.json(answer)
  },
  { before: [compress()] },
)

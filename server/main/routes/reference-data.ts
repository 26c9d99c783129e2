import { Hono } from 'hono'
import { compress } from 'hono/compress'
import * as v from 'valibot'
import { addressQuerySchema, type AddressAnswer } from '@/contract/address'
import type { CatalogueAnswer } from '@/contract/catalogue'
import { INVALID_REQUEST_MESSAGE } from '@/contract/server-messages'
import type { MainEnv } from '../middleware/context.ts'

/*
 * Public reference data: the address lists of the registration form and the device catalogue of
 * the portfolio form. Mounted under /api.
 */

export const referenceDataRoutes = new Hono<MainEnv>()

/**
 * Every country with its calling code; states and cities only for `?country=NAME`, so the answer
 * stays small (src/contract/address.ts, ARCHITECTURE.md decision 9).
 */
referenceDataRoutes.get('/registration/get-country-state-city-list', compress(), async (c) => {
  const query = v.safeParse(addressQuerySchema, c.req.query())
  if (!query.success) return c.json({ message: INVALID_REQUEST_MESSAGE }, 400)
  const { db } = c.var.services
  const countries = await db
    .selectFrom('countries')
    .select(['country_code', 'name', 'calling_code'])
    .orderBy('name')
    .execute()
  const answer: AddressAnswer = {
    countryDetailsList: countries.map((row) => ({ country: row.name, countryCode: row.calling_code })),
    stateList: [],
    cityList: [],
  }
  const country = query.output.country?.trim()
  const chosen = country ? countries.find((row) => row.name === country) : undefined
  if (chosen) {
    const states = await db
      .selectFrom('states')
      .select(['state_code', 'name'])
      .where('country_code', '=', chosen.country_code)
      .orderBy('name')
      .execute()
    const cities = await db
      .selectFrom('cities')
      .innerJoin('states', (join) =>
        join
          .onRef('states.country_code', '=', 'cities.country_code')
          .onRef('states.state_code', '=', 'cities.state_code'),
      )
      .select(['states.name as state', 'cities.name as city'])
      .where('cities.country_code', '=', chosen.country_code)
      .orderBy('states.name')
      .orderBy('cities.name')
      .execute()
    answer.stateList = states.map((row) => ({ country: chosen.name, state: row.name }))
    answer.cityList = cities
  }
  // The lists change only with a new data release; a browser may keep them for an hour.
  c.header('Cache-Control', 'public, max-age=3600')
  return c.json(answer)
})

/** The device catalogue, seeded and grown by 'Add New ...' choices (spec §3). */
referenceDataRoutes.get(
  '/portfoliomanager/get-vendor-devicename-devicetype-productclass-list',
  compress(),
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
)

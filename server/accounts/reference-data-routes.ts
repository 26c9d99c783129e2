import { Hono } from 'hono'
import { compress } from 'hono/compress'
import { type AddressAnswer } from '@/contract/address'
import type { MainEnv } from '../http/context.ts'
import { route } from '../http/route.ts'
import { citiesOf, listCountries, statesOf } from './addresses.ts'

/*
 * Public reference data: the address lists of the registration form. Paths from the endpoint table
 * (route.ts); the device catalogue is in catalogue.ts.
 */

export const referenceDataRoutes = new Hono<MainEnv>()

/**
 * Every country with its calling code; states and cities only for `?country=NAME`, so the answer
 * stays small (src/contract/address.ts, ARCHITECTURE.md decision 9).
 */
route(
  referenceDataRoutes,
  'addressData',
  async (c) => {
    const { db } = c.var.services
    const countries = await listCountries(db)
    const answer: AddressAnswer = {
      countryDetailsList: countries.map((row) => ({ country: row.name, countryCode: row.calling_code })),
      stateList: [],
      cityList: [],
    }
    const country = c.var.body.country?.trim()
    const chosen = country ? countries.find((row) => row.name === country) : undefined
    if (chosen) {
      const states = await statesOf(db, chosen.country_code)
      const cities = await citiesOf(db, chosen.country_code)
      answer.stateList = states.map((row) => ({ country: chosen.name, state: row.name }))
      answer.cityList = cities
    }
    // The lists change only with a new data release; a browser may keep them for an hour.
    c.header('Cache-Control', 'public, max-age=3600')
    return c.json(answer)
  },
  { before: [compress()] },
)

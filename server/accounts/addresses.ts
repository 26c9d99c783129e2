import type { Kysely } from 'kysely'
import type { Database } from '../platform/db/schema.ts'

/* The address lists of the registration form (countries, states, cities), each sorted by name. */

/** Every country with its code and calling code. */
export function listCountries(db: Kysely<Database>) {
  return db.selectFrom('countries').select(['country_code', 'name', 'calling_code']).orderBy('name').execute()
}

/** The states of a country (by its code). */
export function statesOf(db: Kysely<Database>, countryCode: string) {
  return db
    .selectFrom('states')
    .select(['state_code', 'name'])
    .where('country_code', '=', countryCode)
    .orderBy('name')
    .execute()
}

/** The cities of a country (by its code), each with its state's name, by state then city. */
export function citiesOf(db: Kysely<Database>, countryCode: string) {
  return db
    .selectFrom('cities')
    .innerJoin('states', (join) =>
      join
        .onRef('states.country_code', '=', 'cities.country_code')
        .onRef('states.state_code', '=', 'cities.state_code'),
    )
    .select(['states.name as state', 'cities.name as city'])
    .where('cities.country_code', '=', countryCode)
    .orderBy('states.name')
    .orderBy('cities.name')
    .execute()
}

import * as v from 'valibot'
import { nameText } from '@/contract/common'

/*
 * Address reference data (spec §3, ARCHITECTURE.md decision 9). Every country with its calling
 * code comes in one answer; states and cities come only for the country asked for, so the answer
 * stays far under 150 KB: GET /api/registration/get-country-state-city-list answers the countries
 * (with empty state and city lists), and `?country=India` adds that country's states and cities.
 */

export const countryDetailSchema = v.looseObject({
  country: v.string(),
  /** The calling code with its plus sign, e.g. '+91'. */
  countryCode: v.string(),
})
export type CountryDetail = v.InferOutput<typeof countryDetailSchema>

export const stateItemSchema = v.looseObject({ country: v.string(), state: v.string() })

export const cityItemSchema = v.looseObject({ state: v.string(), city: v.string() })

export const addressQuerySchema = v.object({ country: v.optional(nameText(100)) })

export const addressAnswerSchema = v.looseObject({
  countryDetailsList: v.array(countryDetailSchema),
  stateList: v.array(stateItemSchema),
  cityList: v.array(cityItemSchema),
})
export type AddressAnswer = v.InferOutput<typeof addressAnswerSchema>

/** How a country shows in the country-code list: 'India (+91)' (spec §3). */
export function countryCodeLabel({ country, countryCode }: CountryDetail) {
  return `${country} (${countryCode})`
}

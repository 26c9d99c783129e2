import type { AddressAnswer, CountryDetail } from '@/contract/address'

/*
 * The address cascade of spec §4, shared by the registration form and the portfolio form:
 * choosing a country resets state, city and phone and sets the country code; choosing a state
 * resets the city; choosing a country code sets the country and resets the rest.
 */

export type AddressFields = {
  countryCode: string
  country: string
  state: string
  city: string
  phoneNumber: string
}

export function stateOptions(address: AddressAnswer, country: string) {
  if (!country) return []
  return address.stateList.filter((item) => item.country === country).map((item) => item.state)
}

export function cityOptions(address: AddressAnswer, state: string) {
  if (!state) return []
  return address.cityList.filter((item) => item.state === state).map((item) => item.city)
}

export function chooseCountry(countries: ReadonlyArray<CountryDetail>, country: string): AddressFields {
  const match = countries.find((item) => item.country === country)
  return { country, countryCode: match?.countryCode ?? '', state: '', city: '', phoneNumber: '' }
}

export function chooseState(state: string): Pick<AddressFields, 'state' | 'city'> {
  return { state, city: '' }
}

/**
 * Choosing a country code sets its country. Several countries can share a code (+1): the first
 * in the list is taken, and the vendor can still pick the exact country afterwards.
 */
export function chooseCountryCode(
  countries: ReadonlyArray<CountryDetail>,
  countryCode: string,
): AddressFields {
  const match = countries.find((item) => item.countryCode === countryCode)
  return { countryCode, country: match?.country ?? '', state: '', city: '', phoneNumber: '' }
}

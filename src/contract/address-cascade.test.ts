import { describe, expect, it } from 'vitest'
import type { AddressAnswer } from '@/contract/address'
import {
  chooseCountry,
  chooseCountryCode,
  chooseState,
  cityOptions,
  stateOptions,
} from '@/contract/address-cascade'

const address: AddressAnswer = {
  countryDetailsList: [
    { country: 'India', countryCode: '+91' },
    { country: 'United States', countryCode: '+1' },
    { country: 'Canada', countryCode: '+1' },
  ],
  stateList: [
    { country: 'India', state: 'Karnataka' },
    { country: 'India', state: 'Maharashtra' },
  ],
  cityList: [
    { state: 'Karnataka', city: 'Bengaluru' },
    { state: 'Maharashtra', city: 'Pune' },
  ],
}

describe('address cascade', () => {
  it('offers the states of the chosen country and the cities of the chosen state', () => {
    expect(stateOptions(address, 'India')).toEqual(['Karnataka', 'Maharashtra'])
    expect(stateOptions(address, '')).toEqual([])
    expect(cityOptions(address, 'Karnataka')).toEqual(['Bengaluru'])
  })
  it('choosing a country sets its code and resets state, city and phone', () => {
    expect(chooseCountry(address.countryDetailsList, 'India')).toEqual({
      country: 'India',
      countryCode: '+91',
      state: '',
      city: '',
      phoneNumber: '',
    })
  })
  it('choosing a state resets the city', () => {
    expect(chooseState('Maharashtra')).toEqual({ state: 'Maharashtra', city: '' })
  })
  it('choosing a country code sets the first country with it and resets the rest', () => {
    expect(chooseCountryCode(address.countryDetailsList, '+1')).toEqual({
      countryCode: '+1',
      country: 'United States',
      state: '',
      city: '',
      phoneNumber: '',
    })
  })
})

import { describe, expect, it } from 'vitest'
import {
  FIELD_REQUIRED_MESSAGE,
  SERIAL_NUMBER_DUPLICATE_MESSAGE,
  YEAR_FORMAT_MESSAGE,
} from '@/contract/messages'
import { emptyPortfolioFormValues, type PortfolioFormValues } from '@/contract/validation/portfolio-form'
import {
  createShownCheck,
  type PortfolioCheck,
  portfolioCheckErrors,
  portfolioFormValidator,
} from '@/features/portfolio/model/portfolio-form-options'

const YEAR = 2026

/** A blank form but for a bad year (section 3) and a duplicate serial number (section 3). */
const values: PortfolioFormValues = {
  ...emptyPortfolioFormValues,
  email: 'anna@example.com',
  deviceToBecertified: '2',
  deviceNumberList: ['SN1', 'sn1'],
  yearOfManufacturing: '24',
}

const check = (rules: 'save' | 'submit', section: 0 | 1 | 2 | 3): PortfolioCheck => ({ rules, section })

describe('portfolioCheckErrors: the messages of the last Save or Submit (spec §5)', () => {
  it('none before any check', () => {
    expect(portfolioCheckErrors(values, null, YEAR)).toEqual({})
  })

  it.each([
    [check('save', 1), {}],
    [check('save', 2), {}],
    [
      check('save', 3),
      { yearOfManufacturing: YEAR_FORMAT_MESSAGE, 'deviceNumberList[1]': SERIAL_NUMBER_DUPLICATE_MESSAGE },
    ],
    [
      check('save', 0),
      { yearOfManufacturing: YEAR_FORMAT_MESSAGE, 'deviceNumberList[1]': SERIAL_NUMBER_DUPLICATE_MESSAGE },
    ],
  ])('a save checks its section only: %j', (made, errors) => {
    expect(portfolioCheckErrors(values, made, YEAR)).toEqual(errors)
  })

  it('submit requires every field of every section; the filled email passes', () => {
    const errors = portfolioCheckErrors(values, check('submit', 0), YEAR)
    expect(errors.organizationName).toBe(FIELD_REQUIRED_MESSAGE)
    expect(errors.businessDomain).toBe(FIELD_REQUIRED_MESSAGE)
    expect(errors.engBuild).toBe(FIELD_REQUIRED_MESSAGE)
    expect(errors.yearOfManufacturing).toBe(YEAR_FORMAT_MESSAGE)
    expect(errors.email).toBeUndefined()
  })

  it("a record's submit checks the device section by the submit rules", () => {
    const errors = portfolioCheckErrors(values, check('submit', 3), YEAR)
    expect(errors.organizationName).toBeUndefined()
    expect(errors.businessDomain).toBeUndefined()
    expect(errors.deviceManufacture).toBe(FIELD_REQUIRED_MESSAGE)
  })
})

describe('portfolioFormValidator: the form-level validator', () => {
  it('puts the messages of the check in force on their fields, or gives nothing', () => {
    const shown = createShownCheck()
    const validate = portfolioFormValidator(shown.read)
    expect(validate({ value: values })).toBeUndefined()
    shown.set(check('save', 2))
    expect(validate({ value: values })).toBeUndefined()
    shown.set(check('save', 3))
    expect(validate({ value: values })?.fields).toHaveProperty(
      'deviceNumberList[1]',
      SERIAL_NUMBER_DUPLICATE_MESSAGE,
    )
    shown.set(null)
    expect(validate({ value: values })).toBeUndefined()
  })
})

import { FormApi } from '@tanstack/react-form'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  ADD_NEW_DEVICE_NAME,
  ADD_NEW_DEVICE_TYPE,
  ADD_NEW_PRODUCT_CLASS,
  DEVICE_SECTION_FIELDS,
  emptyPortfolioFormValues,
  isAddNewFieldInUse,
  LINE_OF_BUSINESS_SECTION_FIELDS,
  ORGANIZATION_SECTION_FIELDS,
  pickSectionErrors,
  PORTFOLIO_FORM_FIELDS,
  PORTFOLIO_SECTION_FIELDS,
  portfolioFormOnSaveSchema,
  portfolioFormOnSubmitSchema,
  portfolioSectionOf,
  validatePortfolioOnSave,
  validatePortfolioOnSubmit,
  type PortfolioFieldErrors,
  type PortfolioFormValues,
} from '@/contract/validation/portfolio-form'

const YEAR = 2026
const REQUIRED = 'This field is required'
const MISMATCH = 'The count of device serial number must match the number of devices added'
const SERIAL_MISSING = 'Please add device serial number for respective device'
const COUNT_MISSING = 'Please add device number'
const SERIAL_CHARACTERS = 'Only letters and numbers are allowed'
const SERIAL_LENGTH = 'Length must be at most 26 characters'
const DUPLICATE = 'Duplicate serial number'

const valid: PortfolioFormValues = {
  organizationName: 'Acme Networks',
  descAboutOrganization: 'We build home routers and optical terminals.',
  businessContactName: 'Jane Doe',
  email: 'jane@acme.example',
  countryCode: '+1',
  phoneNumber: '(555) 123-4567',
  bestTimeToReach: '09:30',
  days: ['Monday', 'Thursday'],
  address: '1 Main Street',
  country: 'United States',
  state: 'Texas',
  city: 'Austin',
  businessDomain: ['Wireline', 'Wireless'],
  deviceManufacture: 'Acme',
  deviceName: 'AX Router',
  deviceType: 'Wi-Fi Router',
  productClass: 'Home Gateway',
  addNewDeviceName: '',
  newDeviceType: '',
  newProductClass: '',
  deviceToBecertified: '2',
  deviceNumberList: ['SN0001', 'SN0002'],
  baseFirmwareVersion: '1.0.0',
  yearOfManufacturing: '2024',
  engBuild: 'Yes',
}

const onSave = (change: Partial<PortfolioFormValues>) =>
  validatePortfolioOnSave({ ...valid, ...change }, YEAR)
const onSubmit = (change: Partial<PortfolioFormValues>) =>
  validatePortfolioOnSubmit({ ...valid, ...change }, YEAR)
const onSaveFromEmpty = (change: Partial<PortfolioFormValues>) =>
  validatePortfolioOnSave({ ...emptyPortfolioFormValues, ...change }, YEAR)

describe('a fully valid and a fully empty form', () => {
  it('accepts a complete form on save and on submit', () => {
    expect(validatePortfolioOnSave(valid, YEAR)).toEqual({})
    expect(validatePortfolioOnSubmit(valid, YEAR)).toEqual({})
  })

  it('saves an empty form as a draft', () => {
    expect(validatePortfolioOnSave(emptyPortfolioFormValues, YEAR)).toEqual({})
  })

  it('asks for every field of an empty form on submit, but not the add-new fields', () => {
    expect(validatePortfolioOnSubmit(emptyPortfolioFormValues, YEAR)).toEqual({
      organizationName: REQUIRED,
      descAboutOrganization: REQUIRED,
      businessContactName: REQUIRED,
      email: REQUIRED,
      countryCode: REQUIRED,
      phoneNumber: REQUIRED,
      bestTimeToReach: REQUIRED,
      days: REQUIRED,
      address: REQUIRED,
      country: REQUIRED,
      state: REQUIRED,
      city: REQUIRED,
      businessDomain: REQUIRED,
      deviceManufacture: REQUIRED,
      deviceName: REQUIRED,
      deviceType: REQUIRED,
      productClass: REQUIRED,
      deviceToBecertified: REQUIRED,
      baseFirmwareVersion: REQUIRED,
      yearOfManufacturing: REQUIRED,
      engBuild: REQUIRED,
    })
  })

  it('counts a value of spaces alone as blank on submit', () => {
    expect(onSubmit({ descAboutOrganization: '   ', address: ' ' })).toEqual({
      descAboutOrganization: REQUIRED,
      address: REQUIRED,
    })
  })

  it('starts with one blank serial-number row and no engBuild choice', () => {
    expect(emptyPortfolioFormValues.deviceNumberList).toEqual([''])
    expect(emptyPortfolioFormValues.engBuild).toBe('')
  })
})

describe('format rules, on save and on submit, for filled fields', () => {
  it.each<[Partial<PortfolioFormValues>, PortfolioFieldErrors]>([
    [{ organizationName: 'Ac' }, { organizationName: 'Length must be between 3 and 50 characters.' }],
    [
      { organizationName: 'a'.repeat(51) },
      { organizationName: 'Length must be between 3 and 50 characters.' },
    ],
    [{ organizationName: 'a'.repeat(50) }, {}],
    [
      { organizationName: 'Acme & Sons' },
      { organizationName: 'Only alphanumeric characters and spaces are allowed.' },
    ],
    [{ businessContactName: 'Jane2' }, { businessContactName: 'Only letters are allowed.' }],
    [{ businessContactName: 'Jo' }, { businessContactName: 'Length must be between 3 and 50 characters.' }],
    [{ email: 'jane@acme' }, { email: 'Must be a valid email format.' }],
    [
      { phoneNumber: '123456' },
      { phoneNumber: 'Invalid phone number: expected length between 7 and 13 digits' },
    ],
    [
      { phoneNumber: '555 CALL NOW' },
      { phoneNumber: 'Invalid phone number format. Use digits, spaces, hyphens, or parentheses.' },
    ],
    [{ address: 'a'.repeat(200) }, {}],
    [{ address: 'a'.repeat(201) }, { address: 'Length must be at most 200 characters' }],
    [{ descAboutOrganization: 'a'.repeat(300) }, {}],
    [
      { descAboutOrganization: 'a'.repeat(301) },
      { descAboutOrganization: 'Length must be at most 300 characters' },
    ],
    [
      { baseFirmwareVersion: '1.0a' },
      { baseFirmwareVersion: 'Please enter only numbers and periods (e.g., 1.0.0)' },
    ],
    [{ yearOfManufacturing: '1989' }, { yearOfManufacturing: 'Year must be between 1990 and 2026' }],
    [{ yearOfManufacturing: '1990' }, {}],
    [{ yearOfManufacturing: '2026' }, {}],
    [{ yearOfManufacturing: '2027' }, { yearOfManufacturing: 'Year must be between 1990 and 2026' }],
    [{ yearOfManufacturing: '24' }, { yearOfManufacturing: 'Only 4 digit numeric values are allowed' }],
    [{ bestTimeToReach: '25:00' }, { bestTimeToReach: REQUIRED }],
    [{ days: ['Funday'] }, { days: REQUIRED }],
    [{ businessDomain: ['Fibre'] }, { businessDomain: REQUIRED }],
    [{ engBuild: 'No' }, {}],
  ])('%j → %j', (change, errors) => {
    expect(onSave(change)).toEqual(errors)
    expect(onSubmit(change)).toEqual(errors)
  })

  it('checks filled fields of a draft and leaves the blank ones', () => {
    expect(onSaveFromEmpty({ organizationName: 'Ac', address: 'a'.repeat(201) })).toEqual({
      organizationName: 'Length must be between 3 and 50 characters.',
      address: 'Length must be at most 200 characters',
    })
  })

  it('takes the current year by default', () => {
    const year = new Date().getFullYear()
    expect(validatePortfolioOnSave({ ...valid, yearOfManufacturing: String(year) })).toEqual({})
    expect(validatePortfolioOnSave({ ...valid, yearOfManufacturing: String(year + 1) })).toEqual({
      yearOfManufacturing: `Year must be between 1990 and ${year}`,
    })
  })
})

describe('add-new fields: required and checked only when their option is chosen', () => {
  it('uses the option values of the catalogue lists', () => {
    expect(ADD_NEW_DEVICE_NAME).toBe('Add New Device Name')
    expect(ADD_NEW_DEVICE_TYPE).toBe('Add New Device Type')
    expect(ADD_NEW_PRODUCT_CLASS).toBe('Add New Product Class')
  })

  it.each([
    [
      'deviceName',
      'Add New Device Name',
      'addNewDeviceName',
      'Device Name must be at most 15 characters long.',
    ],
    ['deviceType', 'Add New Device Type', 'newDeviceType', 'Device Type must be at most 15 characters long.'],
    [
      'productClass',
      'Add New Product Class',
      'newProductClass',
      'Product Class must be at most 15 characters long.',
    ],
  ] as const)('%s = %s brings %s into use', (choice, option, field, tooLong) => {
    const chosen = { [choice]: option }
    expect(isAddNewFieldInUse({ ...valid, ...chosen }, field)).toBe(true)
    expect(isAddNewFieldInUse(valid, field)).toBe(false)

    expect(onSubmit({ ...chosen, [field]: '' })).toEqual({ [field]: REQUIRED })
    expect(onSave({ ...chosen, [field]: '' })).toEqual({})
    expect(onSubmit({ ...chosen, [field]: 'a'.repeat(15) })).toEqual({})
    expect(onSave({ ...chosen, [field]: 'a'.repeat(16) })).toEqual({ [field]: tooLong })
    expect(onSubmit({ ...chosen, [field]: 'a'.repeat(16) })).toEqual({ [field]: tooLong })

    // Not chosen: a leftover value is neither required nor checked.
    expect(onSubmit({ [field]: '' })).toEqual({})
    expect(onSubmit({ [field]: 'a'.repeat(16) })).toEqual({})
  })
})

describe('device count and serial numbers', () => {
  it.each<[string, string[], PortfolioFieldErrors]>([
    ['0', [''], {}],
    ['1', ['SN1'], {}],
    ['3', ['SN1', 'SN2', 'SN3'], {}],
    ['2', ['SN1'], { deviceNumberList: MISMATCH }],
    ['2', ['SN1', ''], { deviceNumberList: MISMATCH, 'deviceNumberList[1]': SERIAL_MISSING }],
    [
      '1',
      ['', ''],
      {
        deviceNumberList: MISMATCH,
        'deviceNumberList[0]': SERIAL_MISSING,
        'deviceNumberList[1]': SERIAL_MISSING,
      },
    ],
    ['1', [''], { deviceNumberList: MISMATCH, 'deviceNumberList[0]': SERIAL_MISSING }],
    ['1', ['SN1', ''], { 'deviceNumberList[1]': SERIAL_MISSING }],
    ['0', ['SN1'], { deviceNumberList: MISMATCH }],
    ['-1', ['SN1'], { deviceToBecertified: 'Only numeric values are allowed' }],
    ['a', ['SN1'], { deviceToBecertified: 'Only numeric values are allowed' }],
    [
      '4',
      ['SN1', 'SN2', 'SN3'],
      {
        deviceToBecertified:
          'You may add up to 3 devices here. For more than three, please send the serial numbers via email',
      },
    ],
    ['1', ['A'.repeat(26)], {}],
    ['1', ['A'.repeat(27)], { 'deviceNumberList[0]': SERIAL_LENGTH }],
    ['1', ['SN-1'], { 'deviceNumberList[0]': SERIAL_CHARACTERS }],
    ['1', [' '], { 'deviceNumberList[0]': SERIAL_CHARACTERS }],
    ['3', ['SN1', 'SN2', 'SN1'], { 'deviceNumberList[2]': DUPLICATE }],
    ['2', ['sn1', 'SN1'], { 'deviceNumberList[1]': DUPLICATE }],
    [
      '3',
      ['SN-1', 'SN-1', 'SN2'],
      { 'deviceNumberList[0]': SERIAL_CHARACTERS, 'deviceNumberList[1]': SERIAL_CHARACTERS },
    ],
  ])('count %j with %j → %j on save and submit', (count, serials, errors) => {
    const change = { deviceToBecertified: count, deviceNumberList: serials }
    expect(onSave(change)).toEqual(errors)
    expect(onSubmit(change)).toEqual(errors)
  })

  it('asks for the device count on save when serial numbers are present without it', () => {
    expect(onSave({ deviceToBecertified: '', deviceNumberList: ['SN1'] })).toEqual({
      deviceToBecertified: COUNT_MISSING,
    })
    expect(onSave({ deviceToBecertified: '', deviceNumberList: ['SN1', ''] })).toEqual({
      deviceToBecertified: COUNT_MISSING,
      'deviceNumberList[1]': SERIAL_MISSING,
    })
    expect(onSave({ deviceToBecertified: '', deviceNumberList: [''] })).toEqual({})
  })

  it('asks for the device count as any other field on submit', () => {
    expect(onSubmit({ deviceToBecertified: '', deviceNumberList: ['SN1'] })).toEqual({
      deviceToBecertified: REQUIRED,
    })
  })
})

describe('sections', () => {
  it('lists every field once, in sections 1, 2 and 3', () => {
    expect([...PORTFOLIO_FORM_FIELDS].sort()).toEqual(Object.keys(emptyPortfolioFormValues).sort())
    expect(PORTFOLIO_FORM_FIELDS).toHaveLength(new Set(PORTFOLIO_FORM_FIELDS).size)
    expect(PORTFOLIO_SECTION_FIELDS).toEqual({
      1: ORGANIZATION_SECTION_FIELDS,
      2: LINE_OF_BUSINESS_SECTION_FIELDS,
      3: DEVICE_SECTION_FIELDS,
    })
    expect(LINE_OF_BUSINESS_SECTION_FIELDS).toEqual(['businessDomain'])
  })

  it.each([
    ['organizationName', 1],
    ['city', 1],
    ['businessDomain', 2],
    ['deviceManufacture', 3],
    ['deviceNumberList', 3],
    ['deviceNumberList[2]', 3],
    ['engBuild', 3],
  ] as const)('%s is in section %i', (path, section) => {
    expect(portfolioSectionOf(path)).toBe(section)
  })

  it('keeps the errors of the section being saved', () => {
    const errors = validatePortfolioOnSubmit(
      { ...emptyPortfolioFormValues, deviceToBecertified: '1', deviceNumberList: ['SN-1'] },
      YEAR,
    )
    expect(pickSectionErrors(errors, 2)).toEqual({ businessDomain: REQUIRED })
    expect(Object.keys(pickSectionErrors(errors, 3))).toEqual([
      'deviceManufacture',
      'deviceName',
      'deviceType',
      'productClass',
      'deviceNumberList[0]',
      'baseFirmwareVersion',
      'yearOfManufacturing',
      'engBuild',
    ])
    expect(Object.keys(pickSectionErrors(errors, 1))).toEqual(ORGANIZATION_SECTION_FIELDS)
    expect(pickSectionErrors(errors, 0)).toEqual(errors)
  })
})

describe('form-level schemas', () => {
  it('give the same messages as the functions, on the same paths', () => {
    const values = { ...valid, organizationName: 'Ac', deviceNumberList: ['SN1', 'SN1'] }
    const issues = v.safeParse(portfolioFormOnSaveSchema(YEAR), values).issues ?? []
    expect(issues.map((issue) => [v.getDotPath(issue), issue.message])).toEqual([
      ['organizationName', 'Length must be between 3 and 50 characters.'],
      ['deviceNumberList.1', DUPLICATE],
    ])
    expect(v.safeParse(portfolioFormOnSubmitSchema(YEAR), valid).success).toBe(true)
    expect(v.safeParse(portfolioFormOnSaveSchema(YEAR), emptyPortfolioFormValues).success).toBe(true)
  })

  it('reject values of the wrong shape without running the rules', () => {
    const result = v.safeParse(portfolioFormOnSubmitSchema(YEAR), { ...valid, days: 'Monday' })
    expect(result.issues?.map((issue) => v.getDotPath(issue))).toEqual(['days'])
  })

  it('put each message on its field in TanStack Form', async () => {
    const form = new FormApi({
      defaultValues: { ...valid, deviceName: ADD_NEW_DEVICE_NAME, deviceNumberList: ['SN1', 'SN-2'] },
      validators: { onSubmit: portfolioFormOnSubmitSchema(YEAR) },
    })
    form.mount()
    await form.handleSubmit()
    const messages = Object.fromEntries(
      Object.entries(form.state.fieldMeta)
        .map(([path, meta]): [string, string[]] => [
          path,
          (meta?.errors ?? []).map((error) => (error as v.BaseIssue<unknown>).message),
        ])
        .filter(([, errors]) => errors.length > 0),
    )
    expect(messages).toEqual({
      addNewDeviceName: [REQUIRED],
      'deviceNumberList[1]': [SERIAL_CHARACTERS],
    })
  })
})

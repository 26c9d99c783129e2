import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { authDataSchema, registrationPayloadSchema } from '@/contract/auth'
import { addCommentPayloadSchema } from '@/contract/certification'
import { endpointPath, endpoints } from '@/contract/endpoints'
import {
  recordDetailsSchema,
  SAVE_SECTION_FIELDS,
  savedPortfolioSchema,
  submitPayloadSchema,
  updateRecordPayloadSchema,
} from '@/contract/portfolio'
import { deviceRecordSchema } from '@/contract/records'

const table = Object.entries(endpoints)

describe('endpoint table', () => {
  it('has every call of spec §7 at its path and method', () => {
    const calls = table.map(([, e]) => `${e.method} ${e.path}`)
    expect(calls).toEqual(
      expect.arrayContaining([
        'GET /api/token',
        'GET /api/registration/get-country-state-city-list',
        'POST /api/login',
        'POST /api/registration/create',
        'POST /api/registration/change-password',
        'POST /api/registration/forget-password',
        'POST /api/registration/reset-password',
        'GET /api/portfoliomanager/get-vendor-devicename-devicetype-productclass-list',
        'POST /api/portfoliomanager/get',
        'POST /api/portfoliomanager/save',
        'POST /api/portfoliomanager/create',
        'POST /api/portfoliomanager/list',
        'POST /api/portfoliomanager/delete',
        'POST /run-tests',
      ]),
    )
  })

  it('has the calls added for editing a submitted record (docs/decisions/0012)', () => {
    expect(endpoints.getRecord).toMatchObject({
      service: 'main',
      method: 'POST',
      path: '/api/portfoliomanager/record/get',
      addedBy: 'architecture',
    })
    expect(endpoints.updateRecord).toMatchObject({
      service: 'main',
      method: 'POST',
      path: '/api/portfoliomanager/record/update',
      addedBy: 'architecture',
    })
  })

  it('names each call once', () => {
    const calls = table.map(([, e]) => `${e.method} ${e.path}`)
    expect(new Set(calls).size).toBe(calls.length)
  })

  it.each(table)('%s: main-service calls carry cookies and the Token header under /api/', (_name, e) => {
    if (e.service !== 'main') return
    expect(e.path.startsWith('/api/')).toBe(true)
    expect(e.cookies).toBe(true)
    expect(e.token).toBe(true)
  })

  it.each(table)(
    '%s: certification calls carry the session cookie but never the Token header',
    (_name, e) => {
      if (e.service !== 'certification') return
      expect(e.path.startsWith('/api/')).toBe(false)
      expect(e.token).toBe(false)
      expect(e.cookies).toBe(true)
    },
  )

  it('reads change-password and the token bootstrap as text, the certificate PDF and the activity export as files, everything else as JSON', () => {
    const textCalls = table.filter(([, e]) => e.answerType === 'text').map(([name]) => name)
    expect(textCalls.sort()).toEqual(['activityExport', 'certificatePdf', 'changePassword', 'token'])
  })
})

describe('endpointPath', () => {
  it('fills and encodes path parameters', () => {
    expect(endpointPath(endpoints.runResults.path, { runId: 'run 7/a' })).toBe(
      '/runs/run%207%2Fa/results.json',
    )
  })
  it('refuses a path with a missing parameter', () => {
    expect(() => endpointPath(endpoints.runResults.path)).toThrow(
      'The path /runs/:runId/results.json needs a value for :runId.',
    )
  })
})

describe('schemas', () => {
  const registration = {
    firstName: 'Priya',
    lastName: 'Sharma',
    emailId: 'priya.sharma@nokia.com',
    reEnteredEmailId: 'priya.sharma@nokia.com',
    organization: 'Nokia Solutions',
    lob: 'Wireline,Wireless',
    phoneNumber: '98450 12345',
    countryCode: '+91',
    country: 'India',
    state: 'Karnataka',
    city: 'Bengaluru',
  }

  it('accepts the registration payload of spec §3 and drops fields it does not know', () => {
    const parsed = v.parse(registrationPayloadSchema, { ...registration, isAdmin: true })
    expect(parsed).toEqual(registration)
  })

  it('refuses an unbounded field rather than storing it', () => {
    expect(v.safeParse(registrationPayloadSchema, { ...registration, city: 'x'.repeat(101) }).success).toBe(
      false,
    )
  })

  it('reads the login answer as auth data, and refuses a flag that is not YES or NO', () => {
    const answer = {
      name: 'Priya Sharma',
      emailId: 'priya.sharma@nokia.com',
      phoneNumber: '98450 12345',
      vendorUserId: 'v-1',
      message: 'Login is successful',
      isPortfolioManagerPreviousReqSaved: 'NO',
      isPortfolioManagerSavedOrSubmittedDataExists: 'YES',
      isPortfolioManagerSubmittedDataExists: 'YES',
    }
    expect(v.parse(authDataSchema, answer)).toEqual(answer)
    expect(
      v.safeParse(authDataSchema, { ...answer, isPortfolioManagerPreviousReqSaved: 'MAYBE' }).success,
    ).toBe(false)
  })

  it('reads a portfolio answer with nothing saved, only the registration details', () => {
    const parsed = v.parse(savedPortfolioSchema, {
      isPortfolioManagerSavedOrSubmittedDataExists: 'NO',
      isPortfolioManagerReqSubmitted: 'NO',
      portfolioManagerSavedDetails: null,
      registrationDetails: {
        organization: 'Nokia Solutions',
        name: 'Priya Sharma',
        emailId: 'priya.sharma@nokia.com',
        countryCode: '+91',
        phoneNumber: '98450 12345',
        country: 'India',
        state: 'Karnataka',
        city: 'Bengaluru',
      },
    })
    expect(parsed.organizationName).toBeUndefined()
    expect(parsed.registrationDetails?.name).toBe('Priya Sharma')
  })

  it('requires savedPortfolioManagerId on submit, as an id or null', () => {
    const base = {
      organizationName: 'Nokia',
      description: '',
      businessContactName: 'Priya',
      emailId: 'priya.sharma@nokia.com',
      countryCode: '+91',
      phoneNumber: '98450 12345',
      bestTimeToReach: '09:30 AM',
      days: 'Monday',
      address: 'Bengaluru',
      country: 'India',
      state: 'Karnataka',
      city: 'Bengaluru',
      businessDomain: 'Wireless',
      vendor: 'Nokia',
      deviceName: 'Beacon 6',
      deviceType: 'Wi-Fi Mesh Device',
      productClass: 'Residential',
      devicesToBeCertified: '1',
      deviceNumberList: ['BN6A0001'],
      baseFirmwareVersion: '3.4.12',
      yearOfManufacturing: '2025',
      isEngBuildAvailable: 'Yes',
      vendorUserId: 'v-1',
    }
    expect(v.safeParse(submitPayloadSchema, base).success).toBe(false)
    expect(v.safeParse(submitPayloadSchema, { ...base, savedPortfolioManagerId: null }).success).toBe(true)
    expect(v.safeParse(submitPayloadSchema, { ...base, savedPortfolioManagerId: 'pm-9' }).success).toBe(true)
    expect(
      v.safeParse(submitPayloadSchema, {
        ...base,
        savedPortfolioManagerId: null,
        deviceNumberList: ['A', 'B', 'C', 'D'],
      }).success,
    ).toBe(false)
  })

  it('reads a record without isCertified as not certified', () => {
    const record = v.parse(deviceRecordSchema, {
      portfolioManagerId: 'pm-1',
      vendor: 'Nokia',
      deviceName: 'Beacon 6',
      deviceType: 'Wi-Fi Mesh Device',
      productClass: 'Residential',
      baseFirmwareVersion: '3.4.12',
      businessDomain: 'Wireless',
      creationTime: '2026-11-02T10:15:00Z',
      createdBy: 'Priya Sharma',
      status: 'Submitted',
      isCertified: null,
    })
    expect(record.isCertified).toBe('')
  })

  it('trims a comment and refuses an empty or over-long one', () => {
    expect(v.parse(addCommentPayloadSchema, { portfolioManagerId: 'pm-1', text: '  Rerun DFS  ' }).text).toBe(
      'Rerun DFS',
    )
    expect(v.safeParse(addCommentPayloadSchema, { portfolioManagerId: 'pm-1', text: '   ' }).success).toBe(
      false,
    )
    expect(
      v.safeParse(addCommentPayloadSchema, { portfolioManagerId: 'pm-1', text: 'x'.repeat(501) }).success,
    ).toBe(false)
    expect(
      v.safeParse(addCommentPayloadSchema, { portfolioManagerId: 'pm-1', text: 'x'.repeat(500) }).success,
    ).toBe(true)
  })

  const deviceSection = {
    vendor: 'Nokia',
    deviceName: 'Beacon 6',
    deviceType: 'Wi-Fi Mesh Device',
    productClass: 'Wi-Fi 6 Mesh',
    devicesToBeCertified: '1',
    deviceNumberList: ['BN6A0001'],
    baseFirmwareVersion: '3.4.12',
    yearOfManufacturing: '2025',
    isEngBuildAvailable: 'Yes',
  }

  it('updates a record with the fields of the device section, no more', () => {
    const ids = ['portfolioManagerId', 'vendorUserId']
    const fields = Object.keys(updateRecordPayloadSchema.entries).filter((key) => !ids.includes(key))
    expect(fields.sort()).toEqual([...SAVE_SECTION_FIELDS[3]].sort())
    const payload = { ...deviceSection, portfolioManagerId: 'pm-1', vendorUserId: 'v-1' }
    expect(v.parse(updateRecordPayloadSchema, { ...payload, businessDomain: 'Wireline' })).toEqual(payload)
    expect(v.safeParse(updateRecordPayloadSchema, { ...payload, portfolioManagerId: '' }).success).toBe(false)
    expect(v.safeParse(updateRecordPayloadSchema, { ...payload, isEngBuildAvailable: 'Maybe' }).success).toBe(
      false,
    )
    expect(
      v.safeParse(updateRecordPayloadSchema, { ...payload, deviceNumberList: ['A', 'B', 'C', 'D'] }).success,
    ).toBe(false)
    const { vendorUserId: _vendorUserId, ...withoutVendor } = payload
    expect(v.safeParse(updateRecordPayloadSchema, withoutVendor).success).toBe(false)
  })

  it('reads one record with its device details', () => {
    const record = v.parse(recordDetailsSchema, {
      ...deviceSection,
      portfolioManagerId: 'pm-1',
      organizationName: 'Nokia Solutions',
      businessDomain: 'Wireless',
      creationTime: '2026-11-02T10:15:00Z',
      createdBy: 'Priya Sharma',
      status: 'Submitted',
      isCertified: null,
    })
    expect(record.isCertified).toBe('')
    expect(record.deviceNumberList).toEqual(['BN6A0001'])
    expect(v.safeParse(recordDetailsSchema, { ...record, deviceNumberList: 'BN6A0001' }).success).toBe(false)
  })
})

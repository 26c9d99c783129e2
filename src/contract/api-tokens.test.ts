import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { API_TOKEN_PATTERN, apiTokenExpiryLabel, createApiTokenPayloadSchema } from '@/contract/api-tokens'
import {
  apiTokenAccess,
  type EndpointName,
  endpoints,
  isLabEndpoint,
  type VendorEndpointName,
} from '@/contract/endpoints'

describe('API tokens (docs/decisions/0026)', () => {
  it('lets a token read what every role reads, write what needs more, and never act as a session', () => {
    const names = (Object.keys(endpoints) as EndpointName[]).filter(
      (name): name is VendorEndpointName => !isLabEndpoint(name),
    )
    const byAccess = (access: string) => names.filter((name) => apiTokenAccess(name) === access).sort()
    expect(byAccess('session')).toEqual(
      [
        'token',
        'login',
        'logout',
        'keepSessionAlive',
        'register',
        'changePassword',
        'forgotPassword',
        'resetPassword',
        'getInvitation',
        'acceptInvitation',
        'joinInvitation',
        'pendingInvitations',
        'switchOrganization',
        'leaveOrganization',
        'listApiTokens',
        'createApiToken',
        'revokeApiToken',
        'notificationSettings',
        'updateNotificationSetting',
      ].sort(),
    )
    // Every write a read token is refused needs a permission beyond reading.
    for (const name of byAccess('write'))
      expect([name, endpoints[name].permission]).not.toEqual([name, 'read'])
    expect(byAccess('write')).toEqual(
      expect.arrayContaining(['submitPortfolio', 'runTests', 'cancelRun', 'addComment', 'inviteMember']),
    )
    expect(byAccess('read')).toEqual(expect.arrayContaining(['listRecords', 'listRuns', 'runResults']))
    // A call the certification service answers with POST is a write, which its middleware assumes.
    for (const name of names) {
      if (endpoints[name].service === 'certification') {
        expect([name, apiTokenAccess(name)]).toEqual([
          name,
          endpoints[name].method === 'GET' ? 'read' : 'write',
        ])
      }
    }
  })

  it('never lets a token make a lab console call', () => {
    const lab = (Object.keys(endpoints) as EndpointName[]).filter(isLabEndpoint)
    expect(lab.length).toBe(31)
    expect(lab.filter((name) => apiTokenAccess(name) !== 'session')).toEqual([])
  })

  it('reads an optional expiry as null, and names the expiry choices', () => {
    const parsed = v.parse(createApiTokenPayloadSchema, {
      vendorUserId: 'u1',
      name: ' CI runs ',
      scope: 'read',
    })
    expect(parsed).toEqual({ vendorUserId: 'u1', name: 'CI runs', scope: 'read', expiresInDays: null })
    expect([null, 7, 30, 90, 365].map(apiTokenExpiryLabel)).toEqual([
      'No expiry',
      '7 days',
      '30 days',
      '90 days',
      '1 year',
    ])
    expect(API_TOKEN_PATTERN.test(`dcp_${'a'.repeat(43)}`)).toBe(true)
    expect(API_TOKEN_PATTERN.test(`dcp_${'a'.repeat(42)}`)).toBe(false)
  })
})

import { describe, expect, it } from 'vitest'
import { endpoints } from '@/contract/endpoints'
import { LAB_ENDPOINT_PERMISSIONS } from '@/contract/lab'
import { can, ENDPOINT_PERMISSIONS, ROLE_PERMISSIONS, ROLES } from '@/contract/roles'

describe('roles (issue 18)', () => {
  it('names a permission, or none, for every endpoint of the table, and nothing else', () => {
    const named = [...Object.keys(ENDPOINT_PERMISSIONS), ...Object.keys(LAB_ENDPOINT_PERMISSIONS)]
    expect(named.sort()).toEqual(Object.keys(endpoints).sort())
  })

  it('names the lab calls once: no endpoint is both a vendor call and a lab call (issue 19)', () => {
    const lab = Object.keys(LAB_ENDPOINT_PERMISSIONS)
    expect(lab.filter((name) => name in ENDPOINT_PERMISSIONS)).toEqual([])
    expect(lab.every((name) => endpoints[name as keyof typeof endpoints].path.startsWith('/api/lab/'))).toBe(
      true,
    )
  })

  it('lets an Owner do everything, an Engineer all but the team, a Viewer only read', () => {
    expect(ROLES).toEqual(['Owner', 'Engineer', 'Viewer'])
    expect(ROLE_PERMISSIONS.Owner).toEqual([
      'read',
      'portfolio',
      'runs',
      'comment',
      'certificate',
      'team',
      'tokens',
      'webhooks',
    ])
    // Issue 21 (docs/decisions/0026): Owners and Engineers create API tokens; a Viewer does not.
    expect(can('Engineer', 'tokens')).toBe(true)
    expect(can('Engineer', 'runs')).toBe(true)
    expect(can('Engineer', 'team')).toBe(false)
    expect(can('Engineer', 'webhooks')).toBe(false)
    expect(can('Viewer', 'read')).toBe(true)
    for (const permission of [
      'portfolio',
      'runs',
      'comment',
      'certificate',
      'team',
      'tokens',
      'webhooks',
    ] as const) {
      expect(can('Viewer', permission)).toBe(false)
    }
  })

  it('lets a Viewer call only the reading endpoints', () => {
    const viewerMay = Object.entries(ENDPOINT_PERMISSIONS)
      .filter(([, permission]) => permission !== null && can('Viewer', permission))
      .map(([name]) => name)
      .sort()
    expect(viewerMay).toEqual(
      [
        'catalogue',
        'certificatePdf',
        'getPortfolio',
        'getRecord',
        'listComments',
        'listRecords',
        'leaveOrganization',
        'listRuns',
        'runResults',
        'team',
        // Issue 21: every member chooses their own mails.
        'notificationSettings',
        'updateNotificationSetting',
        // Issue 21: every member lists and revokes their own API tokens.
        'listApiTokens',
        'revokeApiToken',
        'webhooks',
        'webhookDeliveries',
      ].sort(),
    )
  })
})

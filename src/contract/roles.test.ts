import { describe, expect, it } from 'vitest'
import { endpoints } from '@/contract/endpoints'
import { can, ROLE_PERMISSIONS, ROLES } from '@/contract/roles'

const table = Object.entries(endpoints)

describe('roles', () => {
  it('names a permission, or none, for every endpoint of the table', () => {
    expect(table.filter(([, endpoint]) => endpoint.permission === undefined)).toEqual([])
  })

  it('keeps the lab calls under /api/lab/ and the vendors’ calls out of it', () => {
    const lab = table.filter(([, endpoint]) => endpoint.audience === 'lab')
    expect(lab.filter(([, endpoint]) => !endpoint.path.startsWith('/api/lab/'))).toEqual([])
    expect(lab.map(([name]) => name)).toContain('labSetPassword')
    expect(
      table.filter(([, endpoint]) => endpoint.audience === 'vendor' && endpoint.path.startsWith('/api/lab/')),
    ).toEqual([])
  })

  it('lets an Owner do everything, an Engineer all but the team, a Viewer only read', () => {
    expect(ROLES).toEqual(['Owner', 'Engineer', 'Viewer'])
    expect(ROLE_PERMISSIONS.Owner).toEqual([
      'read',
      'portfolio',
      'runs',
      'comment',
      'certificate',
      'listing',
      'team',
      'tokens',
      'webhooks',
    ])
    // docs/decisions/0026: Owners and Engineers create API tokens; a Viewer does not.
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
    const viewerMay = table
      .filter(
        ([, endpoint]) =>
          endpoint.audience === 'vendor' &&
          endpoint.permission !== null &&
          can('Viewer', endpoint.permission),
      )
      .map(([name]) => name)
      .sort()
    expect(viewerMay).toEqual(
      [
        'catalogue',
        // The organization's 'Add New …' names and the lab's review of each (docs/decisions/0034).
        'catalogueAdditions',
        'certificatePdf',
        'getPortfolio',
        'getRecord',
        'listComments',
        'listRecords',
        'leaveOrganization',
        'listRuns',
        'recordRevisions',
        'runResults',
        'team',
        // Every member chooses their own mails.
        'notificationSettings',
        'updateNotificationSetting',
        // Every member lists and revokes their own API tokens.
        'listApiTokens',
        'revokeApiToken',
        'webhooks',
        'webhookDeliveries',
        // One delivery with its requests and responses (docs/decisions/0043).
        'webhookDelivery',
      ].sort(),
    )
  })
})

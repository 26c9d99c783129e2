import { describe, expect, it } from 'vitest'
import { isOrganizationQuery, queryKeys } from '@/lib/query-keys'

describe('isOrganizationQuery (a switch of organization drops these reads)', () => {
  it.each([
    ['records', queryKeys.records('v-1')],
    ['one record', queryKeys.record('pm-1')],
    ['runs', queryKeys.runs('pm-1')],
    ['run results', queryKeys.runResults('run-1')],
    ['comments', queryKeys.comments('pm-1')],
    ['the catalogue (its Add New names are the organization’s)', queryKeys.catalogueOf('v-1')],
    ['the team', queryKeys.team('v-1')],
    ['the activity log', queryKeys.activity('v-1', { action: 'run.started' })],
    ['the API tokens', queryKeys.apiTokens('v-1')],
    // Keyed by the account, the same in both organizations: before, a switch could serve the
    // previous organization's endpoints for their stale time.
    ['the webhook endpoints and deliveries', [...queryKeys.webhooks(), 'list', 'v-1']],
    ['the organization’s Add New names', queryKeys.catalogueAdditions()],
  ])('drops %s', (_, key) => {
    expect(isOrganizationQuery(key)).toBe(true)
  })

  it.each([
    ['the address data', queryKeys.address('IN')],
    ['the person’s draft portfolio', queryKeys.portfolio('v-1')],
    ['an invitation link', queryKeys.invitation('token')],
  ])('keeps %s', (_, key) => {
    expect(isOrganizationQuery(key)).toBe(false)
  })
})

/** The roots that hold no organization's data: the person's, a link's, the public's or the lab's. */
const NOT_AN_ORGANIZATIONS = new Set([
  'address',
  'portfolio',
  'invitation',
  'pending-invitations',
  'test-plans',
  'lab-catalogue',
])

describe('every read is classified', () => {
  it.each(Object.entries(queryKeys))('%s: dropped on a switch, or named as no organization’s', (_, make) => {
    const key = (make as (...args: string[]) => readonly unknown[])('x', 'y')
    expect([key[0], isOrganizationQuery(key) || NOT_AN_ORGANIZATIONS.has(key[0] as string)]).toEqual([
      key[0],
      true,
    ])
  })
})

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

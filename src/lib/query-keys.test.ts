import { describe, expect, it } from 'vitest'
import {
  isCatalogueOfAnOrganization,
  labKeys,
  organizationKey,
  organizationKeys,
  queryKeys,
} from '@/lib/query-keys'

/** Each builder called with stand-in arguments (a builder ignores those it does not take). */
const built = (builders: Record<string, (...args: never[]) => readonly unknown[]>) =>
  Object.entries(builders).map(
    ([name, make]) => [name, (make as (...args: string[]) => readonly unknown[])('x', 'y')] as const,
  )

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) =>
  prefix.every((part, index) => key[index] === part)

describe('the keys of an organization’s reads', () => {
  it.each(built(organizationKeys('org-a')))('%s starts with the organization’s key', (_, key) => {
    expect(startsWith(key, organizationKey('org-a'))).toBe(true)
    expect(startsWith(key, queryKeys.everyOrganization())).toBe(true)
  })

  it('names the organization, or null when the login answer names none (a spec-only answer)', () => {
    expect(organizationKeys('org-a').records('v-1')).toEqual(['organization', 'org-a', 'records', 'v-1'])
    expect(organizationKeys(undefined).records('v-1')).toEqual(['organization', null, 'records', 'v-1'])
  })

  it('makes "all of X" a prefix of each X of the same organization only', () => {
    const a = organizationKeys('org-a')
    const b = organizationKeys('org-b')
    expect(startsWith(a.runs('pm-1'), a.allRuns())).toBe(true)
    expect(startsWith(a.webhookDelivery('d-1'), a.allWebhooks())).toBe(true)
    expect(startsWith(a.activity('v-1', { q: 'x' }), a.allActivity())).toBe(true)
    expect(startsWith(b.runs('pm-1'), a.allRuns())).toBe(false)
  })
})

/** The roots that hold no organization's data: the person's, a link's, the public's or the lab's. */
const NOT_AN_ORGANIZATIONS = new Set([
  'address',
  'portfolio',
  'invitation',
  'pending-invitations',
  'unsubscribe',
  'lab-set-password',
  'lab-notification-settings',
  'test-plans',
  'lab-catalogue',
  'lab',
])

describe('every other read is named as no organization’s', () => {
  const others = built({ ...queryKeys, ...labKeys }).filter(([name]) => name !== 'everyOrganization')

  it.each(others)('%s: a root of its own, outside every organization’s', (_, key) => {
    expect([key[0], NOT_AN_ORGANIZATIONS.has(key[0] as string)]).toEqual([key[0], true])
  })

  it('keeps the lab’s reads under one prefix', () => {
    for (const [, key] of built(labKeys)) expect(startsWith(key, labKeys.all())).toBe(true)
  })
})

describe('isCatalogueOfAnOrganization (the lab’s decisions change every organization’s catalogue)', () => {
  it.each([
    ['one organization’s', organizationKeys('org-a').catalogue('v-1'), true],
    ['another’s', organizationKeys('org-b').catalogue('v-2'), true],
    ['a login naming none', organizationKeys(undefined).catalogue('v-1'), true],
    ['the organization’s Add New names', organizationKeys('org-a').catalogueAdditions(), false],
    ['the organization’s records', organizationKeys('org-a').records('v-1'), false],
    ['the lab’s catalogue', queryKeys.labCatalogue(), false],
  ])('%s: %s', (_, key, expected) => {
    expect(isCatalogueOfAnOrganization(key)).toBe(expected)
  })
})

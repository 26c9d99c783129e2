import { describe, expect, it } from 'vitest'
import { countTopics, filterHelpTopics } from '@/features/help-center/model/filter-help-topics'
import { HELP_GROUPS } from '@/features/help-center/model/help-topics'

const titles = (query: string) =>
  filterHelpTopics(HELP_GROUPS, query).flatMap((group) => group.topics.map((topic) => topic.title))

describe('the help content (spec §2)', () => {
  it('has the four groups in order, four topics each', () => {
    expect(HELP_GROUPS.map((group) => group.title)).toEqual([
      'Resolve common issues',
      'Get help with your products and services',
      'Troubleshooting questions',
      'FAQ',
    ])
    expect(HELP_GROUPS.map((group) => group.topics.length)).toEqual([4, 4, 4, 4])
    expect(HELP_GROUPS[0]?.topics.map((topic) => topic.title)).toEqual([
      'Billing and payments',
      'Check network status',
      'Fix wi-fi issues',
      'Account and login help',
    ])
    expect(HELP_GROUPS[1]?.topics.map((topic) => topic.title)).toEqual([
      'Device setup and installation',
      'General service inquiries',
      'Certification and testing support',
      'Device remote',
    ])
  })

  it('gives every topic a unique id', () => {
    const ids = HELP_GROUPS.flatMap((group) => group.topics.map((topic) => topic.id))
    expect(new Set(ids).size).toBe(ids.length)
  })
})

describe('filterHelpTopics', () => {
  it('keeps everything for an empty or blank query', () => {
    expect(countTopics(filterHelpTopics(HELP_GROUPS, ''))).toBe(16)
    expect(countTopics(filterHelpTopics(HELP_GROUPS, '   '))).toBe(16)
  })

  it('matches titles whatever their case', () => {
    expect(titles('BILLING')).toEqual(['Billing and payments'])
    expect(titles('billing')).toEqual(['Billing and payments'])
    expect(titles('  Device Remote ')).toEqual(['Device remote'])
  })

  it('matches answer text too', () => {
    // "invoiced" is only in the answer of Billing and payments.
    expect(titles('invoiced')).toEqual(['Billing and payments'])
    expect(titles('6-DIGIT CODE')).toEqual(['Account and login help'])
  })

  it('drops groups without a match, and everything when nothing matches', () => {
    expect(filterHelpTopics(HELP_GROUPS, 'invoiced').map((group) => group.title)).toEqual([
      'Resolve common issues',
    ])
    expect(filterHelpTopics(HELP_GROUPS, 'no such words anywhere')).toEqual([])
  })

  it('leaves the content itself untouched', () => {
    filterHelpTopics(HELP_GROUPS, 'billing')
    expect(countTopics(HELP_GROUPS)).toBe(16)
  })
})

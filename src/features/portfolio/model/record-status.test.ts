import { describe, expect, it } from 'vitest'
import { statusWords } from '@/features/portfolio/model/record-status'

describe('statusWords: a record status as the dashboard words it (spec §4)', () => {
  it.each([
    ['Submitted', 'Submitted'],
    ['InProgress', 'In Progress'],
    ['Completed', 'Completed'],
    ['Maintenance', 'Maintenance'],
    ['Unknown', 'Unknown'],
  ])('%s → %s', (status, words) => {
    expect(statusWords(status)).toBe(words)
  })
})

import { describe, expect, it } from 'vitest'
import type { PlanCase } from '@/contract/test-plans'
import {
  caseLabel,
  draftChanged,
  draftPayloadCases,
  draftValuesOf,
  emptyCase,
  problemCaseIndex,
} from '@/features/test-plans/model/draft-form'

const boot: PlanCase = {
  name: 'Boot and provisioning',
  description: 'Cold boot.',
  firmwareSensitive: true,
  productClasses: ['GPON'],
}
const gasp: PlanCase = { name: 'Dying gasp', description: '', firmwareSensitive: false, productClasses: [] }

describe('the draft form’s values', () => {
  it('give each case a key of its own and send the cases without it', () => {
    const values = draftValuesOf([boot, gasp])
    expect(new Set(values.cases.map((item) => item.key)).size).toBe(2)
    expect(emptyCase().key).not.toBe(values.cases[0]?.key)
    expect(draftPayloadCases(values)).toEqual([boot, gasp])
  })

  it('copy the classes, so editing them leaves the version’s cases alone', () => {
    const values = draftValuesOf([boot])
    values.cases[0]!.productClasses.push('XGS-PON')
    expect(boot.productClasses).toEqual(['GPON'])
  })

  it('tell when anything changed from the start', () => {
    const start = [boot, gasp]
    const values = () => draftValuesOf(start)
    expect(draftChanged(values(), start)).toBe(false)
    const moved = values()
    moved.cases.reverse()
    expect(draftChanged(moved, start)).toBe(true)
    const ticked = values()
    ticked.cases[1]!.firmwareSensitive = true
    expect(draftChanged(ticked, start)).toBe(true)
    const classes = values()
    classes.cases[0]!.productClasses = []
    expect(draftChanged(classes, start)).toBe(true)
    const added = values()
    added.cases.push(emptyCase())
    expect(draftChanged(added, start)).toBe(true)
  })
})

describe('caseLabel', () => {
  it('names a case by its name, or by its place until it has one', () => {
    expect(caseLabel({ name: '  Dying gasp ' }, 4)).toBe('Dying gasp')
    expect(caseLabel({ name: '   ' }, 2)).toBe('case 3')
  })
})

describe('problemCaseIndex', () => {
  it.each([
    ['Case 1: the name is required.', undefined, 0],
    ['Case 12: “Boot” is already a case of this plan.', 'cases', 11],
    ['Name must be at most 120 characters.', 'cases[3].name', 3],
    ['Name must be text.', 'cases.2.name', 2],
    ['A plan needs at least one case.', 'cases', null],
  ])('finds the case of “%s” (field %s): %s', (message, field, index) => {
    expect(problemCaseIndex(message, field)).toBe(index)
  })
})

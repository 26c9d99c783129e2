import { describe, expect, it } from 'vitest'
import { PORTFOLIO_TYPES } from '@/contract/portfolio-types'
import {
  sectionOfType,
  sectionsWithErrors,
  typeOfSection,
} from '@/features/portfolio/model/portfolio-sections'

describe('sections and portfolio types (spec §9)', () => {
  it.each([
    ['organization-portfolio', 1],
    ['line-of-business-portfolio', 2],
    ['device-portfolio', 3],
  ] as const)('%s is section %i, and back', (type, section) => {
    expect(sectionOfType(type)).toBe(section)
    expect(typeOfSection(section)).toBe(type)
  })

  it('every portfolio type has a section of its own', () => {
    expect(new Set(PORTFOLIO_TYPES.map(sectionOfType))).toEqual(new Set([1, 2, 3]))
  })
})

describe('sectionsWithErrors: the sections that open to show their messages (spec §4)', () => {
  it.each([
    [{}, []],
    [{ organizationName: 'x', city: 'x' }, [1]],
    [{ businessDomain: 'x' }, [2]],
    [{ 'deviceNumberList[2]': 'x' }, [3]],
    [{ deviceNumberList: 'x', engBuild: 'x' }, [3]],
    [{ days: 'x', businessDomain: 'x', newProductClass: 'x' }, [1, 2, 3]],
  ] as const)('%j → %j', (errors, sections) => {
    expect([...sectionsWithErrors(errors)].sort()).toEqual(sections)
  })
})

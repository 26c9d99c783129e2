import { describe, expect, it } from 'vitest'
import { ADD_NEW_DEVICE_NAME } from '@/contract/validation/portfolio-form'
import { inOrder, serialRowLimit, withCurrent, withSaved } from '@/features/portfolio/model/choices'

describe('serialRowLimit: rows up to the device count, clamped to 0–3, one row always (spec §2)', () => {
  it.each([
    ['', 1],
    ['   ', 1],
    ['0', 1],
    ['1', 1],
    ['2', 2],
    ['3', 3],
    ['4', 3],
    ['12', 3],
    [' 2 ', 2],
    ['02', 2],
    ['-1', 1],
    ['two', 1],
    ['2.5', 1],
  ])('%j devices → %i rows', (count, rows) => {
    expect(serialRowLimit(count)).toBe(rows)
  })
})

describe('withCurrent: a chosen value the list does not hold stays choosable', () => {
  it.each([
    [['A', 'B'], '', ['A', 'B']],
    [['A', 'B'], 'A', ['A', 'B']],
    [['A', 'B'], 'C', ['A', 'B', 'C']],
    [[], 'C', ['C']],
    [[], '', []],
  ])('%j with %j → %j', (options, current, shown) => {
    expect(withCurrent(options, current)).toEqual(shown)
  })
})

describe("withSaved: a cascade list without its 'Add New …' option, with the chosen name", () => {
  const list = ['Beacon 6', 'Beacon 10', ADD_NEW_DEVICE_NAME]
  it.each([
    ['', ['Beacon 6', 'Beacon 10']],
    ['Beacon 6', ['Beacon 6', 'Beacon 10']],
    ['Beacon X1', ['Beacon 6', 'Beacon 10', 'Beacon X1']],
    [ADD_NEW_DEVICE_NAME, ['Beacon 6', 'Beacon 10']],
  ])('chosen %j → %j', (chosen, shown) => {
    expect(withSaved(list, chosen, ADD_NEW_DEVICE_NAME)).toEqual(shown)
  })
})

describe('inOrder: chosen values in the order of their options', () => {
  const week = ['Sunday', 'Monday', 'Tuesday', 'Wednesday']
  it.each([
    [[], ''],
    [['Wednesday', 'Monday'], 'Monday, Wednesday'],
    [['Sunday'], 'Sunday'],
    [['Someday', 'Tuesday'], 'Tuesday'],
  ])('%j → %j', (chosen, shown) => {
    expect(inOrder(chosen, week)).toBe(shown)
  })
})

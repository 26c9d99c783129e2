import { describe, expect, it } from 'vitest'
import { LAB_ROLES } from '@/contract/lab'
import { type LabTestPlanAnswer, type PlanCase, planDiff, type PlanVersion } from '@/contract/test-plans'
import {
  appliesToText,
  canChangePlans,
  changeText,
  classesText,
  currentVersionOf,
  deviceTypeText,
  draftStartCases,
  parsePlanSearch,
  planLead,
  previousVersionOf,
  shownVersion,
  versionName,
} from '@/features/test-plans/model/plan-view'

const item = (name: string, changes: Partial<PlanCase> = {}): PlanCase => ({
  name,
  description: '',
  firmwareSensitive: false,
  productClasses: [],
  ...changes,
})

const version = (number: number, state: PlanVersion['state'], cases: PlanCase[] = []): PlanVersion => ({
  version: number,
  state,
  cases,
  createdAt: '2026-11-01T10:00:00.000Z',
  createdBy: 'Lena Lab',
  publishedAt: state === 'published' ? '2026-11-01T10:00:00.000Z' : null,
  publishedBy: state === 'published' ? 'Lena Lab' : null,
  runCount: 0,
})

function answerWith(versions: PlanVersion[], currentVersion: number): LabTestPlanAnswer {
  return {
    plan: {
      planId: 'plan-1',
      name: 'ONT',
      deviceType: 'ONT',
      productClasses: ['GPON'],
      currentVersion,
      caseCount: 1,
      publishedAt: '2026-11-01T10:00:00.000Z',
      hasDraft: versions.some((entry) => entry.state === 'draft'),
    },
    versions,
    appliesTo: { records: 0, organizations: 0, devices: [] },
  }
}

describe('the plan in words', () => {
  it('names the generic plan’s type and a case without classes by what they cover', () => {
    expect(deviceTypeText({ deviceType: null })).toBe('Every other type')
    expect(deviceTypeText({ deviceType: 'ONT' })).toBe('ONT')
    expect(classesText([])).toBe('Every class')
    expect(classesText(['GPON', 'XGS-PON'])).toBe('GPON, XGS-PON')
    expect(planLead({ deviceType: 'ONT' })).toBe('The cases every ONT runs, version by version.')
  })

  it.each([
    [1, 1, '1 record of 1 organization'],
    [0, 0, '0 records of 0 organizations'],
    [12, 3, '12 records of 3 organizations'],
  ])('says %i records of %i organizations as “%s”', (records, organizations, text) => {
    expect(appliesToText(records, organizations)).toBe(text)
  })

  it('labels a draft as such', () => {
    expect(versionName(version(3, 'draft'))).toBe('v3 (draft)')
    expect(versionName(version(2, 'published'))).toBe('v2')
  })

  it('lets only a Lab manager change plans', () => {
    expect(LAB_ROLES.map((role) => [role, canChangePlans(role)])).toEqual([
      ['Lab engineer', false],
      ['Lab manager', true],
    ])
  })
})

describe('versions', () => {
  const v1 = version(1, 'published', [item('Boot')])
  const v2 = version(2, 'published', [item('Boot'), item('Dying gasp')])
  const draft = version(3, 'draft', [item('Dying gasp')])

  it('finds the version before each, none before v1, v2 before the draft', () => {
    const versions = [draft, v2, v1]
    expect(previousVersionOf(versions, draft)).toBe(v2)
    expect(previousVersionOf(versions, v2)).toBe(v1)
    expect(previousVersionOf(versions, v1)).toBeUndefined()
  })

  it('shows the version the address names, else the draft, else the current one', () => {
    const withDraft = answerWith([draft, v2, v1], 2)
    expect(shownVersion(withDraft, 1)).toBe(v1)
    expect(shownVersion(withDraft, 9)).toBe(draft)
    expect(shownVersion(withDraft, undefined)).toBe(draft)
    expect(shownVersion(answerWith([v2, v1], 2), undefined)).toBe(v2)
    expect(currentVersionOf(withDraft)).toBe(v2)
  })

  it('starts a draft from the saved draft, or from the current version', () => {
    expect(draftStartCases(answerWith([draft, v2, v1], 2))).toBe(draft.cases)
    expect(draftStartCases(answerWith([v2, v1], 2))).toBe(v2.cases)
  })
})

describe('changeText', () => {
  it('tells each kind of change in words', () => {
    const before = [
      item('Boot'),
      item('Ranging', { productClasses: ['GPON'] }),
      item('Dying gasp'),
      item('Old'),
    ]
    const after = [
      item('Dying gasp'),
      item('Boot', { firmwareSensitive: true, description: 'Cold boot.' }),
      item('Ranging'),
      item('New'),
    ]
    expect(planDiff(before, after).map(changeText)).toEqual([
      { kind: 'Moved', detail: '“Dying gasp”: position 3 → 1' },
      { kind: 'Changed', detail: '“Boot”: description changed; now firmware-sensitive' },
      { kind: 'Changed', detail: '“Ranging”: product classes GPON → Every class' },
      { kind: 'Added', detail: '“New”' },
      { kind: 'Removed', detail: '“Old”' },
    ])
  })
})

describe('parsePlanSearch', () => {
  it.each([
    [
      { version: '2', view: 'changes' },
      { version: 2, view: 'changes' },
    ],
    [{ version: 3 }, { version: 3, view: undefined }],
    [
      { version: '0', view: 'cases' },
      { version: undefined, view: undefined },
    ],
    [
      { version: '1.5', view: 'other' },
      { version: undefined, view: undefined },
    ],
    [{ version: 'x' }, { version: undefined, view: undefined }],
  ])('reads %o leniently as %o', (search, parsed) => {
    expect(parsePlanSearch(search)).toEqual(parsed)
  })
})

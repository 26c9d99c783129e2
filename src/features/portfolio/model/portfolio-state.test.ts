import { describe, expect, it } from 'vitest'
import type { AuthData } from '@/contract/auth'
import type { SavedPortfolio } from '@/contract/portfolio'
import { emptyPortfolioFormValues, type PortfolioFormValues } from '@/contract/validation/portfolio-form'
import {
  authDataAfterSave,
  authDataAfterSubmit,
  hasChangesToSave,
  hasSavedDraft,
  initialSectionModes,
  modesAfterSave,
  RECORD_EDIT_MODES,
} from '@/features/portfolio/model/portfolio-state'

const flags = (savedOrSubmitted: 'YES' | 'NO', submitted: 'YES' | 'NO') =>
  ({
    isPortfolioManagerSavedOrSubmittedDataExists: savedOrSubmitted,
    isPortfolioManagerReqSubmitted: submitted,
  }) as SavedPortfolio

const filled: PortfolioFormValues = {
  ...emptyPortfolioFormValues,
  organizationName: 'Acme Networks',
  days: ['Monday', 'Thursday'],
  businessDomain: ['Wireline'],
  deviceManufacture: 'Nokia',
  deviceNumberList: ['SN001', ''],
  bestTimeToReach: '09:30',
}

describe('a saved draft (spec §4)', () => {
  it.each([
    [null, false, 'create'],
    [flags('NO', 'NO'), false, 'create'],
    [flags('YES', 'NO'), true, 'view'],
    [flags('YES', 'YES'), false, 'create'],
  ] as const)('%j: draft %s, sections open in %s mode', (saved, draft, mode) => {
    expect(hasSavedDraft(saved)).toBe(draft)
    expect(initialSectionModes(saved)).toEqual({ 1: mode, 2: mode, 3: mode })
  })

  it('a saved section turns read-only; save 0 turns every section read-only', () => {
    const modes = { 1: 'create', 2: 'create', 3: 'view' } as const
    expect(modesAfterSave(modes, 2)).toEqual({ 1: 'create', 2: 'view', 3: 'view' })
    expect(modesAfterSave(modes, 0)).toEqual({ 1: 'view', 2: 'view', 3: 'view' })
  })
})

describe('hasChangesToSave: the no-change warning', () => {
  it('without a saved copy, any save is a change', () => {
    expect(hasChangesToSave(emptyPortfolioFormValues, null, 1)).toBe(true)
  })

  it('compares what would be sent: trailing spaces, the order of chips and blank serial rows are no change', () => {
    const same = {
      ...filled,
      organizationName: 'Acme Networks  ',
      days: ['Thursday', 'Monday'],
      deviceNumberList: ['SN001'],
    }
    for (const section of [0, 1, 2, 3] as const) expect(hasChangesToSave(same, filled, section)).toBe(false)
  })

  it('looks only at the saved section', () => {
    const otherDevice = { ...filled, deviceManufacture: 'Zyxel' }
    expect(hasChangesToSave(otherDevice, filled, 1)).toBe(false)
    expect(hasChangesToSave(otherDevice, filled, 2)).toBe(false)
    expect(hasChangesToSave(otherDevice, filled, 3)).toBe(true)
    expect(hasChangesToSave(otherDevice, filled, 0)).toBe(true)
    expect(hasChangesToSave({ ...filled, businessDomain: ['Wireline', 'Wireless'] }, filled, 2)).toBe(true)
    expect(hasChangesToSave({ ...filled, bestTimeToReach: '09:31' }, filled, 1)).toBe(true)
  })
})

describe('the stored flags (spec §4)', () => {
  const authData: AuthData = {
    name: 'Priya Sharma',
    emailId: 'priya.sharma@nokia.com',
    phoneNumber: '+91 98450 12345',
    vendorUserId: 'v-nokia',
    message: 'Login is successful',
    isPortfolioManagerPreviousReqSaved: 'NO',
    isPortfolioManagerSavedOrSubmittedDataExists: 'NO',
    isPortfolioManagerSubmittedDataExists: 'NO',
  }

  it('after a save: previous-saved YES, saved-or-submitted YES, submitted unchanged', () => {
    expect(authDataAfterSave(authData)).toEqual({
      ...authData,
      isPortfolioManagerPreviousReqSaved: 'YES',
      isPortfolioManagerSavedOrSubmittedDataExists: 'YES',
    })
  })

  it('after a submit: previous-saved NO, submitted YES, saved-or-submitted YES', () => {
    expect(authDataAfterSubmit(authDataAfterSave(authData))).toEqual({
      ...authData,
      isPortfolioManagerPreviousReqSaved: 'NO',
      isPortfolioManagerSubmittedDataExists: 'YES',
      isPortfolioManagerSavedOrSubmittedDataExists: 'YES',
    })
  })
})

describe('editing a submitted record (docs/decisions/0012)', () => {
  it('opens the device section for changes and the others read-only', () => {
    expect(RECORD_EDIT_MODES).toEqual({ 1: 'view', 2: 'view', 3: 'create' })
  })
})

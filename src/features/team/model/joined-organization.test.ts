import { describe, expect, it } from 'vitest'
import type { AuthData } from '@/contract/auth'
import {
  joinedQuestion,
  joinedTitle,
  organizationToStayIn,
  stayLabel,
  switchLabel,
} from '@/features/team/model/joined-organization'

const login = (changes: Partial<AuthData>): AuthData => ({
  name: 'Amir Home',
  emailId: 'amir@example.com',
  phoneNumber: '+358 40 123 4567',
  vendorUserId: 'v-amir',
  message: 'Login successful',
  isPortfolioManagerPreviousReqSaved: 'NO',
  isPortfolioManagerSavedOrSubmittedDataExists: 'NO',
  isPortfolioManagerSubmittedDataExists: 'NO',
  ...changes,
})
const home = { organizationId: 'org-home', organizationName: 'Home Networks' }
const partner = login({ organizationId: 'org-partner', organizationName: 'Partner Devices' })

describe('organizationToStayIn', () => {
  it('is the organization acted for before, when the invitation joined another', () => {
    expect(organizationToStayIn(login(home), partner)).toEqual(home)
  })

  it('is null without a login before, without an organization, or for the same organization', () => {
    expect(organizationToStayIn(null, partner)).toBeNull()
    expect(organizationToStayIn(login({ noOrganization: true, organizations: [] }), partner)).toBeNull()
    expect(
      organizationToStayIn(
        login({ organizationId: 'org-partner', organizationName: 'Partner Devices' }),
        partner,
      ),
    ).toBeNull()
  })
})

describe('the question', () => {
  it('reads as decision 0039 records it', () => {
    expect(joinedTitle('Partner Devices')).toBe('You joined Partner Devices')
    expect(joinedQuestion('Partner Devices', 'Home Networks')).toBe(
      'Switch to Partner Devices now? Until you do, you keep working for Home Networks. The organization’s name in the header switches at any time.',
    )
    expect(stayLabel('Home Networks')).toBe('Stay in Home Networks')
    expect(switchLabel('Partner Devices')).toBe('Switch to Partner Devices')
  })
})

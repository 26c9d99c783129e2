import type { AuthData } from '@/contract/auth'
import type { LabRole } from '@/contract/lab'
import { LOGIN_SUCCESS_MESSAGE } from '@/contract/messages'
import type { Role } from '@/contract/roles'
import { nokiaMember } from '@/mocks/fixtures/roles'
import { LOGIN_WITHOUT_ORGANIZATION } from '@/mocks/fixtures/team'
import { world } from '@/mocks/fixtures/world'
import { clearSession, writeAuthData } from '@/lib/storage'

/*
 * Stories of logged-in states store AUTH_DATA as a login would, and clear it after the story,
 * so that the next story starts as a visitor. The fixture vendors cover the landing's three labels:
 * Nokia has submitted data (Add New Portfolio), Sagemcom a saved draft (View Portfolio), Zyxel
 * neither (Create Portfolio).
 */

export type FixtureVendorId = 'v-nokia' | 'v-sagemcom' | 'v-zyxel'

export function authDataOf(vendorUserId: FixtureVendorId): AuthData {
  const vendor = world.vendors.find((candidate) => candidate.authData.vendorUserId === vendorUserId)
  if (!vendor) throw new Error(`No fixture vendor ${vendorUserId}.`)
  return vendor.authData
}

/** A story's beforeEach: logged in as this fixture vendor (with changes, if any) until the story ends. */
export function loggedInAs(vendorUserId: FixtureVendorId, changes: Partial<AuthData> = {}) {
  return () => {
    writeAuthData({ ...authDataOf(vendorUserId), ...changes })
    return () => clearSession()
  }
}

/**
 * A story's beforeEach: logged in as Priya Sharma of Nokia in `role`, which the fixture world gives
 * her too (its handlers decide by the world's session, not the stored login).
 */
export function loggedInAsPriya(role: Role) {
  return () => {
    const priya = world.vendors.find((vendor) => vendor.authData.vendorUserId === 'v-nokia')
    if (priya) priya.authData = { ...priya.authData, ...nokiaMember(role) }
    return loggedInAs('v-nokia', nokiaMember(role))()
  }
}

/** A story's beforeEach: nobody logged in. */
export function loggedOut() {
  clearSession()
}

/**
 * A story's beforeEach: logged in as the fixture lab's Lena Lab, as the login answers a
 * lab staff member, in `role` (the fixture handlers act as her; the console decides by the role).
 */
export function loggedInAsLab(role: LabRole = 'Lab manager') {
  return () => {
    const member = world.lab.staff[0]
    if (!member) throw new Error('No fixture lab staff.')
    member.role = role
    writeAuthData({
      name: member.name,
      emailId: member.email,
      phoneNumber: '',
      vendorUserId: '',
      message: LOGIN_SUCCESS_MESSAGE,
      isPortfolioManagerPreviousReqSaved: 'NO',
      isPortfolioManagerSavedOrSubmittedDataExists: 'NO',
      isPortfolioManagerSubmittedDataExists: 'NO',
      organizations: [],
      labStaff: { staffId: member.staffId, name: member.name, email: member.email, role },
    })
    return () => clearSession()
  }
}

/**
 * A story's beforeEach: logged in as Kari Virtanen, whose account belongs to no organization any
 * more, as the login answers it.
 */
export function loggedInWithoutOrganization() {
  writeAuthData(LOGIN_WITHOUT_ORGANIZATION)
  return () => clearSession()
}

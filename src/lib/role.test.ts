// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { AuthData } from '@/contract/auth'
import { membershipLine, roleOf, roleRefusal } from '@/lib/role'
import { clearSession, writeAuthData } from '@/lib/storage'
import { useRole, useRoleRefusal } from '@/lib/use-role'

const HINT = 'Ask an Owner of your organization for another role.'

const specOnly: AuthData = {
  name: 'Asha Rao',
  emailId: 'asha.rao@netgear-labs.example',
  phoneNumber: '9876543210',
  vendorUserId: 'VU-1001',
  message: 'Login is successful',
  isPortfolioManagerPreviousReqSaved: 'NO',
  isPortfolioManagerSavedOrSubmittedDataExists: 'YES',
  isPortfolioManagerSubmittedDataExists: 'YES',
}

describe('roleOf', () => {
  it('reads the role of the login answer, and Owner for an answer without one', () => {
    expect(roleOf({ ...specOnly, role: 'Viewer' })).toBe('Viewer')
    expect(roleOf({ ...specOnly, role: 'Engineer' })).toBe('Engineer')
    expect(roleOf(specOnly)).toBe('Owner')
    expect(roleOf(null)).toBe('Owner')
  })
})

describe('roleRefusal', () => {
  it('refuses nothing to an Owner', () => {
    for (const permission of ['read', 'portfolio', 'runs', 'comment', 'certificate', 'team'] as const)
      expect(roleRefusal('Owner', permission)).toBeNull()
  })

  it('refuses an Engineer only the team', () => {
    expect(roleRefusal('Engineer', 'portfolio')).toBeNull()
    expect(roleRefusal('Engineer', 'runs')).toBeNull()
    expect(roleRefusal('Engineer', 'comment')).toBeNull()
    expect(roleRefusal('Engineer', 'certificate')).toBeNull()
    expect(roleRefusal('Engineer', 'team')).toEqual({
      permission: 'team',
      reason: 'Only an Owner of this organization can manage its team.',
      hint: HINT,
    })
  })

  it('lets a Viewer read and refuses every change with the server’s words', () => {
    expect(roleRefusal('Viewer', 'read')).toBeNull()
    expect(
      (['portfolio', 'runs', 'comment', 'certificate', 'listing'] as const).map(
        (p) => roleRefusal('Viewer', p)?.reason,
      ),
    ).toEqual([
      'Your role in this organization does not allow submitting, editing or deleting devices.',
      'Your role in this organization does not allow starting or cancelling certification runs.',
      'Your role in this organization does not allow adding comments.',
      'Your role in this organization does not allow sending certificates.',
      // The directory switch speaks of listing, not of sending certificates.
      'Your role in this organization does not allow listing devices in the public directory.',
    ])
    expect(roleRefusal('Engineer', 'listing')).toBeNull()
    expect(roleRefusal('Viewer', 'runs')?.hint).toBe(HINT)
  })

  it('gives the same object every time (components compare it between renders)', () => {
    expect(roleRefusal('Viewer', 'runs')).toBe(roleRefusal('Viewer', 'runs'))
  })
})

describe('useRole', () => {
  afterEach(() => clearSession())

  it('follows the stored login data', () => {
    const { result } = renderHook(() => [useRole(), useRoleRefusal('portfolio')?.reason ?? null] as const)
    expect(result.current).toEqual(['Owner', null])
    act(() => writeAuthData({ ...specOnly, role: 'Viewer', organizationName: 'Acme Networks' }))
    expect(result.current).toEqual([
      'Viewer',
      'Your role in this organization does not allow submitting, editing or deleting devices.',
    ])
    act(() => writeAuthData(specOnly))
    expect(result.current).toEqual(['Owner', null])
  })
})

describe('membershipLine', () => {
  const acme = { organizationId: 'org-1', organizationName: 'Acme Networks' }
  it('names the organization and the role of a member', () => {
    expect(membershipLine({ ...specOnly, organizationName: 'Acme Networks', role: 'Engineer' })).toBe(
      'Acme Networks · Engineer',
    )
    expect(membershipLine({ ...specOnly, organizationName: 'Acme Networks', role: 'Viewer' })).toBe(
      'Acme Networks · Viewer',
    )
  })

  it('says nothing for a login answer without them', () => {
    expect(membershipLine(specOnly)).toBeNull()
    expect(membershipLine({ ...specOnly, role: 'Viewer' })).toBeNull()
    expect(membershipLine(null)).toBeNull()
  })

  it('says nothing for the Owner of their only organization, and names it among several', () => {
    const owner = { ...specOnly, organizationName: 'Acme Networks', role: 'Owner' as const }
    expect(membershipLine(owner)).toBeNull()
    expect(membershipLine({ ...owner, organizations: [{ ...acme, role: 'Owner' }] })).toBeNull()
    expect(
      membershipLine({
        ...owner,
        organizations: [
          { ...acme, role: 'Owner' },
          { organizationId: 'org-2', organizationName: 'Brand Two', role: 'Engineer' },
        ],
      }),
    ).toBe('Acme Networks · Owner')
  })
})

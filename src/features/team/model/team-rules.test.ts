import { describe, expect, it } from 'vitest'
import {
  invitationMailLabel,
  LAST_OWNER_REASON,
  memberRowRules,
  teamManagement,
} from '@/features/team/model/team-rules'
import { ROLE_REFUSALS } from '@/contract/roles'

const owner = { accountId: 'a-owner', role: 'Owner' as const }
const engineer = { accountId: 'a-engineer', role: 'Engineer' as const }
const viewer = { accountId: 'a-viewer', role: 'Viewer' as const }
const secondOwner = { accountId: 'a-owner-2', role: 'Owner' as const }

describe('memberRowRules', () => {
  it('lets an Owner change roles and remove another member, and not leave on their row', () => {
    expect(memberRowRules([owner, engineer], engineer, owner)).toEqual({
      changeRole: { allowed: true },
      remove: { allowed: true },
      leave: null,
    })
  })

  it('disables demoting, removing and leaving for the last Owner, with the reason', () => {
    const last = { allowed: false, reason: LAST_OWNER_REASON }
    expect(memberRowRules([owner, engineer], owner, owner)).toEqual({
      changeRole: last,
      remove: null,
      leave: last,
    })
  })

  it('allows them once a second Owner exists', () => {
    expect(memberRowRules([owner, secondOwner], owner, secondOwner)).toEqual({
      changeRole: { allowed: true },
      remove: { allowed: true },
      leave: null,
    })
    expect(memberRowRules([owner, secondOwner], owner, owner).leave).toEqual({ allowed: true })
  })

  it('offers an Engineer or a Viewer nothing on others’ rows and Leave on their own', () => {
    for (const member of [engineer, viewer]) {
      expect(memberRowRules([owner, engineer, viewer], owner, member)).toEqual({
        changeRole: null,
        remove: null,
        leave: null,
      })
      expect(memberRowRules([owner, engineer, viewer], member, member)).toEqual({
        changeRole: null,
        remove: null,
        leave: { allowed: true },
      })
    }
  })
})

describe('teamManagement', () => {
  it('is an Owner’s only, refused with the server’s words', () => {
    expect(teamManagement('Owner')).toEqual({ allowed: true })
    expect(teamManagement('Engineer')).toEqual({ allowed: false, reason: ROLE_REFUSALS.team })
    expect(teamManagement('Viewer')).toEqual({ allowed: false, reason: ROLE_REFUSALS.team })
  })
})

describe('invitationMailLabel', () => {
  it("says what came of the invitation's mail, and nothing when none was sent", () => {
    expect(invitationMailLabel({ mailState: 'queued' })).toBe(
      'Mail on its way: the portal is still trying to send it.',
    )
    expect(invitationMailLabel({ mailState: 'sent' })).toBe('Mail sent.')
    expect(invitationMailLabel({ mailState: 'failed' })).toBe(
      'Mail not delivered: check the address, then Resend.',
    )
    expect(invitationMailLabel({})).toBeNull()
  })
})

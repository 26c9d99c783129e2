import { describe, expect, it } from 'vitest'
import type { AuthData } from '@/contract/auth'
import type { YesNo } from '@/contract/common'
import { portfolioManagerButton } from '@/features/marketing/model/portfolio-manager-button'

const loggedIn = (
  isPortfolioManagerPreviousReqSaved: YesNo,
  isPortfolioManagerSubmittedDataExists: YesNo,
  isPortfolioManagerSavedOrSubmittedDataExists: YesNo,
  message = 'Login is successful',
): AuthData => ({
  name: 'Ada Vendor',
  emailId: 'ada@vendor.example',
  phoneNumber: '5550100',
  vendorUserId: 'vendor-1',
  message,
  isPortfolioManagerPreviousReqSaved,
  isPortfolioManagerSavedOrSubmittedDataExists,
  isPortfolioManagerSubmittedDataExists,
})

// previous request saved × submitted data exists × saved-or-submitted (which must not matter).
const flagCases: [saved: YesNo, submitted: YesNo, savedOrSubmitted: YesNo, label: string][] = [
  ['NO', 'NO', 'NO', 'Create Portfolio'],
  ['NO', 'NO', 'YES', 'Create Portfolio'],
  ['NO', 'YES', 'NO', 'Add New Portfolio'],
  ['NO', 'YES', 'YES', 'Add New Portfolio'],
  ['YES', 'NO', 'NO', 'View Portfolio'],
  ['YES', 'NO', 'YES', 'View Portfolio'],
  ['YES', 'YES', 'NO', 'View Portfolio'],
  ['YES', 'YES', 'YES', 'View Portfolio'],
]

describe('portfolioManagerButton', () => {
  it.each(flagCases)(
    'previous saved %s, submitted %s, saved-or-submitted %s, logged in: %s to /portfolio',
    (saved, submitted, savedOrSubmitted, label) => {
      expect(portfolioManagerButton(loggedIn(saved, submitted, savedOrSubmitted))).toEqual({
        label,
        to: '/portfolio',
        search: {},
      })
    },
  )

  it.each(flagCases)(
    'previous saved %s, submitted %s, saved-or-submitted %s, other message: %s to /login',
    (saved, submitted, savedOrSubmitted, label) => {
      const authData = loggedIn(saved, submitted, savedOrSubmitted, 'Invalid credentials')
      expect(portfolioManagerButton(authData)).toEqual({
        label,
        to: '/login',
        search: { from: 'create-portfolio' },
      })
    },
  )

  it('is Create Portfolio to /login?from=create-portfolio with no stored login', () => {
    expect(portfolioManagerButton(null)).toEqual({
      label: 'Create Portfolio',
      to: '/login',
      search: { from: 'create-portfolio' },
    })
  })

  it.each(['', 'login is successful', 'Login is successful.', ' Login is successful'])(
    'goes to /login when the stored message is %j',
    (message) => {
      expect(portfolioManagerButton(loggedIn('NO', 'NO', 'NO', message)).to).toBe('/login')
    },
  )
})

import { screen } from 'storybook/test'
import { removePendingPasswordReset, writePendingPasswordReset } from '@/lib/storage'
import { world } from '@/mocks/fixtures/world'

/*
 * What the stories of the forgot-password flow (/forgot-password, /check-mail, /password-reset)
 * share: the fixture account, and a pending reset as /forgot-password leaves it.
 */

/** Priya Sharma (Nokia) has an account in the fixture world. */
export const ACCOUNT = 'priya.sharma@nokia.com'

/** The id of the reset the /check-mail stories start from. */
export const RESET_ID = 'reset-story'

/** The code the fixture world e-mails. */
export const FIXTURE_CODE = '123456'

/** The full-screen loader, if it shows. */
export const loader = () => screen.queryByRole('dialog', { name: 'Loading' })

/**
 * A beforeEach: the state /forgot-password leaves after a SUCCESS for the fixture account — the
 * server knows the reset, the tab keeps its id and address. Removed after the story.
 */
export function pendingReset() {
  world.passwordResets.set(RESET_ID, ACCOUNT)
  writePendingPasswordReset({ id: RESET_ID, emailId: ACCOUNT })
  return () => removePendingPasswordReset()
}

/** Lets a navigation the clock may have started show, before checking that none did. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 150))

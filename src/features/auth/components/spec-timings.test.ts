// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { LOGIN_RESET_MS } from '@/features/auth/components/login-form'
import { REGISTRATION_SUCCESS_TOAST_MS } from '@/features/auth/components/registration-form'

// Spec §8, §9, by the numbers themselves: the screens' tests move their clocks by these.
describe('account timings (spec §9)', () => {
  it('close the registration success toast after 2000 ms and clear the login form after 6000 ms', () => {
    expect(REGISTRATION_SUCCESS_TOAST_MS).toBe(2000)
    expect(LOGIN_RESET_MS).toBe(6000)
  })
})

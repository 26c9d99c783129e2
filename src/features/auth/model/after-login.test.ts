import { describe, expect, it } from 'vitest'
import { loginLead, pathAfterLogin } from '@/features/auth/model/after-login'

describe('pathAfterLogin', () => {
  it.each([
    [{ goto: '/dashboard?search=ONT', from: undefined }, '/dashboard?search=ONT'],
    [{ goto: '/portfolio', from: 'create-portfolio' }, '/portfolio'],
    [{ goto: '/dashboard', from: 'create-portfolio' }, '/dashboard'],
    [{ goto: null, from: 'create-portfolio' }, '/portfolio'],
    [{ goto: null, from: 'somewhere-else' }, '/'],
    [{ goto: null, from: undefined }, '/'],
    [{ goto: '/login', from: undefined }, '/'],
    [{ goto: '/login?from=create-portfolio', from: undefined }, '/'],
    [{ goto: '/login-help', from: undefined }, '/login-help'],
    // The protected page that sent the visitor to this login comes first (docs/decisions/0019).
    [{ redirect: '/dashboard?search=ONT', goto: null, from: undefined }, '/dashboard?search=ONT'],
    [{ redirect: '/dashboard', goto: '/portfolio', from: 'create-portfolio' }, '/dashboard'],
    [{ redirect: '/login', goto: '/portfolio', from: undefined }, '/portfolio'],
    [{ redirect: undefined, goto: null, from: undefined }, '/'],
    // Lab staff land on the console, or on the console's page that sent them here.
    [{ goto: '/dashboard', from: undefined, lab: true }, '/lab'],
    [{ redirect: '/dashboard', goto: null, from: undefined, lab: true }, '/lab'],
    [{ redirect: '/lab/staff', goto: null, from: undefined, lab: true }, '/lab/staff'],
    [{ redirect: '/lab?record=r-1', goto: null, from: undefined, lab: true }, '/lab?record=r-1'],
    [{ redirect: '/lab/set-password?token=x', goto: null, from: undefined, lab: true }, '/lab'],
    [{ redirect: '/laboratory', goto: null, from: undefined, lab: true }, '/lab'],
    // An account without an organization lands on its invitations, or on the link it
    // was accepting; the organization's pages would refuse it.
    [{ goto: '/dashboard', from: undefined, noOrganization: true }, '/invitations'],
    [{ goto: null, from: 'create-portfolio', noOrganization: true }, '/invitations'],
    [{ redirect: '/dashboard', goto: null, from: undefined, noOrganization: true }, '/invitations'],
    [
      { redirect: '/invitation?token=abc', goto: null, from: undefined, noOrganization: true },
      '/invitation?token=abc',
    ],
    [{ redirect: '/invitations', goto: '/portfolio', from: undefined, noOrganization: true }, '/invitations'],
    [{ redirect: '/invitationsX', goto: null, from: undefined, noOrganization: true }, '/invitations'],
  ])('%j → %s', (input, expected) => {
    expect(pathAfterLogin(input)).toBe(expected)
  })
})

describe('loginLead', () => {
  it('says why when the visitor came to create a portfolio', () => {
    expect(loginLead('create-portfolio')).toBe('Sign in to create your portfolio.')
    expect(loginLead(undefined)).toBe('Sign in with the email id and password of your vendor account.')
  })
})

import { type HttpHandler, HttpResponse } from 'msw'
import * as said from '@/contract/server-messages'
import { addressFixture } from '@/mocks/fixtures/address'
import { LOGIN_WITHOUT_ORGANIZATION } from '@/mocks/fixtures/team'
import { FIXTURE_PASSWORD, world } from '@/mocks/fixtures/world'
import { answer, FIXTURE_TOKEN, mockEndpoint, nextId } from '@/mocks/mock-endpoint'

/*
 * The fixture world's session, sign-in, registration and password calls (spec §3, §8): the session
 * token, the page's configuration and the address lists, login and logout, registering an
 * account, and the codes that create or reset a password.
 */
export const accountHandlers: HttpHandler[] = [
  mockEndpoint('token', () => HttpResponse.text('SUCCESS', { headers: { Token: FIXTURE_TOKEN } })),
  // The fixture certification service answers on any host and port: the page keeps its default.
  mockEndpoint('portalConfig', () => HttpResponse.json({ certificationServicePort: null })),

  mockEndpoint('addressData', ({ body }) => HttpResponse.json(addressFixture(body.country))),

  mockEndpoint('login', ({ body }) => {
    const vendor = world.vendors.find(
      (candidate) =>
        candidate.authData.emailId.toLowerCase() === body.emailId.toLowerCase() &&
        candidate.password === body.password,
    )
    if (vendor) return HttpResponse.json(vendor.authData)
    // Kari Virtanen, removed from his only organization, logs in without one.
    const rejoining = LOGIN_WITHOUT_ORGANIZATION
    if (rejoining.emailId === body.emailId.toLowerCase() && body.password === FIXTURE_PASSWORD)
      return HttpResponse.json(rejoining)
    return answer(said.INVALID_LOGIN_MESSAGE, 401)
  }),

  mockEndpoint('logout', () => answer(said.LOGGED_OUT_MESSAGE)),
  mockEndpoint('keepSessionAlive', () => answer(said.SESSION_RENEWED_MESSAGE)),

  mockEndpoint('register', ({ body }) => {
    const emailId = body.emailId
    const id = nextId('acct')
    // A taken address answers like a new one (the server mails its owner a notice instead of a
    // code); the id names no pending account, so the Create Password dialog fails as for a wrong code.
    const taken = world.vendors.some(
      (vendor) => vendor.authData.emailId.toLowerCase() === emailId.toLowerCase(),
    )
    if (taken) {
      return HttpResponse.json({
        status: 'SUCCESS',
        message: said.registrationSuccessMessage(emailId),
        id,
        emailId,
      })
    }
    world.pendingAccounts.set(id, emailId)
    const { firstName, lastName, organization, countryCode, phoneNumber, country, state, city } = body
    const name = `${firstName} ${lastName}`
    world.vendors.push({
      authData: {
        name,
        emailId,
        phoneNumber: `${countryCode} ${phoneNumber}`,
        vendorUserId: `v-${id}`,
        message: 'Login is successful',
        isPortfolioManagerPreviousReqSaved: 'NO',
        isPortfolioManagerSavedOrSubmittedDataExists: 'NO',
        isPortfolioManagerSubmittedDataExists: 'NO',
      },
      // No password until the Create Password dialog sets one: the account cannot sign in yet.
      password: '',
      registration: { organization, name, emailId, countryCode, phoneNumber, country, state, city },
      portfolio: null,
    })
    return HttpResponse.json({
      status: 'SUCCESS',
      message: said.registrationSuccessMessage(emailId),
      id,
      emailId,
    })
  }),

  mockEndpoint('changePassword', ({ body }) => {
    const emailId = world.pendingAccounts.get(body.id)
    const vendor = world.vendors.find((candidate) => candidate.authData.emailId === emailId)
    if (!vendor || emailId !== body.emailId || body.otp !== world.code) {
      return HttpResponse.text(said.INVALID_CODE_MESSAGE, { status: 400, headers: { 'X-Field': 'otp' } })
    }
    vendor.password = body.password
    world.pendingAccounts.delete(body.id)
    return HttpResponse.text(said.PASSWORD_SAVED_MESSAGE)
  }),

  mockEndpoint('forgotPassword', ({ body }) => {
    const vendor = world.vendors.find(
      (candidate) => candidate.authData.emailId.toLowerCase() === body.emailId.toLowerCase(),
    )
    // Known or not, the same answer with the address as typed (the server mails an unknown address
    // that it has no account); an unknown address's id names no reset, so the code is then wrong.
    const id = nextId('reset')
    if (vendor) world.passwordResets.set(id, vendor.authData.emailId)
    return HttpResponse.json({ status: 'SUCCESS', message: said.codeSentMessage(body.emailId.trim()), id })
  }),

  mockEndpoint('resetPassword', ({ body }) => {
    const emailId = world.passwordResets.get(body.id)
    const vendor = world.vendors.find((candidate) => candidate.authData.emailId === emailId)
    if (!vendor || body.otp !== world.code) {
      return HttpResponse.json({ status: 'FAILURE', message: said.INVALID_CODE_MESSAGE })
    }
    vendor.password = body.password
    world.passwordResets.delete(body.id)
    return HttpResponse.json({ status: 'SUCCESS', message: said.PASSWORD_RESET_MESSAGE })
  }),
]

// @vitest-environment jsdom
// @vitest-environment-options {"url": "http://localhost:3000/"}
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { endpoints } from '@/contract/endpoints'
import { renewServerSession } from '@/features/auth/api/keep-session-alive'
import { endSession } from '@/features/auth/api/logout'
import {
  readAuthData,
  readGoto,
  readPendingRegistration,
  readRememberedUserId,
  writeAuthData,
  writeGoto,
  writePendingRegistration,
  writeRememberedUserId,
} from '@/lib/storage'
import { endpointUrl } from '@/mocks/handlers'
import { world } from '@/mocks/fixtures/world'
import { startFixtureServer } from '@/test/fixture-server'

const server = startFixtureServer()

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})

describe('renewServerSession (keep-alive, decision 4)', () => {
  it('is renewed on 200', async () => {
    server.use(http.post(endpointUrl(endpoints.keepSessionAlive), () => HttpResponse.json({ message: 'ok' })))
    await expect(renewServerSession()).resolves.toBe('renewed')
  })

  it('is ended on 401: the server says the session is over', async () => {
    server.use(
      http.post(endpointUrl(endpoints.keepSessionAlive), () =>
        HttpResponse.json({ message: 'Session expired' }, { status: 401 }),
      ),
    )
    await expect(renewServerSession()).resolves.toBe('ended')
  })

  it.each([
    ['another refusal', () => HttpResponse.json({ message: 'Unavailable' }, { status: 503 })],
    ['no answer at all', () => HttpResponse.error()],
  ])('is unreachable on %s: the timer decides', async (_what, answer) => {
    server.use(http.post(endpointUrl(endpoints.keepSessionAlive), answer))
    await expect(renewServerSession()).resolves.toBe('unreachable')
  })
})

describe('endSession (the one logout, spec §2, §4)', () => {
  const vendor = world.vendors[0]!.authData

  it('forgets the login at once, keeps the remembered user and goto, and tells the server', async () => {
    let told = 0
    server.use(
      http.post(endpointUrl(endpoints.logout), () => {
        told += 1
        return HttpResponse.json({ message: 'Logged out' })
      }),
    )
    writeAuthData(vendor)
    writePendingRegistration({ id: 'R-1', emailId: vendor.emailId })
    writeRememberedUserId(vendor.emailId)
    writeGoto('/dashboard')

    const ending = endSession()
    expect(readAuthData()).toBeNull()
    expect(readPendingRegistration()).toBeNull()
    expect(readRememberedUserId()).toBe(vendor.emailId)
    expect(readGoto()).toBe('/dashboard')
    await ending
    expect(told).toBe(1)
  })

  it('resolves, with the login forgotten, when the server cannot be told', async () => {
    server.use(http.post(endpointUrl(endpoints.logout), () => HttpResponse.error()))
    writeAuthData(vendor)
    await expect(endSession()).resolves.toBeUndefined()
    expect(readAuthData()).toBeNull()
  })
})

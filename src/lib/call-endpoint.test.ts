// @vitest-environment jsdom
// @vitest-environment-options {"url": "http://localhost:3000/"}
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { ApiAnswerError, callEndpoint, requestEndpoint } from '@/lib/call-endpoint'
import { writeToken } from '@/lib/storage'
import { FIXTURE_PASSWORD } from '@/mocks/fixtures/world'
import { startFixtureServer } from '@/test/fixture-server'

const server = startFixtureServer()

describe('callEndpoint', () => {
  it('posts the body to the main service with the Token header, and reads the answer by its schema', async () => {
    writeToken('t-123')
    let token: string | null = null
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/api/login')) token = request.headers.get('Token')
    })
    const result = await callEndpoint('login', {
      emailId: 'priya.sharma@nokia.com',
      password: FIXTURE_PASSWORD,
    })
    expect(result.ok && result.data.vendorUserId).toBe('v-nokia')
    expect(token).toBe('t-123')
    server.events.removeAllListeners()
  })

  it('adds the headers a call asks for, and keeps the JSON Content-Type', async () => {
    let seen: Headers | undefined
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/api/login')) seen = request.headers
    })
    await callEndpoint(
      'login',
      { emailId: 'priya.sharma@nokia.com', password: FIXTURE_PASSWORD },
      { headers: { 'Idempotency-Key': 'k-12345678', 'Content-Type': 'text/plain' } },
    )
    expect(seen?.get('Idempotency-Key')).toBe('k-12345678')
    expect(seen?.get('Content-Type')).toBe('application/json')
    server.events.removeAllListeners()
  })

  it('sends a GET call’s input as query parameters', async () => {
    const data = await requestEndpoint('addressData', { country: 'India' })
    expect(data.stateList.map((item) => item.state)).toContain('Karnataka')
  })

  it('fills path parameters and reaches the certification service on port 7600', async () => {
    let url = ''
    server.use(
      http.get('*/runs/:runId/results.json', ({ request }) => {
        url = request.url
        return HttpResponse.json({ message: 'none' }, { status: 404 })
      }),
    )
    const result = await callEndpoint('runResults', undefined, { params: { runId: 'run 1' } })
    expect(result.ok).toBe(false)
    expect(url).toBe('http://localhost:7600/runs/run%201/results.json')
  })

  it('reads change-password as text, and a non-2xx text answer as the message', async () => {
    const result = await callEndpoint('changePassword', {
      otp: '000000',
      emailId: 'x@y.com',
      password: 'Abcdef#1',
      confirmPassword: 'Abcdef#1',
      id: 'acct-none',
    })
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      message: 'The code is wrong or has expired. Please check the 6-digit code we sent you.',
    })
  })

  it('throws the server’s message for a non-2xx answer in requestEndpoint', async () => {
    const attempt = requestEndpoint('login', { emailId: 'priya.sharma@nokia.com', password: 'Wrong#2026' })
    await expect(attempt).rejects.toBeInstanceOf(ApiAnswerError)
    await expect(attempt).rejects.toThrow('Invalid email id or password.')
  })
})

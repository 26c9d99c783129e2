import { connect, type Socket } from 'node:net'
import { describe, expect, it } from 'vitest'
import { TOKEN_HEADER } from '@/contract/auth'
import { STREAM_RESTART_RETRY_MS } from '@/contract/events'
import { INVALID_LOGIN_MESSAGE } from '@/contract/server-messages'
import { SseClient } from '../test/sse.ts'
import { createVendor, newBrowser, startTestPortal } from '../test/portal.ts'
import type { Portal } from './portal.ts'

/*
 * A portal that stops (SIGTERM, a rolling restart; docs/decisions/0047): /readyz turns 503 first,
 * no new connection is taken, the answers under way finish, the live streams end with a short
 * `retry:`, and what outlives the grace is cut.
 */

/**
 * A raw HTTP/1.1 connection that sends a login's head (with a session and its Token, so that the
 * handler waits for the body) and half its body, and reads what comes back.
 */
async function halfSentLogin(portal: Portal) {
  const browser = await newBrowser(portal)
  const { hostname, port } = new URL(portal.mainUrl)
  const path = '/api/login'
  const socket: Socket = connect(Number(port), hostname)
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject))
  let received = ''
  socket.on('data', (chunk) => (received += chunk.toString('utf8')))
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
  socket.on('error', () => {})
  const body = JSON.stringify({ emailId: 'nobody@example.com', password: 'Nobody#2026' })
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\nCookie: ${browser.cookie}\r\n${TOKEN_HEADER}: ${browser.token}\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
  )
  return {
    finish: () => socket.write(body.slice(10)),
    received: () => received,
    closed,
  }
}

const refused = (url: string) =>
  fetch(url).then(
    () => false,
    () => true,
  )

describe('a portal that stops', () => {
  it('finishes an answer under way, takes no new connection, and ends the live streams with a short retry', async () => {
    const test = await startTestPortal()
    try {
      const owner = await createVendor(test, 'stella.stop@example.com', 'Stella')
      const stream = await SseClient.of(owner.browser, test.portal.mainUrl)
      await stream.until((s) => s.messages.some((message) => message.event === 'hello'))
      const underWay = await halfSentLogin(test.portal)

      const stopping = test.portal.close()
      expect(await test.portal.operations.readiness()).toEqual({
        ready: false,
        checks: { process: 'stopping' },
      })
      await stream.until((s) => s.ended, 5000, 'the stream’s end')
      expect(stream.retry).toBeGreaterThanOrEqual(STREAM_RESTART_RETRY_MS / 4)
      expect(stream.retry).toBeLessThanOrEqual(STREAM_RESTART_RETRY_MS)
      expect(await refused(`${test.portal.mainUrl}/healthz`)).toBe(true)
      expect(await refused(`${test.portal.certUrl}/healthz`)).toBe(true)

      underWay.finish()
      await underWay.closed
      // The login's answer, whole, not a cut connection.
      expect(underWay.received()).toMatch(/^HTTP\/1\.1 401 Unauthorized\r\n/)
      expect(underWay.received()).toContain(JSON.stringify({ message: INVALID_LOGIN_MESSAGE }))
      await stopping
    } finally {
      await test.database.close()
    }
  }, 60_000)

  it('cuts an answer that outlives the grace', async () => {
    const test = await startTestPortal({ shutdown: { graceMs: 300 } })
    try {
      const underWay = await halfSentLogin(test.portal)
      const started = Date.now()
      await test.portal.close()
      await underWay.closed
      expect(Date.now() - started).toBeLessThan(5000)
      expect(underWay.received()).toBe('')
    } finally {
      await test.database.close()
    }
  }, 60_000)

  it('waits SHUTDOWN_DELAY_MS with /readyz at 503 before it closes its listeners', async () => {
    const test = await startTestPortal({ shutdown: { delayMs: 1000 } })
    try {
      const stopping = test.portal.close()
      const ready = await fetch(`${test.portal.mainUrl}/readyz`)
      expect([ready.status, await ready.json()]).toEqual([
        503,
        { status: 'not ready', checks: { process: 'stopping' } },
      ])
      await stopping
      expect(await refused(`${test.portal.mainUrl}/readyz`)).toBe(true)
    } finally {
      await test.database.close()
    }
  }, 60_000)
})

import { describe, expect, it } from 'vitest'
import {
  LAB_NOTIFICATION_KIND_REFUSAL_MESSAGE,
  NOTIFICATION_KIND_REFUSAL_MESSAGE,
  NOTIFICATION_KINDS,
  UNSUBSCRIBE_TOKEN_INVALID_MESSAGE,
  UNSUBSCRIBE_TOKEN_REQUIRED_MESSAGE,
  unsubscribeAlreadyOffMessage,
  unsubscribedMessage,
} from '@/contract/notifications'
import { UNSUBSCRIBE_TOKENS } from '@/mocks/fixtures/notifications'
import { startFixtureServer } from '@/test/fixture-server'

/* The notification calls in the fixture world keep the server's rules and messages. */

startFixtureServer()
const MAIN = 'http://localhost'

async function call(path: string, body?: unknown) {
  const response = await fetch(`${MAIN}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return { status: response.status, json: (await response.json()) as Record<string, unknown> }
}

const enabledOf = async (kind: string) => {
  const { json } = await call('/api/notifications/settings')
  return (json.settings as Array<{ kind: string; enabled: boolean }>).find((s) => s.kind === kind)?.enabled
}

describe('the notification handlers', () => {
  it('read every kind on, change one switch, and refuse an unknown kind naming the field', async () => {
    const initial = await call('/api/notifications/settings')
    expect(initial).toEqual({
      status: 200,
      json: {
        organizationId: 'org-nokia',
        organizationName: 'Nokia Solutions and Networks',
        emailId: 'priya.sharma@nokia.com',
        settings: NOTIFICATION_KINDS.map((kind) => ({ kind, enabled: true })),
      },
    })
    const changed = await call('/api/notifications/settings/update', { kind: 'maintenance', enabled: false })
    expect(changed.status).toBe(200)
    expect(await enabledOf('maintenance')).toBe(false)
    expect(await call('/api/notifications/settings/update', { kind: 'all', enabled: false })).toEqual({
      status: 400,
      json: { message: NOTIFICATION_KIND_REFUSAL_MESSAGE, field: 'kind' },
    })
  })

  it('read and change the fixture Lab manager’s own switch, and take her link', async () => {
    expect(await call('/api/lab/notifications/settings')).toEqual({
      status: 200,
      json: {
        emailId: 'lena.lab@lab.example',
        settings: [
          { kind: 'vendorComment', enabled: true },
          { kind: 'recordRevised', enabled: true },
          { kind: 'runAwaitingReview', enabled: true },
          { kind: 'recordAssigned', enabled: true },
        ],
      },
    })
    expect(
      (await call('/api/lab/notifications/settings/update', { kind: 'runFinished', enabled: false })).json,
    ).toEqual({ message: LAB_NOTIFICATION_KIND_REFUSAL_MESSAGE, field: 'kind' })
    const info = await call(`/api/notifications/unsubscribe?token=${UNSUBSCRIBE_TOKENS.labVendorComment}`)
    expect(info.json).toEqual({
      scope: 'vendorComment',
      label: 'Comment from a vendor',
      emailId: 'lena.lab@lab.example',
      organizationName: null,
      alreadyOff: false,
    })
    await call('/api/notifications/unsubscribe', { token: UNSUBSCRIBE_TOKENS.labVendorComment })
    expect((await call('/api/lab/notifications/settings')).json.settings).toEqual([
      { kind: 'vendorComment', enabled: false },
      { kind: 'recordRevised', enabled: true },
      { kind: 'runAwaitingReview', enabled: true },
      { kind: 'recordAssigned', enabled: true },
    ])
    await call('/api/lab/notifications/settings/update', { kind: 'vendorComment', enabled: true })
  })

  it('read a link without changing anything, unsubscribe by POST, and refuse a tampered or missing token', async () => {
    const info = await call(`/api/notifications/unsubscribe?token=${UNSUBSCRIBE_TOKENS.runFinished}`)
    expect(info.json).toEqual({
      scope: 'runFinished',
      label: 'Certification run finished',
      emailId: 'priya.sharma@nokia.com',
      organizationName: 'Nokia Solutions and Networks',
      alreadyOff: false,
    })
    expect(await enabledOf('runFinished')).toBe(true)
    const done = await call('/api/notifications/unsubscribe', { token: UNSUBSCRIBE_TOKENS.runFinished })
    expect(done.json.message).toBe(
      unsubscribedMessage({ label: 'Certification run finished', emailId: 'priya.sharma@nokia.com' }),
    )
    expect(await enabledOf('runFinished')).toBe(false)
    const again = await call('/api/notifications/unsubscribe', { token: UNSUBSCRIBE_TOKENS.runFinished })
    expect(again.json.message).toBe(
      unsubscribeAlreadyOffMessage({
        label: 'Certification run finished',
        emailId: 'priya.sharma@nokia.com',
      }),
    )
    for (const token of [UNSUBSCRIBE_TOKENS.tampered, 'n1.nonsense']) {
      expect(await call('/api/notifications/unsubscribe', { token })).toEqual({
        status: 400,
        json: { message: UNSUBSCRIBE_TOKEN_INVALID_MESSAGE, field: 'token' },
      })
    }
    expect(await call('/api/notifications/unsubscribe', { token: '' })).toEqual({
      status: 400,
      json: { message: UNSUBSCRIBE_TOKEN_REQUIRED_MESSAGE, field: 'token' },
    })
  })
})

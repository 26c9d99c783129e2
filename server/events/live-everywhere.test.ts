import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endMaintenance, startMaintenance } from '../certification/index.ts'
import { createVendor, startTestPortal, type TestPortal } from '../test/portal.ts'
import { SseClient } from '../test/sse.ts'

/*
 * The events that reach a vendor's open tab beyond its records and runs (docs/decisions/0037):
 * the bench's maintenance goes to every organization's stream, as an event and in a fresh tab's
 * hello; an organization's own events (a webhook's delivery) to that organization's only.
 */

let test: TestPortal
const streams: SseClient[] = []

beforeAll(async () => {
  test = await startTestPortal({ events: { safetyReadMs: 600_000 } })
}, 120_000)

afterAll(async () => {
  for (const stream of streams) stream.close()
  await test?.close()
})

async function openFor(email: string, name: string) {
  const who = await createVendor(test, email, name)
  const stream = await SseClient.of(who.browser, test.portal.mainUrl)
  streams.push(stream)
  await stream.until((s) => s.named('hello').length > 0)
  return { who, stream }
}

const maintenance = {
  reason: 'Replacing the RF shield.',
  expectedEnd: new Date('2099-01-01T11:30:00.000Z'),
  startedBy: 'Lena Ops',
}

describe('the bench’s maintenance on every vendor’s stream', () => {
  it('reaches two organizations as lab.maintenance, is in a fresh tab’s hello, and its end follows', async () => {
    const a = await openFor('maint-a@example.com', 'Maint A')
    const b = await openFor('maint-b@example.com', 'Maint B')
    expect(JSON.parse(a.stream.named('hello')[0]!.data)).not.toHaveProperty('maintenance')

    expect(await startMaintenance(test.database.db, maintenance)).toBe(true)
    const started = {
      type: 'lab.maintenance',
      maintenance: {
        reason: 'Replacing the RF shield.',
        expectedEnd: '2099-01-01T11:30:00.000Z',
        startedBy: 'Lena Ops',
      },
    }
    for (const { stream } of [a, b]) {
      await stream.until((s) => s.events.some((event) => event.type === 'lab.maintenance'))
      expect(stream.events.filter((event) => event.type === 'lab.maintenance')).toMatchObject([started])
    }

    const later = await SseClient.of(a.who.browser, test.portal.mainUrl)
    streams.push(later)
    await later.until((s) => s.named('hello').length > 0)
    expect(JSON.parse(later.named('hello')[0]!.data)).toMatchObject({ maintenance: started.maintenance })

    expect(await endMaintenance(test.database.db)).toBe(true)
    for (const { stream } of [a, b]) {
      await stream.until((s) => s.events.filter((event) => event.type === 'lab.maintenance').length === 2)
      expect(stream.events.filter((event) => event.type === 'lab.maintenance').at(-1)).toMatchObject({
        maintenance: null,
      })
    }
  }, 60_000)
})

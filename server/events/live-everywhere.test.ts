import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { certificatePublishedMessage } from '@/contract/certificates'
import { endpoints } from '@/contract/endpoints'
import { endMaintenance, startMaintenance } from '../certification/index.ts'
import { createVendor, eventually, startTestPortal, submitRecord, type TestPortal } from '../test/portal.ts'
import { SseClient } from '../test/sse.ts'

/*
 * The events that reach a vendor's open tab beyond its records and runs (docs/decisions/0037):
 * the bench's maintenance goes to every organization's stream, as an event and in a fresh tab's
 * hello; an organization's own events (its certificate issued, listed or taken off the list) to
 * that organization's only.
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

type Opened = Awaited<ReturnType<typeof openFor>>

/** Submits a device and runs it to its end: the simulated lab passes it. */
async function certifyFor({ who }: Opened) {
  const id = await submitRecord(test, who, ['LIVE0001'], { devicesToBeCertified: '1' })
  const started = await who.browser.cert(endpoints.runTests.path, {
    body: { vendor_user_id: who.id, portfolio_manager_id: id },
    headers: { Origin: test.portal.mainUrl },
  })
  expect(started.status).toBe(200)
  return id
}

describe('an organization’s certificate on its own streams only', () => {
  it('certificate.issued and certificate.listing reach the certifying organization, not another one', async () => {
    const owner = await openFor('cert-live-a@example.com', 'Cert A')
    const other = await openFor('cert-live-b@example.com', 'Cert B')
    await certifyFor(owner)
    await owner.stream.until((s) => s.events.some((event) => event.type === 'certificate.issued'))
    const [issued] = owner.stream.events.filter((event) => event.type === 'certificate.issued')
    expect(issued).toMatchObject({ certificate: { state: 'valid', published: false } })
    const number = (issued as unknown as { certificate: { number: string } }).certificate.number

    const listed = await owner.who.browser.post(endpoints.publishCertificate.path, {
      vendorUserId: owner.who.id,
      number,
      published: true,
    })
    expect(await listed.json()).toEqual({ message: certificatePublishedMessage(number) })
    await owner.stream.until((s) => s.events.some((event) => event.type === 'certificate.listing'))
    expect(owner.stream.events.filter((event) => event.type === 'certificate.listing')).toMatchObject([
      { certificate: { number, state: 'valid', published: true } },
    ])

    // The other organization's stream heard neither (nor anything of the run).
    await eventually(() => owner.stream.events.some((event) => event.type === 'run.finished'))
    expect(other.stream.events.filter((event) => event.type !== 'lab.maintenance')).toEqual([])
  }, 60_000)
})

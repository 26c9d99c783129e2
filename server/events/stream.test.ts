import { describe, expect, it } from 'vitest'
import { EventStream, streamMessage } from './stream.ts'
import { storedEventText } from './store.ts'

/* One stream's bookkeeping (server/events/stream.ts), without a server. */

const decoder = new TextDecoder()

async function readAll(stream: EventStream) {
  const reader = stream.body.getReader()
  let text = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return text
    text += decoder.decode(value)
  }
}

const message = (seq: number) =>
  streamMessage(
    seq,
    storedEventText({
      seq,
      organization_id: 'o',
      data: { type: 'record.deleted', portfolioManagerId: `r${seq}` },
      created_at: new Date('2026-11-23T10:00:00.000Z'),
    }),
  )

describe('EventStream', () => {
  it('writes a stored event as id and data, the PortalEvent with its seq and time', () => {
    expect(decoder.decode(message(7).bytes)).toBe(
      'id: 7\ndata: {"seq":7,"at":"2026-11-23T10:00:00.000Z","type":"record.deleted","portfolioManagerId":"r7"}\n\n',
    )
  })

  it('keeps the live events aside during the catch-up and sends each once, in order, after it', async () => {
    const closed: EventStream[] = []
    const stream = new EventStream('o', 'a', 's', { onClose: (s) => closed.push(s), maxQueuedBytes: 1 << 20 })
    stream.deliver(message(3))
    stream.deliver(message(4))
    stream.replay(message(2))
    stream.replay(message(3))
    expect(stream.pendingCount).toBe(2)
    stream.goLive()
    stream.deliver(message(4))
    stream.deliver(message(5))
    stream.end({ message: 'over' })
    const text = await readAll(stream)
    expect([...text.matchAll(/^id: (\d+)$/gm)].map((match) => Number(match[1]))).toEqual([2, 3, 4, 5])
    expect(text.startsWith('retry: 2000\n\n')).toBe(true)
    expect(text.endsWith('event: ended\ndata: {"message":"over"}\n\n')).toBe(true)
    expect(closed).toEqual([stream])
  })

  it('after hello, sends only the events after its seq', async () => {
    const stream = new EventStream('o', 'a', 's', { onClose: () => {}, maxQueuedBytes: 1 << 20 })
    stream.deliver(message(9))
    stream.deliver(message(11))
    stream.hello({ seq: 10, activeRuns: [] })
    stream.goLive()
    stream.close()
    const text = await readAll(stream)
    expect(text).toContain('event: hello\nid: 10\ndata: {"seq":10,"activeRuns":[]}\n\n')
    expect([...text.matchAll(/^id: (\d+)$/gm)].map((match) => Number(match[1]))).toEqual([10, 11])
  })

  it('cuts off a tab that does not read once more than maxQueuedBytes wait for it', () => {
    const closed: EventStream[] = []
    let cut = 0
    const stream = new EventStream('o', 'a', 's', { onClose: (s) => closed.push(s), maxQueuedBytes: 1000 })
    stream.cutOff = () => {
      cut += 1
    }
    stream.goLive()
    for (let seq = 1; seq <= 5; seq += 1) stream.deliver(message(seq))
    expect(stream.closed).toBe(false)
    for (let seq = 6; seq <= 20; seq += 1) stream.deliver(message(seq))
    expect(stream.closed).toBe(true)
    expect(cut).toBe(1)
    expect(closed).toEqual([stream])
    // Nothing more is written or counted.
    stream.deliver(message(21))
    expect(closed).toHaveLength(1)
  })
})

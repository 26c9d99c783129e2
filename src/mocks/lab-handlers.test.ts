import { describe, expect, it } from 'vitest'
import {
  LAB_COMMENT_ADDED_MESSAGE,
  LAB_SET_PASSWORD_LINK_INVALID_MESSAGE,
  LAST_LAB_MANAGER_MESSAGE,
  MAINTENANCE_END_BEFORE_START_MESSAGE,
  MAINTENANCE_STARTED_MESSAGE,
} from '@/contract/lab'
import { FIXTURE_LAB_TOKEN } from '@/mocks/fixtures/lab'
import { FIXTURE_NOW, world } from '@/mocks/fixtures/world'
import { startFixtureServer } from '@/test/fixture-server'

/* The lab's calls in the fixture world keep the server's rules and messages. */

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

describe('the lab handlers', () => {
  it('list the queue by state with counts over every record', async () => {
    const queue = await call('/api/lab/queue?state=running')
    expect(queue.status).toBe(200)
    const counts = queue.json.counts as Record<string, number>
    expect(Object.values(counts).reduce((sum, count) => sum + count, 0)).toBe(world.records.length)
    const items = queue.json.items as Array<{ queueState: string }>
    expect(items.every((item) => item.queueState === 'running')).toBe(true)
    expect(queue.json.total).toBe(counts.running)
  })

  it('refuse an end of maintenance not later than now, and start one that is', async () => {
    const refused = await call('/api/lab/maintenance/start', {
      reason: 'Calibration.',
      expectedEnd: FIXTURE_NOW.toISOString(),
    })
    expect(refused).toEqual({
      status: 400,
      json: { message: MAINTENANCE_END_BEFORE_START_MESSAGE, field: 'expectedEnd' },
    })
    expect(world.lab.maintenance).toBeNull()
    const expectedEnd = new Date(FIXTURE_NOW.getTime() + 3_600_000).toISOString()
    const started = await call('/api/lab/maintenance/start', { reason: 'Calibration.', expectedEnd })
    expect(started.json).toMatchObject({
      message: MAINTENANCE_STARTED_MESSAGE,
      maintenance: { reason: 'Calibration.', expectedEnd },
    })
  })

  it('put the lab’s answer in the record’s thread, as the vendor reads it', async () => {
    const record = world.records[0]!
    const answered = await call('/api/lab/comments/add', {
      portfolioManagerId: record.portfolioManagerId,
      text: 'Send 4.2.1.',
    })
    expect(answered.json).toMatchObject({
      message: LAB_COMMENT_ADDED_MESSAGE,
      comment: { author: 'Lena Lab', authorKind: 'lab', authorRole: 'Lab manager', text: 'Send 4.2.1.' },
    })
    const details = await call(`/api/lab/record?portfolioManagerId=${record.portfolioManagerId}`)
    const thread = details.json.comments as Array<{ text: string }>
    expect(thread.at(-1)?.text).toBe('Send 4.2.1.')
  })

  it('keep one Lab manager, and a set-password link works once', async () => {
    expect(await call('/api/lab/staff/remove', { staffId: 'lab-1' })).toEqual({
      status: 409,
      json: { message: LAST_LAB_MANAGER_MESSAGE, field: 'staffId' },
    })
    const info = await call(`/api/lab/set-password?token=${FIXTURE_LAB_TOKEN}`)
    expect(info.json).toEqual({ name: 'Nina New', email: 'nina.new@lab.example' })
    const set = { token: FIXTURE_LAB_TOKEN, password: 'Lab#Bench2026', confirmPassword: 'Lab#Bench2026' }
    expect((await call('/api/lab/set-password', set)).status).toBe(200)
    expect(await call('/api/lab/set-password', set)).toEqual({
      status: 400,
      json: { message: LAB_SET_PASSWORD_LINK_INVALID_MESSAGE, field: 'token' },
    })
  })
})

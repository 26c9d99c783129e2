import { describe, expect, it } from 'vitest'
import { submittedDevicePayload } from '@/contract/fixtures/payloads'
import { idempotencyKeyOf } from '@/features/portfolio/api/submit-portfolio'

describe('idempotencyKeyOf (docs/decisions/0015)', () => {
  it('gives one UUID per press: the same for a retry of the same payload, a new one for the next press', () => {
    const press = submittedDevicePayload('v-1')
    const key = idempotencyKeyOf(press)
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(idempotencyKeyOf(press)).toBe(key)
    expect(idempotencyKeyOf(submittedDevicePayload('v-1'))).not.toBe(key)
  })
})

import { describe, expect, it } from 'vitest'
import { createRateLimiter } from './rate-limit.ts'

describe('rate limiter', () => {
  it('allows up to the limit in the window, then refuses with the time to wait', () => {
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000 })
    for (let i = 0; i < 3; i += 1) {
      expect(limiter.check('priya@nokia.com', 1000 + i).allowed).toBe(true)
      limiter.fail('priya@nokia.com', 1000 + i)
    }
    expect(limiter.check('priya@nokia.com', 2000)).toEqual({ allowed: false, retryAfterMs: 59_000 })
    expect(limiter.check('other@nokia.com', 2000).allowed).toBe(true)
  })

  it('lets old failures fall out of the window', () => {
    const limiter = createRateLimiter({ limit: 2, windowMs: 1000 })
    limiter.fail('k', 0)
    limiter.fail('k', 10)
    expect(limiter.check('k', 999).allowed).toBe(false)
    expect(limiter.check('k', 1011).allowed).toBe(true)
  })

  it('forgets a key after a success', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000 })
    limiter.fail('k', 0)
    limiter.reset('k')
    expect(limiter.check('k', 1).allowed).toBe(true)
  })
})

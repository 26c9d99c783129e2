import { describe, expect, it } from 'vitest'
import { vendorCommentMessage } from '@/features/lab/api/lab-live'

describe('vendorCommentMessage', () => {
  it('names the author and quotes the comment on one line', () => {
    expect(
      vendorCommentMessage({
        portfolioManagerId: 'p',
        author: 'Priya Sharma',
        text: 'Which label?\n\nThe box?',
      }),
    ).toBe('Priya Sharma wrote: “Which label? The box?”')
  })

  it('cuts a long comment at 80 characters', () => {
    const message = vendorCommentMessage({ portfolioManagerId: 'p', author: 'Ada', text: 'x'.repeat(200) })
    expect(message).toBe(`Ada wrote: “${'x'.repeat(79)}…”`)
  })
})

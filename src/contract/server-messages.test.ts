import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { addCommentPayloadSchema } from '@/contract/certification'
import {
  COMMENT_EMPTY_MESSAGE,
  INVALID_REQUEST_MESSAGE,
  refusedRequestMessage,
} from '@/contract/server-messages'

describe('refusedRequestMessage', () => {
  it("keeps the schema's words when they are written for vendors", () => {
    const parsed = v.safeParse(addCommentPayloadSchema, { portfolioManagerId: 'pm-1', text: '   ' })
    expect(parsed.success).toBe(false)
    expect(refusedRequestMessage(parsed.issues?.[0]?.message)).toBe(COMMENT_EMPTY_MESSAGE)
    expect(COMMENT_EMPTY_MESSAGE).toBe('Please write a comment.')
  })

  it("answers the general message instead of a validation library's English", () => {
    const parsed = v.safeParse(addCommentPayloadSchema, { portfolioManagerId: 7, text: 'Hello' })
    expect(parsed.issues?.[0]?.message).toMatch(/^Invalid/)
    expect(refusedRequestMessage(parsed.issues?.[0]?.message)).toBe(INVALID_REQUEST_MESSAGE)
    expect(refusedRequestMessage(undefined)).toBe(INVALID_REQUEST_MESSAGE)
    expect(INVALID_REQUEST_MESSAGE).toBe('The request is not valid.')
  })
})

import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { addCommentPayloadSchema } from '@/contract/certification'
import {
  COMMENT_EMPTY_MESSAGE,
  INVALID_REQUEST_MESSAGE,
  ONLY_SUBMITTED_EDITABLE_MESSAGE,
  RECORD_UPDATED_MESSAGE,
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

describe('editing a submitted record (docs/decisions/0012)', () => {
  it('answers an update with the words of the other outcomes of spec §8', () => {
    expect(RECORD_UPDATED_MESSAGE).toBe('Device details updated successfully')
  })

  it('refuses a record past Submitted as delete does', () => {
    expect(ONLY_SUBMITTED_EDITABLE_MESSAGE).toBe('Only a record in status Submitted can be edited.')
  })
})

import { describe, expect, it } from 'vitest'
import { ONLY_SUBMITTED_EDITABLE_MESSAGE, RECORD_UPDATED_MESSAGE } from '@/contract/server-messages'

describe('editing a submitted record (docs/decisions/0012)', () => {
  it('answers an update with the words of the other outcomes of spec §8', () => {
    expect(RECORD_UPDATED_MESSAGE).toBe('Device details updated successfully')
  })

  it('refuses a record past Submitted as delete does', () => {
    expect(ONLY_SUBMITTED_EDITABLE_MESSAGE).toBe('Only a record in status Submitted can be edited.')
  })
})

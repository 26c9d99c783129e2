import { describe, expect, it } from 'vitest'
import {
  certificateStateText,
  RECERTIFICATION_OF,
  revisionHeading,
  revisionMadeText,
  revisionResultText,
} from '@/features/certification/model/revision-text'

/* Run details' revisions of a record (docs/decisions/0033), word for word. */

describe('a revision’s lines', () => {
  it('name its number and firmware', () => {
    expect(revisionHeading({ revision: 3, baseFirmwareVersion: '1.1.0' })).toBe('Revision 3 · firmware 1.1.0')
  })

  it.each([
    ['Completed', 'CERTIFIED-OK', 'Certified'],
    ['Completed', 'Validation failure', 'Validation Failure'],
    ['Completed', '', 'Completed'],
    ['InProgress', '', 'In Progress'],
    ['Submitted', '', 'Submitted'],
    ['Cancelled', '', 'Cancelled'],
    ['AwaitingReview', '', 'AwaitingReview'],
  ])('say a %s revision with %j is %s', (status, isCertified, text) => {
    expect(revisionResultText({ status, isCertified })).toBe(text)
  })

  it('say how many serial numbers, who made it and when (UTC)', () => {
    const made = { createdBy: 'Priya Sharma', createdAt: '2026-11-10T09:00:00.000Z' }
    expect(revisionMadeText({ ...made, deviceNumberList: ['AX73R0000118'] })).toBe(
      '1 serial number · made by Priya Sharma, 10 Nov 2026, 09:00',
    )
    expect(revisionMadeText({ ...made, deviceNumberList: ['A1', 'A2'] })).toMatch(/^2 serial numbers · /)
  })

  it('name the certificate’s state and what a recertification carries from', () => {
    expect(certificateStateText('valid')).toBe('Valid')
    expect(certificateStateText('revoked')).toBe('Revoked')
    expect(certificateStateText('suspended')).toBe('suspended')
    expect(RECERTIFICATION_OF).toBe('recertification of')
  })
})

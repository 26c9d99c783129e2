import { describe, expect, it } from 'vitest'
import { WEBHOOK_DISABLED_REASON_MESSAGES } from '@/contract/webhooks'
import {
  attemptOutcomeLabel,
  attemptSucceeded,
  attemptsLabel,
  deliveryStatusLabel,
  disabledWhy,
  endpointStateLabel,
  readableBody,
  responseLabel,
} from '@/features/webhooks/model/webhook-view'

describe('the webhooks page’s words', () => {
  it('names a delivery’s status, queued before its first attempt', () => {
    expect(deliveryStatusLabel({ status: 'pending', attempts: 0 })).toBe('Queued')
    expect(deliveryStatusLabel({ status: 'pending', attempts: 2 })).toBe('Retrying')
    expect(deliveryStatusLabel({ status: 'succeeded', attempts: 1 })).toBe('Delivered')
    expect(deliveryStatusLabel({ status: 'failed', attempts: 31 })).toBe('Failed')
    expect(deliveryStatusLabel({ status: 'delivering', attempts: 1 })).toBe('Sending')
  })

  it('says what the last attempt got', () => {
    expect(responseLabel({ responseCode: 503, error: null, attempts: 3 })).toBe('HTTP 503')
    expect(responseLabel({ responseCode: null, error: 'No answer within 10 s.', attempts: 2 })).toBe(
      'No answer within 10 s.',
    )
    expect(responseLabel({ responseCode: null, error: null, attempts: 0 })).toBe('—')
    expect([attemptsLabel(1), attemptsLabel(31)]).toEqual(['1 attempt', '31 attempts'])
  })

  it('says why an endpoint is disabled', () => {
    expect(endpointStateLabel({ state: 'active' })).toBe('Active')
    expect(disabledWhy({ state: 'active', disabledReason: null })).toBeNull()
    expect(disabledWhy({ state: 'disabled', disabledReason: 'failing' })).toBe(
      WEBHOOK_DISABLED_REASON_MESSAGES.failing,
    )
    expect(disabledWhy({ state: 'disabled', disabledReason: null })).toBe(
      WEBHOOK_DISABLED_REASON_MESSAGES.owner,
    )
    // Disabled because its URL no longer passes the destination check.
    expect(disabledWhy({ state: 'disabled', disabledReason: 'destination' })).toBe(
      'Disabled by the portal: this URL is no longer allowed (it points at a private or local address), so nothing is sent to it. Delete it and add an https URL that reaches your receiver over the internet.',
    )
  })

  it('says what one attempt got, and shows a JSON body indented and any other as it came', () => {
    expect(attemptOutcomeLabel({ responseCode: 503, error: 'HTTP 503', durationMs: 92 })).toBe(
      'HTTP 503 in 92 ms',
    )
    expect(
      attemptOutcomeLabel({ responseCode: null, error: 'No answer within 10 s.', durationMs: 10000 }),
    ).toBe('No answer within 10 s.')
    expect([200, 204, 299, 300, 503, null].map((responseCode) => attemptSucceeded({ responseCode }))).toEqual(
      [true, true, true, false, false, false],
    )
    expect(readableBody('{"a":1}')).toBe('{\n  "a": 1\n}')
    expect(readableBody('<html>503</html>')).toBe('<html>503</html>')
  })
})

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { IDEMPOTENCY_KEY_HEADER, type SubmitPayload } from '@/contract/portfolio'
import { requestEndpoint } from '@/lib/call-endpoint'
import { queryKeys } from '@/lib/query-keys'
import { useOrganizationKeys } from '@/lib/use-auth-data'

/**
 * One Idempotency-Key per press of Submit (docs/decisions/0015): each press builds its payload
 * anew, so the key hangs on the payload object, and a retry of that press (the same object) sends
 * the same key. The main service answers a repeated key with its first answer and records nothing
 * twice.
 */
const pressKeys = new WeakMap<SubmitPayload, string>()

export function idempotencyKeyOf(payload: SubmitPayload): string {
  let key = pressKeys.get(payload)
  if (key === undefined) {
    key = newUuid()
    pressKeys.set(payload, key)
  }
  return key
}

/** A random UUID (v4). crypto.randomUUID exists only on secure pages; getRandomValues everywhere. */
function newUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * POST /api/portfoliomanager/create: the submitted request becomes a record on the dashboard. Its
 * 'Add New …' values join the catalogue, so the catalogue is read again too (the form's Edit of the
 * record then shows them as ordinary choices).
 */
export function useSubmitPortfolioMutation() {
  const queryClient = useQueryClient()
  const keys = useOrganizationKeys()
  return useMutation({
    mutationFn: (payload: SubmitPayload) =>
      requestEndpoint('submitPortfolio', payload, {
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKeyOf(payload) },
      }),
    onSuccess: async (_answer, payload) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.portfolio(payload.vendorUserId) }),
        queryClient.invalidateQueries({ queryKey: keys.records(payload.vendorUserId) }),
        queryClient.invalidateQueries({ queryKey: keys.allCatalogues() }),
      ])
    },
  })
}

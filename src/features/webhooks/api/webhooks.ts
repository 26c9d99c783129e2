import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { WebhookEndpoint, WebhookEventType } from '@/contract/webhooks'
import { callEndpoint, dataOrFieldRefusal, requestEndpoint } from '@/lib/call-endpoint'
import { type OrganizationId, organizationKeys } from '@/lib/query-keys'
import { useOrganizationId, useOrganizationKeys } from '@/lib/use-auth-data'

/*
 * The webhooks page's calls. The list and each endpoint's delivery log are read through
 * the query cache; a change answers its message (the success toast) and the endpoint as it is now,
 * which replaces it in the cached list.
 */

/** GET /api/webhooks: the organization's endpoints. */
export const webhooksQueryOptions = (organizationId: OrganizationId, vendorUserId: string) =>
  queryOptions({
    queryKey: organizationKeys(organizationId).webhooks(vendorUserId),
    queryFn: ({ signal }) => requestEndpoint('webhooks', undefined, { signal }),
  })

/** GET /api/webhooks/deliveries: one endpoint's log, newest first; `before` for the next page. */
export const deliveriesQueryOptions = (organizationId: OrganizationId, endpointId: string) =>
  queryOptions({
    queryKey: organizationKeys(organizationId).webhookDeliveries(endpointId),
    queryFn: ({ signal }) => requestEndpoint('webhookDeliveries', { endpointId }, { signal }),
  })

/** GET /api/webhooks/delivery: one delivery with each attempt's request and response (docs/decisions/0043). */
export const deliveryQueryOptions = (organizationId: OrganizationId, deliveryId: string) =>
  queryOptions({
    queryKey: organizationKeys(organizationId).webhookDelivery(deliveryId),
    queryFn: ({ signal }) => requestEndpoint('webhookDelivery', { deliveryId }, { signal }),
  })

export function fetchOlderDeliveries(endpointId: string, before: string) {
  return requestEndpoint('webhookDeliveries', { endpointId, before })
}

function useApplyEndpoint(vendorUserId: string) {
  const queryClient = useQueryClient()
  const { queryKey } = webhooksQueryOptions(useOrganizationId(), vendorUserId)
  return (endpoint: WebhookEndpoint | null, removedId?: string) => {
    queryClient.setQueryData(queryKey, (current) => {
      if (!current) return current
      const others = current.endpoints.filter(
        (item) => item.endpointId !== (endpoint?.endpointId ?? removedId),
      )
      const endpoints = endpoint
        ? current.endpoints.some((item) => item.endpointId === endpoint.endpointId)
          ? current.endpoints.map((item) => (item.endpointId === endpoint.endpointId ? endpoint : item))
          : [...others, endpoint]
        : others
      return { ...current, endpoints }
    })
  }
}

/** What the add and edit dialog sends (docs/decisions/0043). */
export type EndpointInput = { url: string; events: WebhookEventType[]; description: string }

export type SaveOutcome =
  | { kind: 'saved'; message: string; endpoint: WebhookEndpoint; secret: string | null }
  | { kind: 'field'; field: EndpointField; message: string }

const ENDPOINT_FIELDS = ['url', 'events', 'description'] as const
type EndpointField = (typeof ENDPOINT_FIELDS)[number]

/**
 * POST /api/webhooks/create, or /edit when `endpointId` is given. A refusal naming one of the
 * dialog's fields is the dialog's to show on that field (no toast); any other failure is told as
 * spec §8 says. A new endpoint's answer carries its secret, shown once.
 */
export function useSaveWebhookMutation(vendorUserId: string) {
  const apply = useApplyEndpoint(vendorUserId)
  return useMutation({
    mutationFn: async ({
      endpointId,
      ...input
    }: EndpointInput & { endpointId: string | null }): Promise<SaveOutcome> => {
      const outcome = endpointId
        ? await dataOrFieldRefusal(
            callEndpoint('editWebhook', { vendorUserId, endpointId, ...input }),
            ENDPOINT_FIELDS,
          )
        : await dataOrFieldRefusal(callEndpoint('createWebhook', { vendorUserId, ...input }), ENDPOINT_FIELDS)
      if (!outcome.ok) return { kind: 'field', field: outcome.field, message: outcome.message }
      const { message, endpoint } = outcome.data
      if (!endpoint) throw new Error(message)
      const secret = 'secret' in outcome.data ? String(outcome.data.secret) : null
      return { kind: 'saved', message, endpoint, secret }
    },
    onSuccess: (outcome) => {
      if (outcome.kind === 'saved') apply(outcome.endpoint)
    },
  })
}

export function useUpdateWebhookMutation(vendorUserId: string) {
  const apply = useApplyEndpoint(vendorUserId)
  return useMutation({
    mutationFn: (input: { endpointId: string; enabled?: boolean; events?: WebhookEventType[] }) =>
      requestEndpoint('updateWebhook', { vendorUserId, ...input }),
    onSuccess: (answer) => apply(answer.endpoint),
  })
}

export function useDeleteWebhookMutation(vendorUserId: string) {
  const apply = useApplyEndpoint(vendorUserId)
  return useMutation({
    mutationFn: (endpointId: string) => requestEndpoint('deleteWebhook', { vendorUserId, endpointId }),
    onSuccess: (_answer, endpointId) => apply(null, endpointId),
  })
}

/** POST /api/webhooks/redeliver (Resend): the log and the delivery's panel are read again. */
export function useRedeliverMutation(vendorUserId: string, endpointId: string) {
  const queryClient = useQueryClient()
  const keys = useOrganizationKeys()
  return useMutation({
    mutationFn: (deliveryId: string) => requestEndpoint('redeliverWebhook', { vendorUserId, deliveryId }),
    onSuccess: (_answer, deliveryId) => {
      void queryClient.invalidateQueries({ queryKey: keys.webhookDeliveries(endpointId) })
      void queryClient.invalidateQueries({ queryKey: keys.webhookDelivery(deliveryId) })
    },
  })
}

export function usePingMutation(vendorUserId: string) {
  const queryClient = useQueryClient()
  const keys = useOrganizationKeys()
  return useMutation({
    mutationFn: (endpointId: string) => requestEndpoint('pingWebhook', { vendorUserId, endpointId }),
    onSuccess: (_answer, endpointId) =>
      void queryClient.invalidateQueries({ queryKey: keys.webhookDeliveries(endpointId) }),
  })
}

/** POST /api/webhooks/rotate-secret: a new signing secret, answered once; the list shows its new hint. */
export function useRotateSecretMutation(vendorUserId: string) {
  const apply = useApplyEndpoint(vendorUserId)
  return useMutation({
    mutationFn: (endpointId: string) => requestEndpoint('rotateWebhookSecret', { vendorUserId, endpointId }),
    onSuccess: (answer) => apply(answer.endpoint),
  })
}

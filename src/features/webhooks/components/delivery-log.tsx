import { useQuery } from '@tanstack/react-query'
import * as React from 'react'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import type { RoleRefusal } from '@/lib/role'
import type { WebhookDelivery, WebhookEndpoint } from '@/contract/webhooks'
import { answerOrNull, showToast } from '@/lib/api-failure'
import { formatPortalTime } from '@/lib/format-time'
import { cn } from '@/lib/utils'
import {
  deliveriesQueryOptions,
  fetchOlderDeliveries,
  useRedeliverMutation,
} from '@/features/webhooks/api/webhooks'
import { DeliveryDetail } from '@/features/webhooks/components/delivery-detail'
import { attemptsLabel, deliveryStatusLabel, responseLabel } from '@/features/webhooks/model/webhook-view'
import { useOrganizationId } from '@/lib/use-auth-data'

type DeliveryLogProps = {
  vendorUserId: string
  endpoint: WebhookEndpoint
  /** Why the viewer may not resend (not an Owner), or null. */
  refusal: RoleRefusal | null
  /** The id of the note that explains the refusal. */
  refusalId?: string | undefined
}

export const NO_DELIVERIES = 'Nothing has been sent to this endpoint yet.'
export const DELIVERIES_READ_FAILED = 'The delivery log could not be read.'

/** On a phone each row is a card: every cell shows its column's name before it. */
const PHONE_CELL =
  'max-sm:col-span-2 max-sm:flex max-sm:gap-2 max-sm:py-0.5 max-sm:before:w-24 max-sm:before:shrink-0 max-sm:before:font-normal max-sm:before:text-ink-muted max-sm:before:content-[attr(data-label)]'

const STATUS_TONE: Record<WebhookDelivery['status'], string> = {
  succeeded: 'text-success',
  pending: 'text-warning',
  delivering: 'text-ink',
  failed: 'text-danger',
}

/**
 * One endpoint's deliveries, newest first: the event, its status, when it was last tried, what the
 * receiver answered, how many attempts, and the next retry; Details opens it with each attempt's
 * request and response (delivery-detail.tsx); Resend sends it again now (an Owner's; a disabled
 * endpoint is enabled first). Load older reads the next page.
 */
function DeliveryLog({ vendorUserId, endpoint, refusal, refusalId }: DeliveryLogProps) {
  const log = useDeliveryLog(vendorUserId, endpoint, refusal)
  const { query } = log

  if (query.isPending) {
    return (
      <p className="flex items-center gap-2 text-small text-ink-muted">
        <Spinner aria-hidden="true" /> Reading the delivery log…
      </p>
    )
  }
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-small text-danger">
        {DELIVERIES_READ_FAILED}
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    )
  }
  const deliveries = [...query.data.deliveries, ...(log.older?.deliveries ?? [])]
  const next = log.older ? log.older.next : query.data.next
  if (deliveries.length === 0) return <p className="text-small text-ink-muted">{NO_DELIVERIES}</p>

  const blocked = refusal !== null || endpoint.state === 'disabled'
  return (
    <div className="flex flex-col gap-3">
      <div className="rounded-card border border-line sm:overflow-x-auto">
        <table className="w-full text-left text-small sm:min-w-[44rem]">
          <caption className="sr-only">{`Deliveries to ${endpoint.url}, newest first`}</caption>
          <thead className="bg-surface-sunken text-ink-muted max-sm:sr-only">
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className="px-3 py-2 font-medium">
                  {column}
                </th>
              ))}
              <th scope="col" className="px-3 py-2 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line bg-surface">
            {deliveries.map((delivery) => (
              <DeliveryRow
                key={delivery.deliveryId}
                delivery={delivery}
                blocked={blocked}
                refusalId={refusal ? refusalId : undefined}
                onRedeliver={() => void log.onRedeliver(delivery)}
                onOpen={() => log.setOpened(delivery)}
              />
            ))}
          </tbody>
        </table>
      </div>
      <DeliveryDetail
        delivery={log.opened}
        onClose={() => log.setOpened(null)}
        blocked={blocked}
        refusalId={refusal ? refusalId : undefined}
        resending={log.resending}
        onResend={(delivery) => void log.onRedeliver(delivery)}
      />
      {next ? (
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          loading={log.loadingOlder}
          onClick={() => void log.loadOlder(next)}
        >
          Load older deliveries
        </Button>
      ) : null}
    </div>
  )
}

const COLUMNS = ['Event', 'Status', 'Time', 'Response', 'Attempts', 'Next retry'] as const

/** The first page (a query), the older pages read since, the delivery opened, and Resend. */
function useDeliveryLog(vendorUserId: string, endpoint: WebhookEndpoint, refusal: RoleRefusal | null) {
  const query = useQuery(deliveriesQueryOptions(useOrganizationId(), endpoint.endpointId))
  const [older, setOlder] = React.useState<{ deliveries: WebhookDelivery[]; next: string | null } | null>(
    null,
  )
  const [loadingOlder, setLoadingOlder] = React.useState(false)
  const [opened, setOpened] = React.useState<WebhookDelivery | null>(null)
  const redeliver = useRedeliverMutation(vendorUserId, endpoint.endpointId)

  const onRedeliver = async (delivery: WebhookDelivery) => {
    if (refusal || endpoint.state === 'disabled') return
    const answer = await answerOrNull(redeliver.mutateAsync(delivery.deliveryId))
    if (answer) {
      setOlder(null)
      void showToast('success', answer.message)
    }
  }

  /** Reads the page before `next` (the `next` of the last page read). */
  const loadOlder = async (next: string) => {
    setLoadingOlder(true)
    const page = await answerOrNull(fetchOlderDeliveries(endpoint.endpointId, next))
    setLoadingOlder(false)
    if (page) setOlder({ deliveries: [...(older?.deliveries ?? []), ...page.deliveries], next: page.next })
  }

  return {
    query,
    older,
    loadingOlder,
    onRedeliver,
    loadOlder,
    opened,
    setOpened,
    resending: redeliver.isPending,
  }
}

type DeliveryRowProps = {
  delivery: WebhookDelivery
  /** Resend refused: not an Owner, or the endpoint is disabled. */
  blocked: boolean
  /** The id of the note that explains the viewer's refusal, when refused. */
  refusalId: string | undefined
  onRedeliver: () => void
  onOpen: () => void
}

/** One delivery: its event, status, last try, answer, attempts, next retry; Details and Resend. */
function DeliveryRow({ delivery, blocked, refusalId, onRedeliver, onOpen }: DeliveryRowProps) {
  const of = `${delivery.type} of ${formatPortalTime(delivery.createdAt)}`
  return (
    <tr data-slot="delivery" className="max-sm:grid max-sm:grid-cols-[auto_1fr] max-sm:gap-x-4 max-sm:py-2">
      <th scope="row" className="px-3 py-2 font-mono font-normal text-ink max-sm:col-span-2">
        {delivery.type}
      </th>
      <td
        data-label="Status"
        className={cn(PHONE_CELL, 'px-3 py-2 font-medium', STATUS_TONE[delivery.status])}
      >
        {deliveryStatusLabel(delivery)}
      </td>
      <td data-label="Time" className={`${PHONE_CELL} px-3 py-2 text-ink`}>
        {formatPortalTime(delivery.lastAttemptAt ?? delivery.createdAt)}
      </td>
      <td data-label="Response" className={`${PHONE_CELL} px-3 py-2 text-ink`}>
        {responseLabel(delivery)}
      </td>
      <td data-label="Attempts" className={`${PHONE_CELL} px-3 py-2 text-ink`}>
        {attemptsLabel(delivery.attempts)}
      </td>
      <td data-label="Next retry" className={`${PHONE_CELL} px-3 py-2 text-ink`}>
        {delivery.nextAttemptAt ? formatPortalTime(delivery.nextAttemptAt) : '—'}
      </td>
      <td className="px-3 py-2 text-right whitespace-nowrap max-sm:col-span-2 max-sm:text-left">
        <Button size="sm" variant="outline" aria-label={`Details of ${of}`} onClick={onOpen}>
          Details
        </Button>{' '}
        <Button
          size="sm"
          variant="outline"
          aria-disabled={blocked ? true : undefined}
          aria-describedby={refusalId}
          aria-label={`Resend ${of}`}
          onClick={onRedeliver}
        >
          Resend
        </Button>
      </td>
    </tr>
  )
}

export { DeliveryLog }

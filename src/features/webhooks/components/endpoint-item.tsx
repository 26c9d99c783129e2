import { ChevronDown, KeyRound, Pencil } from 'lucide-react'
import * as React from 'react'
import { Button } from '@/components/ui/button'
import type { WebhookEndpoint } from '@/contract/webhooks'
import { answerOrNull, showToast } from '@/lib/api-failure'
import { formatPortalTime } from '@/lib/format-time'
import type { RoleRefusal } from '@/lib/role'
import { cn } from '@/lib/utils'
import { usePingMutation, useUpdateWebhookMutation } from '@/features/webhooks/api/webhooks'
import { DeliveryLog } from '@/features/webhooks/components/delivery-log'
import {
  deliveryStatusLabel,
  disabledWhy,
  endpointStateLabel,
  NO_DELIVERY_YET,
} from '@/features/webhooks/model/webhook-view'

type EndpointItemProps = {
  vendorUserId: string
  endpoint: WebhookEndpoint
  refusal: RoleRefusal | null
  refusalId: string
  onDelete: () => void
  onRotate: () => void
  onEdit: () => void
}

/**
 * One endpoint: its URL and state (disabled with why), its description, what it receives, its last
 * delivery, its secret's hint; the delivery log (opened by its button), Edit, Send test event,
 * Disable or Enable, New secret and Delete.
 */
function EndpointItem(props: EndpointItemProps) {
  const { vendorUserId, endpoint, refusal, refusalId } = props
  const [open, setOpen] = React.useState(false)
  const headingId = React.useId()
  const logId = React.useId()
  const why = disabledWhy(endpoint)
  const active = endpoint.state === 'active'
  return (
    <li
      aria-labelledby={headingId}
      data-slot="webhook-endpoint"
      className={cn(
        'flex flex-col gap-3 rounded-card border bg-surface p-4',
        active ? 'border-line' : 'border-danger/50',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="min-w-0 font-mono text-body break-all text-ink">
          {endpoint.url}
        </h3>
        <span
          data-slot="endpoint-state"
          className={cn(
            'rounded-full px-2.5 py-0.5 text-small font-medium',
            active ? 'bg-brand-50 text-brand-800' : 'bg-red-50 text-danger',
          )}
        >
          {endpointStateLabel(endpoint)}
        </span>
      </div>
      {why ? (
        <p data-slot="disabled-why" className="text-small text-danger">
          {why}
        </p>
      ) : null}
      <EndpointDetails endpoint={endpoint} />
      <EndpointActions {...props} logOpen={open} logId={logId} onLogOpenChange={setOpen} />
      <div id={logId} hidden={!open}>
        {open ? (
          <DeliveryLog
            vendorUserId={vendorUserId}
            endpoint={endpoint}
            refusal={refusal}
            refusalId={refusalId}
          />
        ) : null}
      </div>
    </li>
  )
}

/** What the endpoint receives, its last delivery, its secret's hint and when it was added. */
function EndpointDetails({ endpoint }: { endpoint: WebhookEndpoint }) {
  const last = endpoint.lastDelivery
  return (
    <dl className="grid gap-x-6 gap-y-1 text-small sm:grid-cols-[auto_1fr]">
      {endpoint.description ? (
        <>
          <dt className="text-ink-muted">Description</dt>
          <dd className="break-words text-ink" data-slot="endpoint-description">
            {endpoint.description}
          </dd>
        </>
      ) : null}
      <dt className="text-ink-muted">Events</dt>
      <dd className="font-mono break-words text-ink">{endpoint.events.join(', ')}</dd>
      <dt className="text-ink-muted">Last delivery</dt>
      <dd className="text-ink" data-slot="last-delivery">
        {last
          ? `${deliveryStatusLabel({ status: last.status, attempts: 1 })}${last.responseCode !== null ? `, HTTP ${last.responseCode}` : ''}, ${formatPortalTime(last.at)}`
          : NO_DELIVERY_YET}
      </dd>
      <dt className="text-ink-muted">Secret</dt>
      <dd className="font-mono text-ink">{endpoint.secretHint}</dd>
      <dt className="text-ink-muted">Added</dt>
      <dd className="text-ink">{formatPortalTime(endpoint.createdAt)}</dd>
    </dl>
  )
}

type EndpointActionsProps = EndpointItemProps & {
  logOpen: boolean
  logId: string
  onLogOpenChange: React.Dispatch<React.SetStateAction<boolean>>
}

/**
 * The endpoint's buttons. The changes are an Owner's: for other roles they stay focusable,
 * aria-disabled and described by the refusal; a disabled endpoint sends no test event.
 */
function EndpointActions(props: EndpointActionsProps) {
  const { refusal, refusalId, onDelete, onRotate, onEdit, logOpen, logId, onLogOpenChange } = props
  const { active, ping, update, onPing, onToggle } = useEndpointChanges(props)
  const refused = refusal
    ? { 'aria-disabled': true as const, 'aria-describedby': refusalId }
    : { 'aria-disabled': undefined, 'aria-describedby': undefined }
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="outline"
        size="sm"
        aria-expanded={logOpen}
        aria-controls={logId}
        onClick={() => onLogOpenChange((value) => !value)}
      >
        <ChevronDown aria-hidden="true" className={cn('transition-transform', logOpen && 'rotate-180')} />
        Delivery log
      </Button>
      <Button
        variant="outline"
        size="sm"
        {...refused}
        aria-label={`Edit ${props.endpoint.url}`}
        onClick={() => {
          if (!refusal) onEdit()
        }}
      >
        <Pencil aria-hidden="true" />
        Edit
      </Button>
      <Button
        variant="outline"
        size="sm"
        {...(refusal ? refused : { 'aria-disabled': active ? undefined : true })}
        loading={ping.isPending}
        onClick={() => void onPing()}
      >
        Send test event
      </Button>
      <Button
        variant="outline"
        size="sm"
        {...refused}
        loading={update.isPending}
        onClick={() => void onToggle()}
      >
        {active ? 'Disable' : 'Enable'}
      </Button>
      <Button
        variant="outline"
        size="sm"
        {...refused}
        onClick={() => {
          if (!refusal) onRotate()
        }}
      >
        <KeyRound aria-hidden="true" />
        New secret
      </Button>
      <Button
        variant="outline"
        size="sm"
        className="text-danger"
        {...refused}
        onClick={() => {
          if (!refusal) onDelete()
        }}
      >
        Delete
      </Button>
    </div>
  )
}

/** Enable or disable, and Send test event (which opens the delivery log, where it shows). */
function useEndpointChanges({ vendorUserId, endpoint, refusal, onLogOpenChange }: EndpointActionsProps) {
  const update = useUpdateWebhookMutation(vendorUserId)
  const ping = usePingMutation(vendorUserId)
  const active = endpoint.state === 'active'

  const onToggle = async () => {
    if (refusal) return
    const answer = await answerOrNull(
      update.mutateAsync({ endpointId: endpoint.endpointId, enabled: !active }),
    )
    if (answer) void showToast('success', answer.message)
  }
  const onPing = async () => {
    if (refusal || !active) return
    const answer = await answerOrNull(ping.mutateAsync(endpoint.endpointId))
    if (answer) {
      onLogOpenChange(true)
      void showToast('success', answer.message)
    }
  }
  return { active, update, ping, onToggle, onPing }
}

export { EndpointItem }

import { ChevronDown, KeyRound, Plus } from 'lucide-react'
import * as React from 'react'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'
import { RefusalNote } from '@/components/ui/refusal-note'
import {
  ROTATE_WEBHOOK_SECRET_CONSEQUENCE,
  rotateWebhookSecretQuestion,
  type WebhookEndpoint,
  type WebhooksAnswer,
} from '@/contract/webhooks'
import { answerOrNull, showToast } from '@/lib/api-failure'
import { formatPortalTime } from '@/lib/format-time'
import type { RoleRefusal } from '@/lib/role'
import { cn } from '@/lib/utils'
import {
  useDeleteWebhookMutation,
  usePingMutation,
  useRotateSecretMutation,
  useUpdateWebhookMutation,
} from '@/features/webhooks/api/webhooks'
import { AddEndpointDialog } from '@/features/webhooks/components/add-endpoint-dialog'
import { DeliveryLog } from '@/features/webhooks/components/delivery-log'
import { SecretDialog } from '@/features/webhooks/components/secret-dialog'
import {
  deliveryStatusLabel,
  disabledWhy,
  endpointStateLabel,
  NO_DELIVERY_YET,
} from '@/features/webhooks/model/webhook-view'

type WebhooksScreenProps = {
  vendorUserId: string
  webhooks: WebhooksAnswer
  /** Why the viewer may not change webhooks (not an Owner), or null for an Owner. */
  refusal: RoleRefusal | null
}

export const NO_ENDPOINTS = 'No webhook endpoints yet.'
export const NO_ENDPOINTS_HINT =
  'Add one to have the portal tell your build pipeline when a device is submitted, a run starts or ends, a certificate is issued or a comment is added.'

/**
 * The webhooks page (issue 21): the organization's endpoints — URL, events, state (disabled with
 * why), the last delivery — each with its delivery log, Send test event, Disable or Enable, New
 * secret and Delete (both confirmed); Add endpoint; a new secret is shown once. Every member reads; the changes are
 * an Owner's, and other roles see the controls disabled with the reason.
 */
function WebhooksScreen({ vendorUserId, webhooks, refusal }: WebhooksScreenProps) {
  const [adding, setAdding] = React.useState(false)
  const [created, setCreated] = React.useState<{ url: string; secret: string; message: string } | null>(null)
  const [deleting, setDeleting] = React.useState<WebhookEndpoint | null>(null)
  const [rotating, setRotating] = React.useState<WebhookEndpoint | null>(null)
  const remove = useDeleteWebhookMutation(vendorUserId)
  const rotate = useRotateSecretMutation(vendorUserId)
  const refusalId = React.useId()
  const addRef = React.useRef<HTMLButtonElement>(null)

  const onDelete = async () => {
    if (!deleting) return
    const answer = await answerOrNull(remove.mutateAsync(deleting.endpointId))
    if (answer) void showToast('success', answer.message)
    addRef.current?.focus()
  }

  const onRotate = async () => {
    if (!rotating) return
    const answer = await answerOrNull(rotate.mutateAsync(rotating.endpointId))
    if (answer) setCreated({ url: answer.endpoint.url, secret: answer.secret, message: answer.message })
  }

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="webhook-endpoints" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="webhook-endpoints" className="text-heading text-ink">
            Endpoints
          </h2>
          <Button
            ref={addRef}
            aria-disabled={refusal ? true : undefined}
            aria-describedby={refusal ? refusalId : undefined}
            onClick={() => {
              if (!refusal) setAdding(true)
            }}
          >
            <Plus aria-hidden="true" />
            Add endpoint
          </Button>
        </div>
        {refusal ? <RefusalNote id={refusalId} reason={refusal.reason} hint={refusal.hint} /> : null}
        {webhooks.endpoints.length === 0 ? (
          <div className="flex flex-col gap-1 rounded-card border border-dashed border-line-strong bg-surface p-6">
            <p className="text-body font-medium text-ink">{NO_ENDPOINTS}</p>
            <p className="text-small text-ink-muted">{NO_ENDPOINTS_HINT}</p>
          </div>
        ) : (
          <ul aria-label="Webhook endpoints" className="flex flex-col gap-4">
            {webhooks.endpoints.map((endpoint) => (
              <EndpointItem
                key={endpoint.endpointId}
                vendorUserId={vendorUserId}
                endpoint={endpoint}
                refusal={refusal}
                refusalId={refusalId}
                onDelete={() => setDeleting(endpoint)}
                onRotate={() => setRotating(endpoint)}
              />
            ))}
          </ul>
        )}
      </section>
      <AddEndpointDialog
        vendorUserId={vendorUserId}
        open={adding}
        onOpenChange={setAdding}
        onCreated={({ endpoint, secret, message }) => setCreated({ url: endpoint.url, secret, message })}
      />
      <SecretDialog created={created} onClose={() => setCreated(null)} />
      <AlertDialog open={rotating !== null} onOpenChange={(open) => !open && setRotating(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{rotateWebhookSecretQuestion(rotating?.url ?? '')}</AlertDialogTitle>
            <AlertDialogDescription>{ROTATE_WEBHOOK_SECRET_CONSEQUENCE}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={() => void onRotate()}>Make a new secret</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      <AlertDialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete this endpoint?</AlertDialogTitle>
            <AlertDialogDescription>
              {`${deleting?.url ?? ''} receives nothing more, and its delivery log is deleted with it.`}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={() => void onDelete()}>
              Delete
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  )
}

type EndpointItemProps = {
  vendorUserId: string
  endpoint: WebhookEndpoint
  refusal: RoleRefusal | null
  refusalId: string
  onDelete: () => void
  onRotate: () => void
}

function EndpointItem({ vendorUserId, endpoint, refusal, refusalId, onDelete, onRotate }: EndpointItemProps) {
  const [open, setOpen] = React.useState(false)
  const update = useUpdateWebhookMutation(vendorUserId)
  const ping = usePingMutation(vendorUserId)
  const headingId = React.useId()
  const logId = React.useId()
  const why = disabledWhy(endpoint)
  const active = endpoint.state === 'active'
  const refused = refusal
    ? { 'aria-disabled': true as const, 'aria-describedby': refusalId }
    : { 'aria-disabled': undefined, 'aria-describedby': undefined }

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
      setOpen(true)
      void showToast('success', answer.message)
    }
  }

  const last = endpoint.lastDelivery
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
      <dl className="grid gap-x-6 gap-y-1 text-small sm:grid-cols-[auto_1fr]">
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
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          aria-expanded={open}
          aria-controls={logId}
          onClick={() => setOpen((value) => !value)}
        >
          <ChevronDown aria-hidden="true" className={cn('transition-transform', open && 'rotate-180')} />
          Delivery log
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

export { WebhooksScreen }

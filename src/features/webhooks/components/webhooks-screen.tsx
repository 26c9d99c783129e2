import { Plus } from 'lucide-react'
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
import type { RoleRefusal } from '@/lib/role'
import { useDeleteWebhookMutation, useRotateSecretMutation } from '@/features/webhooks/api/webhooks'
import { EndpointDialog } from '@/features/webhooks/components/endpoint-dialog'
import { EndpointItem } from '@/features/webhooks/components/endpoint-item'
import { EventCatalogue } from '@/features/webhooks/components/event-catalogue'
import { SecretDialog } from '@/features/webhooks/components/secret-dialog'

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
 * The webhooks page: the organization's endpoints — URL, description, events, state (disabled
 * with why), the last delivery — each with its delivery log (each delivery opens with its requests
 * and responses), Edit, Send test event, Disable or Enable, New secret and Delete (both confirmed);
 * Add endpoint; a new secret is shown once; then the event catalogue. Every member reads; the
 * changes are an Owner's, and other roles see the controls disabled with the reason.
 */
function WebhooksScreen({ vendorUserId, webhooks, refusal }: WebhooksScreenProps) {
  // The endpoint stays while the dialog closes, so that its title does not change on the way out.
  const [dialog, setDialog] = React.useState<{ open: boolean; endpoint: WebhookEndpoint | null }>({
    open: false,
    endpoint: null,
  })
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
              if (!refusal) setDialog({ open: true, endpoint: null })
            }}
          >
            <Plus aria-hidden="true" />
            Add endpoint
          </Button>
        </div>
        {refusal ? <RefusalNote id={refusalId} reason={refusal.reason} hint={refusal.hint} /> : null}
        <EndpointList
          vendorUserId={vendorUserId}
          endpoints={webhooks.endpoints}
          refusal={refusal}
          refusalId={refusalId}
          onDelete={setDeleting}
          onRotate={setRotating}
          onEdit={(endpoint) => setDialog({ open: true, endpoint })}
        />
      </section>
      <EventCatalogue />
      <EndpointDialog
        vendorUserId={vendorUserId}
        endpoint={dialog.endpoint}
        open={dialog.open}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
        onCreated={({ endpoint, secret, message }) => setCreated({ url: endpoint.url, secret, message })}
      />
      <SecretDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmRotate
        endpoint={rotating}
        onClose={() => setRotating(null)}
        onConfirm={() => void onRotate()}
      />
      <ConfirmDelete
        endpoint={deleting}
        onClose={() => setDeleting(null)}
        onConfirm={() => void onDelete()}
      />
    </div>
  )
}

type EndpointListProps = {
  vendorUserId: string
  endpoints: ReadonlyArray<WebhookEndpoint>
  refusal: RoleRefusal | null
  refusalId: string
  onDelete: (endpoint: WebhookEndpoint) => void
  onRotate: (endpoint: WebhookEndpoint) => void
  onEdit: (endpoint: WebhookEndpoint) => void
}

/** The endpoints, or what they are for while there is none. */
function EndpointList({
  vendorUserId,
  endpoints,
  refusal,
  refusalId,
  onDelete,
  onRotate,
  onEdit,
}: EndpointListProps) {
  if (endpoints.length === 0) {
    return (
      <div className="flex flex-col gap-1 rounded-card border border-dashed border-line-strong bg-surface p-6">
        <p className="text-body font-medium text-ink">{NO_ENDPOINTS}</p>
        <p className="text-small text-ink-muted">{NO_ENDPOINTS_HINT}</p>
      </div>
    )
  }
  return (
    <ul aria-label="Webhook endpoints" className="flex flex-col gap-4">
      {endpoints.map((endpoint) => (
        <EndpointItem
          key={endpoint.endpointId}
          vendorUserId={vendorUserId}
          endpoint={endpoint}
          refusal={refusal}
          refusalId={refusalId}
          onDelete={() => onDelete(endpoint)}
          onRotate={() => onRotate(endpoint)}
          onEdit={() => onEdit(endpoint)}
        />
      ))}
    </ul>
  )
}

type ConfirmProps = {
  /** The endpoint asked about, or null while the question is closed. */
  endpoint: WebhookEndpoint | null
  onClose: () => void
  onConfirm: () => void
}

/** New secret, asked first: the current one stops signing at once. */
function ConfirmRotate({ endpoint, onClose, onConfirm }: ConfirmProps) {
  return (
    <AlertDialog open={endpoint !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{rotateWebhookSecretQuestion(endpoint?.url ?? '')}</AlertDialogTitle>
          <AlertDialogDescription>{ROTATE_WEBHOOK_SECRET_CONSEQUENCE}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>Make a new secret</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}

/** Delete, asked first: the delivery log goes with the endpoint. */
function ConfirmDelete({ endpoint, onClose, onConfirm }: ConfirmProps) {
  return (
    <AlertDialog open={endpoint !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete this endpoint?</AlertDialogTitle>
          <AlertDialogDescription>
            {`${endpoint?.url ?? ''} receives nothing more, and its delivery log is deleted with it.`}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={onConfirm}>
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}

export { WebhooksScreen }

import { useQuery } from '@tanstack/react-query'
import { ChevronRight, RotateCw } from 'lucide-react'
import * as React from 'react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import {
  WEBHOOK_ATTEMPT_NOT_RECORDED_MESSAGE,
  WEBHOOK_NO_RESPONSE_MESSAGE,
  WEBHOOK_NOTHING_SENT_MESSAGE,
  WEBHOOK_RESPONSE_TRUNCATED_NOTE,
  WEBHOOK_RETENTION_NOTE,
  type WebhookAttempt,
  type WebhookDelivery,
} from '@/contract/webhooks'
import { formatPortalTime } from '@/lib/format-time'
import { cn } from '@/lib/utils'
import { deliveryQueryOptions } from '@/features/webhooks/api/webhooks'
import {
  attemptOutcomeLabel,
  attemptsLabel,
  attemptSucceeded,
  deliveryStatusLabel,
  readableBody,
} from '@/features/webhooks/model/webhook-view'
import { useOrganizationId } from '@/lib/use-auth-data'

export const DELIVERY_READ_FAILED = 'This delivery could not be read.'

type DeliveryDetailProps = {
  /** The delivery opened (its row's), or null while the panel is closed. */
  delivery: WebhookDelivery | null
  onClose: () => void
  /** Resend refused: not an Owner, or the endpoint is disabled. */
  blocked: boolean
  /** The id of the note that explains the viewer's refusal, when refused. */
  refusalId: string | undefined
  resending: boolean
  onResend: (delivery: WebhookDelivery) => void
}

/**
 * One delivery, opened from its row of the delivery log (docs/decisions/0043): its event, status
 * and attempts, and each attempt — newest first, the newest open — with what it sent (headers,
 * body) and what came back (status, time, the first 4 KB of the body), or why nothing did. Resend
 * makes a new attempt of the same event, which joins the list. A dialog: focus moves in and is
 * kept there, Escape closes it and the focus returns to the row's button.
 */
function DeliveryDetail({ delivery, onClose, blocked, refusalId, resending, onResend }: DeliveryDetailProps) {
  return (
    <Dialog open={delivery !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl" data-slot="delivery-detail">
        {delivery ? (
          <>
            <DialogHeader>
              <DialogTitle className="font-mono">{delivery.type}</DialogTitle>
              <DialogDescription>{`Event ${delivery.eventId}, made ${formatPortalTime(delivery.createdAt)}`}</DialogDescription>
            </DialogHeader>
            <DeliveryBody
              delivery={delivery}
              blocked={blocked}
              refusalId={refusalId}
              resending={resending}
              onResend={onResend}
            />
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}

/** The delivery as read now (its row's copy until then), Resend, and its attempts. */
function DeliveryBody({
  delivery,
  blocked,
  refusalId,
  resending,
  onResend,
}: Omit<DeliveryDetailProps, 'onClose'> & { delivery: WebhookDelivery }) {
  const query = useQuery(deliveryQueryOptions(useOrganizationId(), delivery.deliveryId))
  const current = query.data?.delivery ?? delivery
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-small text-ink" data-slot="delivery-summary">
          {`${deliveryStatusLabel(current)} · ${attemptsLabel(current.attempts)}`}
          {current.nextAttemptAt ? ` · next retry ${formatPortalTime(current.nextAttemptAt)}` : ''}
        </p>
        <Button
          size="sm"
          variant="outline"
          aria-disabled={blocked ? true : undefined}
          aria-describedby={refusalId}
          loading={resending}
          onClick={() => {
            if (!blocked) onResend(current)
          }}
        >
          <RotateCw aria-hidden="true" />
          Resend
        </Button>
      </div>
      {query.isPending ? (
        <p className="flex items-center gap-2 text-small text-ink-muted">
          <Spinner aria-hidden="true" /> Reading the delivery…
        </p>
      ) : query.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-small text-danger">
          {DELIVERY_READ_FAILED}
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <AttemptList attempts={query.data.attempts} />
      )}
      <p className="text-caption text-ink-muted">{WEBHOOK_RETENTION_NOTE}</p>
    </div>
  )
}

/** The attempts, newest first, each a disclosure; the newest open. */
function AttemptList({ attempts }: { attempts: readonly WebhookAttempt[] }) {
  if (attempts.length === 0) return <p className="text-small text-ink-muted">Not tried yet.</p>
  return (
    <section aria-label="Attempts, newest first">
      <ol className="flex flex-col divide-y divide-line rounded-card border border-line">
        {attempts.map((attempt, index) => (
          <li key={attempt.attempt} data-slot="delivery-attempt">
            <AttemptItem attempt={attempt} initiallyOpen={index === 0} />
          </li>
        ))}
      </ol>
    </section>
  )
}

function AttemptItem({ attempt, initiallyOpen }: { attempt: WebhookAttempt; initiallyOpen: boolean }) {
  const [open, setOpen] = React.useState(initiallyOpen)
  const panelId = React.useId()
  const ok = attemptSucceeded(attempt)
  return (
    <div>
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          className="flex w-full cursor-pointer items-start gap-2 px-3 py-2 text-left text-small focus-visible:focus-ring"
        >
          <ChevronRight
            aria-hidden="true"
            className={cn('mt-0.5 size-4 shrink-0 text-ink-muted transition-transform', open && 'rotate-90')}
          />
          <span className="flex flex-wrap gap-x-3">
            <span className="font-medium text-ink">{`Attempt ${attempt.attempt}`}</span>
            <span className={ok ? 'text-success' : 'text-danger'}>{attemptOutcomeLabel(attempt)}</span>
            <span className="text-ink-muted">{formatPortalTime(attempt.startedAt)}</span>
          </span>
        </button>
      </h3>
      <div id={panelId} hidden={!open} className="flex flex-col gap-4 px-3 pb-4">
        {open ? <AttemptExchange attempt={attempt} /> : null}
      </div>
    </div>
  )
}

/** What the attempt sent and what came back. */
function AttemptExchange({ attempt }: { attempt: WebhookAttempt }) {
  if (!attempt.recorded)
    return <p className="text-small text-ink-muted">{WEBHOOK_ATTEMPT_NOT_RECORDED_MESSAGE}</p>
  const { request, response } = attempt
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="flex min-w-0 flex-col gap-2" data-slot="attempt-request">
        <h4 className="text-small font-semibold text-ink">Request</h4>
        {request ? (
          <>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 font-mono text-caption">
              {Object.entries(request.headers).map(([name, value]) => (
                <React.Fragment key={name}>
                  <dt className="text-ink-muted">{name}</dt>
                  <dd className="break-all text-ink">{value}</dd>
                </React.Fragment>
              ))}
            </dl>
            <Body label={`Request body of attempt ${attempt.attempt}`} body={request.body} />
          </>
        ) : (
          <p className="text-small text-ink-muted">{`${WEBHOOK_NOTHING_SENT_MESSAGE} ${attempt.error ?? ''}`}</p>
        )}
      </div>
      <div className="flex min-w-0 flex-col gap-2" data-slot="attempt-response">
        <h4 className="text-small font-semibold text-ink">Response</h4>
        {response ? (
          <>
            <p className="text-small text-ink">{`HTTP ${response.status} · ${attempt.durationMs} ms`}</p>
            <Body label={`Response body of attempt ${attempt.attempt}`} body={response.body} />
            {response.truncated ? (
              <p className="text-caption text-ink-muted">{WEBHOOK_RESPONSE_TRUNCATED_NOTE}</p>
            ) : null}
          </>
        ) : (
          <p className="text-small text-ink-muted">
            {request ? `${WEBHOOK_NO_RESPONSE_MESSAGE} ${attempt.error ?? ''}` : '—'}
          </p>
        )}
      </div>
    </div>
  )
}

/** A body, scrollable and reachable by keyboard (a scrolling region must take the focus). */
function Body({ label, body }: { label: string; body: string }) {
  if (body === '') return <p className="text-small text-ink-muted">Empty body.</p>
  return (
    <pre
      role="region"
      tabIndex={0}
      aria-label={label}
      className="max-h-72 overflow-auto rounded-control bg-surface-sunken p-3 font-mono text-caption break-normal whitespace-pre text-ink focus-visible:focus-ring"
    >
      {readableBody(body)}
    </pre>
  )
}

export { DeliveryDetail }

import * as React from 'react'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { Field, FieldError, FieldLabel } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import {
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENTS_EMPTY_MESSAGE,
  WEBHOOK_URL_MAX_LENGTH,
  WEBHOOK_URL_REQUIRED_MESSAGE,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@/contract/webhooks'
import { answerOrNull } from '@/lib/api-failure'
import { useCreateWebhookMutation } from '@/features/webhooks/api/webhooks'

type AddEndpointDialogProps = {
  vendorUserId: string
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The endpoint was added: its secret, to be shown once. */
  onCreated: (created: { endpoint: WebhookEndpoint; secret: string; message: string }) => void
}

/**
 * Add endpoint: a URL and the events it wants, each with what it means. The server checks the URL
 * (https, a public address, no credentials) and the events; its refusal naming a field shows on
 * that field and focus goes there. On success the dialog closes and the secret is shown once.
 */
function AddEndpointDialog({ vendorUserId, open, onOpenChange, onCreated }: AddEndpointDialogProps) {
  const [url, setUrl] = React.useState('')
  const [events, setEvents] = React.useState<WebhookEventType[]>(['run.finished'])
  const [errors, setErrors] = React.useState<{ url?: string; events?: string }>({})
  const create = useCreateWebhookMutation(vendorUserId)
  const urlRef = React.useRef<HTMLInputElement>(null)
  const eventsRef = React.useRef<HTMLFieldSetElement>(null)
  const eventsErrorId = React.useId()

  const reset = () => {
    setUrl('')
    setEvents(['run.finished'])
    setErrors({})
  }

  const focusEvents = () => eventsRef.current?.querySelector<HTMLButtonElement>('button')?.focus()

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    const trimmed = url.trim()
    const local = {
      ...(trimmed === '' ? { url: WEBHOOK_URL_REQUIRED_MESSAGE } : {}),
      ...(events.length === 0 ? { events: WEBHOOK_EVENTS_EMPTY_MESSAGE } : {}),
    }
    if (local.url || local.events) {
      setErrors(local)
      if (local.url) urlRef.current?.focus()
      else focusEvents()
      return
    }
    const outcome = await answerOrNull(create.mutateAsync({ url: trimmed, events }))
    if (!outcome) return
    if (outcome.kind === 'field') {
      setErrors({ [outcome.field]: outcome.message })
      if (outcome.field === 'url') urlRef.current?.focus()
      else focusEvents()
      return
    }
    reset()
    onOpenChange(false)
    onCreated(outcome)
  }

  const toggle = (type: WebhookEventType, checked: boolean) => {
    setEvents((current) =>
      WEBHOOK_EVENT_TYPES.filter((item) => (item === type ? checked : current.includes(item))),
    )
    if (errors.events) setErrors((current) => ({ ...current, events: undefined }))
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset()
        onOpenChange(next)
      }}
    >
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Add endpoint</DialogTitle>
          <DialogDescription>
            The portal POSTs a signed JSON body to this URL when a chosen event happens, and retries for 24
            hours when it fails.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
          <Field invalid={Boolean(errors.url)} required>
            <FieldLabel showRequired>URL</FieldLabel>
            <Input
              ref={urlRef}
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder="https://ci.example.com/hooks/portal"
              value={url}
              maxLength={WEBHOOK_URL_MAX_LENGTH}
              onChange={(event) => {
                setUrl(event.target.value)
                if (errors.url) setErrors((current) => ({ ...current, url: undefined }))
              }}
            />
            {errors.url ? <FieldError>{errors.url}</FieldError> : null}
          </Field>
          <fieldset
            ref={eventsRef}
            className="flex flex-col gap-3"
            aria-describedby={errors.events ? eventsErrorId : undefined}
          >
            <legend className="mb-2 text-small font-semibold text-ink">
              Events
              <span aria-hidden="true" className="ms-0.5 text-danger">
                *
              </span>
            </legend>
            {WEBHOOK_EVENT_TYPES.map((type) => {
              const id = `webhook-event-${type.replace('.', '-')}`
              return (
                <div key={type} className="flex items-start gap-3">
                  <Checkbox
                    id={id}
                    checked={events.includes(type)}
                    aria-describedby={`${id}-description`}
                    aria-invalid={errors.events ? true : undefined}
                    onCheckedChange={(checked) => toggle(type, checked === true)}
                  />
                  <div className="flex flex-col gap-0.5">
                    <label htmlFor={id} className="cursor-pointer font-mono text-small text-ink">
                      {type}
                    </label>
                    <span id={`${id}-description`} className="text-small text-ink-muted">
                      {WEBHOOK_EVENT_DESCRIPTIONS[type]}
                    </span>
                  </div>
                </div>
              )
            })}
            {errors.events ? (
              <p id={eventsErrorId} role="alert" className="text-small text-danger">
                {errors.events}
              </p>
            ) : null}
          </fieldset>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Add endpoint
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

export { AddEndpointDialog }

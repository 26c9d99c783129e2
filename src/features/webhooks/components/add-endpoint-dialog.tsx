import * as React from 'react'
import { Checkbox } from '@/components/ui/checkbox'
import { Field, FieldError, FieldLabel } from '@/components/ui/field'
import { DialogForm, FormDialog } from '@/components/ui/form-dialog'
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

type Created = { endpoint: WebhookEndpoint; secret: string; message: string }

type AddEndpointDialogProps = {
  vendorUserId: string
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The endpoint was added: its secret, to be shown once. */
  onCreated: (created: Created) => void
}

/**
 * Add endpoint: a URL and the events it wants, each with what it means. The server checks the URL
 * (https, a public address, no credentials) and the events; its refusal naming a field shows on
 * that field and focus goes there. On success the dialog closes and the secret is shown once.
 */
function AddEndpointDialog({ vendorUserId, open, onOpenChange, onCreated }: AddEndpointDialogProps) {
  const { url, setUrl, events, toggle, errors, setErrors, urlRef, eventsRef, reset, submit, pending } =
    useAddEndpointForm(vendorUserId, (created) => {
      onOpenChange(false)
      onCreated(created)
    })
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} onReset={reset} className="max-w-xl">
      <DialogForm
        title="Add endpoint"
        description="The portal POSTs a signed JSON body to this URL when a chosen event happens, and retries for 24 hours when it fails."
        onSubmit={submit}
        submitLabel="Add endpoint"
        pending={pending}
        onCancel={() => onOpenChange(false)}
      >
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
        <EventsFieldset ref={eventsRef} events={events} error={errors.events} onToggle={toggle} />
      </DialogForm>
    </FormDialog>
  )
}

/** The URL, the events, their errors, and the submission (then `onAdded`). */
function useAddEndpointForm(vendorUserId: string, onAdded: (created: Created) => void) {
  const [url, setUrl] = React.useState('')
  const [events, setEvents] = React.useState<WebhookEventType[]>(['run.finished'])
  const [errors, setErrors] = React.useState<{ url?: string; events?: string }>({})
  const create = useCreateWebhookMutation(vendorUserId)
  const urlRef = React.useRef<HTMLInputElement>(null)
  const eventsRef = React.useRef<HTMLFieldSetElement>(null)

  const reset = () => {
    setUrl('')
    setEvents(['run.finished'])
    setErrors({})
  }

  const focusError = (field: string) => {
    if (field === 'url') urlRef.current?.focus()
    else eventsRef.current?.querySelector<HTMLButtonElement>('button')?.focus()
  }

  const submit = async () => {
    const trimmed = url.trim()
    const local = {
      ...(trimmed === '' ? { url: WEBHOOK_URL_REQUIRED_MESSAGE } : {}),
      ...(events.length === 0 ? { events: WEBHOOK_EVENTS_EMPTY_MESSAGE } : {}),
    }
    if (local.url || local.events) {
      setErrors(local)
      focusError(local.url ? 'url' : 'events')
      return
    }
    const outcome = await answerOrNull(create.mutateAsync({ url: trimmed, events }))
    if (!outcome) return
    if (outcome.kind === 'field') {
      setErrors({ [outcome.field]: outcome.message })
      focusError(outcome.field)
      return
    }
    reset()
    onAdded(outcome)
  }

  const toggle = (type: WebhookEventType, checked: boolean) => {
    setEvents((current) =>
      WEBHOOK_EVENT_TYPES.filter((item) => (item === type ? checked : current.includes(item))),
    )
    if (errors.events) setErrors((current) => ({ ...current, events: undefined }))
  }

  return {
    url,
    setUrl,
    events,
    toggle,
    errors,
    setErrors,
    urlRef,
    eventsRef,
    reset,
    submit,
    pending: create.isPending,
  }
}

type EventsFieldsetProps = {
  ref: React.Ref<HTMLFieldSetElement>
  events: ReadonlyArray<WebhookEventType>
  error: string | undefined
  onToggle: (type: WebhookEventType, checked: boolean) => void
}

/** The events, a checkbox each with what it means; the refusal of none under them. */
function EventsFieldset({ ref, events, error, onToggle }: EventsFieldsetProps) {
  const errorId = React.useId()
  return (
    <fieldset ref={ref} className="flex flex-col gap-3" aria-describedby={error ? errorId : undefined}>
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
              aria-invalid={error ? true : undefined}
              onCheckedChange={(checked) => onToggle(type, checked === true)}
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
      {error ? (
        <p id={errorId} role="alert" className="text-small text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}

export { AddEndpointDialog }

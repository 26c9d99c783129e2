import { useStore } from '@tanstack/react-form'
import * as React from 'react'
import { firstErrorMessage, useFieldContext } from '@/components/form/form-context'
import { FormDialog } from '@/components/form/form-dialog'
import { useAppForm } from '@/components/form/form-kit'
import { showRefusal } from '@/components/form/form-refusal'
import { Checkbox } from '@/components/ui/checkbox'
import {
  WEBHOOK_ADD_DESCRIPTION,
  WEBHOOK_ALL_EVENTS_LABEL,
  WEBHOOK_DESCRIPTION_HINT,
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_EDIT_DESCRIPTION,
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENTS_EMPTY_MESSAGE,
  WEBHOOK_URL_MAX_LENGTH,
  WEBHOOK_URL_REQUIRED_MESSAGE,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@/contract/webhooks'
import { answerOrNull, showToast } from '@/lib/api-failure'
import { type EndpointInput, useSaveWebhookMutation } from '@/features/webhooks/api/webhooks'

type Created = { endpoint: WebhookEndpoint; secret: string; message: string }

type EndpointDialogProps = {
  vendorUserId: string
  /** The endpoint to edit, or null to add one. */
  endpoint: WebhookEndpoint | null
  open: boolean
  onOpenChange: (open: boolean) => void
  /** An endpoint was added: its secret, to be shown once. */
  onCreated: (created: Created) => void
}

/** A new endpoint starts with run.finished, what most pipelines wait for. */
const NEW_ENDPOINT: EndpointInput = { url: '', events: ['run.finished'], description: '' }

const valuesOf = (endpoint: WebhookEndpoint | null): EndpointInput =>
  endpoint
    ? { url: endpoint.url, events: [...endpoint.events], description: endpoint.description }
    : NEW_ENDPOINT

/**
 * Add endpoint and Edit endpoint, one dialog on the form kit (FormDialog): the URL, a description
 * and the events, each with what it means, under an "All events" choice. Empty fields are told
 * before anything is sent; the server checks the URL (https, a public address, no credentials, not
 * another endpoint's) and its refusal naming a field shows on that field. An added endpoint's
 * secret is then shown once; an edit's answer is the toast.
 */
function EndpointDialog({ vendorUserId, endpoint, open, onOpenChange, onCreated }: EndpointDialogProps) {
  const save = useSaveWebhookMutation(vendorUserId)
  const endpointId = endpoint?.endpointId ?? null
  const form = useAppForm({
    defaultValues: valuesOf(endpoint),
    validators: {
      onSubmit: ({ value }) => {
        const fields = {
          ...(value.url.trim() === '' ? { url: WEBHOOK_URL_REQUIRED_MESSAGE } : {}),
          ...(value.events.length === 0 ? { events: WEBHOOK_EVENTS_EMPTY_MESSAGE } : {}),
        }
        return Object.keys(fields).length > 0 ? { fields } : undefined
      },
    },
    onSubmit: async ({ value, formApi }) => {
      const input = { url: value.url.trim(), events: value.events, description: value.description.trim() }
      const outcome = await answerOrNull(save.mutateAsync({ endpointId, ...input }))
      if (!outcome) return
      if (outcome.kind === 'field') return showRefusal(formApi, outcome)
      onOpenChange(false)
      if (outcome.secret === null) void showToast('success', outcome.message)
      else onCreated({ endpoint: outcome.endpoint, secret: outcome.secret, message: outcome.message })
    },
  })
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      // Each opening shows the endpoint as it is now (or a new one's defaults).
      onReset={() => form.reset(valuesOf(endpoint))}
      title={endpoint ? 'Edit endpoint' : 'Add endpoint'}
      description={endpoint ? WEBHOOK_EDIT_DESCRIPTION : WEBHOOK_ADD_DESCRIPTION}
      submitLabel={endpoint ? 'Save changes' : 'Add endpoint'}
      className="max-w-xl"
    >
      <form.AppField name="url">
        {(field) => (
          <field.TextField
            label="URL"
            required
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://ci.example.com/hooks/portal"
            maxLength={WEBHOOK_URL_MAX_LENGTH}
          />
        )}
      </form.AppField>
      <form.AppField name="description">
        {(field) => (
          <field.TextField
            label="Description"
            hint={WEBHOOK_DESCRIPTION_HINT}
            autoComplete="off"
            maxLength={WEBHOOK_DESCRIPTION_MAX_LENGTH}
          />
        )}
      </form.AppField>
      <form.AppField name="events">{() => <EventsField />}</form.AppField>
    </FormDialog>
  )
}

/**
 * The events: "All events" (ticked when every one is; mixed when some are — ticking it then ticks
 * them all, unticking clears them), then a checkbox per event with what it means; the message of
 * none under them.
 */
function EventsField() {
  const field = useFieldContext<WebhookEventType[]>()
  const events = useStore(field.store, (state) => state.value)
  const error = firstErrorMessage(useStore(field.store, (state) => state.meta.errors))
  const errorId = React.useId()
  const all = events.length === WEBHOOK_EVENT_TYPES.length
  const allState = all ? true : events.length === 0 ? false : 'indeterminate'
  const set = (next: readonly WebhookEventType[]) =>
    field.handleChange(WEBHOOK_EVENT_TYPES.filter((type) => next.includes(type)))
  const invalid = error ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {}
  return (
    <fieldset
      data-slot="webhook-events"
      className="flex flex-col gap-3"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) field.handleBlur()
      }}
    >
      <legend className="mb-2 text-small font-semibold text-ink">
        Events
        <span aria-hidden="true" className="ms-0.5 text-danger">
          *
        </span>
      </legend>
      <div className="flex items-center gap-3 border-b border-line pb-3">
        <Checkbox
          id="webhook-event-all"
          checked={allState}
          onCheckedChange={(checked) => set(checked === true ? WEBHOOK_EVENT_TYPES : [])}
          {...invalid}
        />
        <label htmlFor="webhook-event-all" className="cursor-pointer text-small font-medium text-ink">
          {WEBHOOK_ALL_EVENTS_LABEL}
        </label>
      </div>
      {WEBHOOK_EVENT_TYPES.map((type) => {
        const id = `webhook-event-${type.replace('.', '-')}`
        return (
          <div key={type} className="flex items-start gap-3">
            <Checkbox
              id={id}
              checked={events.includes(type)}
              aria-describedby={`${id}-description`}
              aria-invalid={error ? true : undefined}
              onCheckedChange={(checked) =>
                set(checked === true ? [...events, type] : events.filter((item) => item !== type))
              }
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
        <p id={errorId} role="alert" className="text-small font-medium text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}

export { EndpointDialog }

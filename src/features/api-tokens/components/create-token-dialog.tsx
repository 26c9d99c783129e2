import * as v from 'valibot'
import * as React from 'react'
import { Button } from '@/components/ui/button'
import { ChoiceCards } from '@/components/ui/choice-cards'
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field, FieldError, FieldHint, FieldLabel } from '@/components/ui/field'
import { DialogForm, FormDialog } from '@/components/ui/form-dialog'
import { Input } from '@/components/ui/input'
import { SecretOnce } from '@/components/ui/secret-once'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import {
  API_TOKEN_EXPIRY_CHOICES,
  API_TOKEN_NAME_MAX_LENGTH,
  API_TOKEN_NAME_MESSAGE,
  API_TOKEN_SCOPE_DESCRIPTIONS,
  API_TOKEN_SCOPE_LABELS,
  API_TOKEN_SCOPES,
  API_TOKEN_SHOWN_ONCE_WARNING,
  type ApiTokenScope,
  apiTokenExpiryLabel,
  apiTokenVendorUserIdNote,
  apiTokenNameSchema,
  type CreateApiTokenAnswer,
} from '@/contract/api-tokens'
import { answerOrNull } from '@/lib/api-failure'
import { type CreateTokenField, useCreateApiTokenMutation } from '@/features/api-tokens/api/api-token-changes'

type CreateTokenDialogProps = {
  vendorUserId: string
  open: boolean
  onOpenChange: (open: boolean) => void
}

const NO_EXPIRY = 'none'
const DEFAULT_EXPIRY = '90'
const expiryValue = (days: number | null) => (days === null ? NO_EXPIRY : String(days))

/**
 * Create a token: a name, a scope (what it may do, each said in a sentence) and an expiry. The
 * server checks the input; a refusal naming a field shows on that field. Once created the dialog
 * shows the secret, this once, with Copy and the warning, and forgets it when closed.
 */
function CreateTokenDialog({ vendorUserId, open, onOpenChange }: CreateTokenDialogProps) {
  const {
    name,
    setName,
    scope,
    setScope,
    expiry,
    setExpiry,
    errors,
    setErrors,
    created,
    nameRef,
    reset,
    submit,
    pending,
  } = useCreateTokenForm(vendorUserId)
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} onReset={reset} className="max-w-lg">
      {created ? (
        <CreatedToken
          vendorUserId={vendorUserId}
          created={created}
          onDone={() => {
            reset()
            onOpenChange(false)
          }}
        />
      ) : (
        <DialogForm
          title="Create a token"
          description="Your pipeline sends it as “Authorization: Bearer” and acts as you, with your role in this organization."
          onSubmit={submit}
          submitLabel="Create token"
          pending={pending}
          onCancel={() => onOpenChange(false)}
        >
          <Field invalid={Boolean(errors.name)} required>
            <FieldLabel showRequired>Token name</FieldLabel>
            <Input
              ref={nameRef}
              autoComplete="off"
              value={name}
              maxLength={API_TOKEN_NAME_MAX_LENGTH}
              onChange={(event) => {
                setName(event.target.value)
                if (errors.name) setErrors((current) => ({ ...current, name: undefined }))
              }}
            />
            {errors.name ? (
              <FieldError>{errors.name}</FieldError>
            ) : (
              <FieldHint>What uses it, e.g. “Release pipeline”.</FieldHint>
            )}
          </Field>
          <ChoiceCards
            legend="Scope"
            name="token-scope"
            options={API_TOKEN_SCOPES}
            labels={API_TOKEN_SCOPE_LABELS}
            descriptions={API_TOKEN_SCOPE_DESCRIPTIONS}
            value={scope}
            onChange={(option) => {
              setScope(option)
              setErrors((current) => ({ ...current, scope: undefined }))
            }}
            error={errors.scope}
          />
          <ExpiryField
            value={expiry}
            error={errors.expiresInDays}
            onChange={(value) => {
              setExpiry(value)
              setErrors((current) => ({ ...current, expiresInDays: undefined }))
            }}
          />
        </DialogForm>
      )}
    </FormDialog>
  )
}

/** The token's fields, their errors, the submission, and the created token (its secret). */
function useCreateTokenForm(vendorUserId: string) {
  const [name, setName] = React.useState('')
  const [scope, setScope] = React.useState<ApiTokenScope>('read')
  const [expiry, setExpiry] = React.useState(DEFAULT_EXPIRY)
  const [errors, setErrors] = React.useState<Partial<Record<CreateTokenField, string>>>({})
  const [created, setCreated] = React.useState<CreateApiTokenAnswer | null>(null)
  const create = useCreateApiTokenMutation(vendorUserId)
  const nameRef = React.useRef<HTMLInputElement>(null)

  const reset = () => {
    setName('')
    setScope('read')
    setExpiry(DEFAULT_EXPIRY)
    setErrors({})
    setCreated(null)
  }

  const submit = async () => {
    if (!v.safeParse(apiTokenNameSchema, name).success) {
      setErrors({ name: API_TOKEN_NAME_MESSAGE })
      nameRef.current?.focus()
      return
    }
    const outcome = await answerOrNull(
      create.mutateAsync({
        name: name.trim(),
        scope,
        expiresInDays: expiry === NO_EXPIRY ? null : Number(expiry),
      }),
    )
    if (!outcome) return
    if (outcome.kind === 'field') {
      setErrors({ [outcome.field]: outcome.message })
      if (outcome.field === 'name') nameRef.current?.focus()
      return
    }
    setCreated(outcome.answer)
  }

  return {
    name,
    setName,
    scope,
    setScope,
    expiry,
    setExpiry,
    errors,
    setErrors,
    created,
    nameRef,
    reset,
    submit,
    pending: create.isPending,
  }
}

type ExpiryFieldProps = {
  value: string
  error: string | undefined
  onChange: (value: string) => void
}

/** How long the token works: one of the offered choices, or never expiring. */
function ExpiryField({ value, error, onChange }: ExpiryFieldProps) {
  return (
    <Field invalid={Boolean(error)}>
      <FieldLabel>Expiry</FieldLabel>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {API_TOKEN_EXPIRY_CHOICES.map((days) => (
            <SelectItem key={expiryValue(days)} value={expiryValue(days)}>
              {apiTokenExpiryLabel(days)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {error ? <FieldError>{error}</FieldError> : null}
    </Field>
  )
}

type CreatedTokenProps = {
  vendorUserId: string
  created: CreateApiTokenAnswer
  onDone: () => void
}

/** The new token's secret, shown this once with Copy and the warning; Done forgets it. */
function CreatedToken({ vendorUserId, created, onDone }: CreatedTokenProps) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>Copy your new token</DialogTitle>
        <DialogDescription>{created.message}</DialogDescription>
      </DialogHeader>
      <SecretOnce label="Your new token" secret={created.secret} warning={API_TOKEN_SHOWN_ONCE_WARNING}>
        <p className="text-small break-all text-ink-muted">{apiTokenVendorUserIdNote(vendorUserId)}</p>
      </SecretOnce>
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </DialogFooter>
    </>
  )
}

export { CreateTokenDialog }

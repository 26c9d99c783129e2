import * as v from 'valibot'
import * as React from 'react'
import { Button } from '@/components/ui/button'
import { FormDialog } from '@/components/form/form-dialog'
import { useAppForm } from '@/components/form/form-kit'
import { showRefusal } from '@/components/form/form-refusal'
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { SecretOnce } from '@/components/ui/secret-once'
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
import { useCreateApiTokenMutation } from '@/features/api-tokens/api/api-token-changes'

type CreateTokenDialogProps = {
  vendorUserId: string
  open: boolean
  onOpenChange: (open: boolean) => void
}

const NO_EXPIRY = 'none'
const DEFAULT_EXPIRY = '90'
const expiryValue = (days: number | null) => (days === null ? NO_EXPIRY : String(days))
const EXPIRY_OPTIONS = API_TOKEN_EXPIRY_CHOICES.map((days) => ({
  value: expiryValue(days),
  label: apiTokenExpiryLabel(days),
}))

/**
 * Create a token: a name, a scope (what it may do, each said in a sentence) and an expiry. The
 * server checks the input; a refusal naming a field shows on that field. Once created the dialog
 * shows the secret, this once, with Copy and the warning; the next opening has forgotten it.
 */
function CreateTokenDialog({ vendorUserId, open, onOpenChange }: CreateTokenDialogProps) {
  const [created, setCreated] = React.useState<CreateApiTokenAnswer | null>(null)
  const create = useCreateApiTokenMutation(vendorUserId)
  const form = useAppForm({
    defaultValues: { name: '', scope: 'read' as ApiTokenScope, expiresInDays: DEFAULT_EXPIRY },
    validators: {
      onSubmit: ({ value }) =>
        v.safeParse(apiTokenNameSchema, value.name).success
          ? undefined
          : { fields: { name: API_TOKEN_NAME_MESSAGE } },
    },
    onSubmit: async ({ value, formApi }) => {
      const outcome = await answerOrNull(
        create.mutateAsync({
          name: value.name.trim(),
          scope: value.scope,
          expiresInDays: value.expiresInDays === NO_EXPIRY ? null : Number(value.expiresInDays),
        }),
      )
      if (!outcome) return
      if (outcome.kind === 'field') return showRefusal(formApi, outcome)
      setCreated(outcome.answer)
    },
  })
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      onReset={() => setCreated(null)}
      title="Create a token"
      description="Your pipeline sends it as “Authorization: Bearer” and acts as you, with your role in this organization."
      submitLabel="Create token"
      replacement={
        created ? (
          <CreatedToken vendorUserId={vendorUserId} created={created} onDone={() => onOpenChange(false)} />
        ) : null
      }
    >
      <form.AppField name="name">
        {(field) => (
          <field.TextField
            label="Token name"
            hint="What uses it, e.g. “Release pipeline”."
            hintGivesWay
            autoComplete="off"
            maxLength={API_TOKEN_NAME_MAX_LENGTH}
            required
          />
        )}
      </form.AppField>
      <form.AppField name="scope">
        {(field) => (
          <field.ChoiceCardsField
            legend="Scope"
            name="token-scope"
            options={API_TOKEN_SCOPES}
            labels={API_TOKEN_SCOPE_LABELS}
            descriptions={API_TOKEN_SCOPE_DESCRIPTIONS}
          />
        )}
      </form.AppField>
      <form.AppField name="expiresInDays">
        {(field) => <field.SelectField label="Expiry" options={EXPIRY_OPTIONS} />}
      </form.AppField>
    </FormDialog>
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

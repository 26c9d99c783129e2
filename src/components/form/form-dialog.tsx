import * as React from 'react'
import { type AppFormApi, FormRefusalMessage, useFormSubmit } from '@/components/form/form-parts'
import { SubmitButton } from '@/components/form/form-kit'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'

/*
 * The dialog form (invite a member, create a token, add an endpoint…): a title and a sentence, the
 * kit's fields, the form's own refusal, Cancel and the submit button. Usage:
 *
 *   const form = useAppForm({
 *     defaultValues: { emailId: '' },
 *     validators: { onSubmit: ({ value }) => (value.emailId ? undefined : { fields: { emailId: '…' } }) },
 *     onSubmit: async ({ value, formApi }) => {
 *       const outcome = await answerOrNull(mutation.mutateAsync(value))
 *       if (!outcome) return                                     // told already (spec §8)
 *       if (!outcome.ok) return showRefusal(formApi, outcome)    // on its field, or the form's
 *       onOpenChange(false)
 *     },
 *   })
 *   <FormDialog form={form} open={open} onOpenChange={onOpenChange} title="…" description="…" submitLabel="…">
 *     <form.AppField name="emailId">{(field) => <field.TextField label="E-mail address" required />}</form.AppField>
 *   </FormDialog>
 *
 * - Each opening starts afresh: the form is reset (and `onReset` forgets any state of the caller's)
 *   whatever closed it last — Cancel, Escape, the overlay or a success.
 * - The submit button is busy while `onSubmit` runs; it stays enabled, so a second press shows the
 *   messages again.
 * - After a submission the focus goes to the first field holding a message (the form's validators,
 *   or a refusal's `field` via showRefusal); a refusal naming no field shows above the buttons.
 */

type FormDialogProps = {
  form: AppFormApi
  open: boolean
  onOpenChange: (open: boolean) => void
  title: React.ReactNode
  description: React.ReactNode
  submitLabel: React.ReactNode
  /** The dialog's width; 'max-w-lg' unless said. */
  className?: string
  /** Forgets what the caller keeps beside the form (a created secret); runs at each opening. */
  onReset?: () => void
  /** Shown instead of the form (what a success leaves in the dialog, e.g. a secret shown once). */
  replacement?: React.ReactNode
  children?: React.ReactNode
}

function FormDialog({
  form,
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  className = 'max-w-lg',
  onReset,
  replacement,
  children,
}: FormDialogProps) {
  const { ref, onSubmit } = useFormSubmit(form)
  const startAfresh = React.useEffectEvent(() => {
    form.reset()
    onReset?.()
  })
  // Before the opened dialog paints, so that it never shows what was typed the last time.
  React.useLayoutEffect(() => {
    if (open) startAfresh()
  }, [open])
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className}>
        {replacement ?? (
          <>
            <DialogHeader>
              <DialogTitle>{title}</DialogTitle>
              <DialogDescription>{description}</DialogDescription>
            </DialogHeader>
            <form.AppForm>
              <form ref={ref} noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
                {children}
                <FormRefusalMessage form={form} />
                <DialogFooter>
                  <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                    Cancel
                  </Button>
                  <SubmitButton enabledWhenInvalid>{submitLabel}</SubmitButton>
                </DialogFooter>
              </form>
            </form.AppForm>
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}

export { FormDialog }

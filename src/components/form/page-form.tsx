import type * as React from 'react'
import { SubmitButton } from '@/components/form/form-kit'
import { type AppFormApi, FormRefusalMessage, useFormSubmit } from '@/components/form/form-parts'
import { cn } from '@/lib/utils'

/*
 * The page form (set your password, check a certificate number): the FormDialog's form without the
 * dialog — the kit's fields, the form's own refusal under them, and the submit button. Usage:
 *
 *   const form = useAppForm({ defaultValues, validators, onSubmit: async ({ value, formApi }) => {
 *     … if (!outcome.ok) return showRefusal(formApi, outcome) … } })
 *   <PageForm form={form} aria-label="Set your password" submitLabel="Set password" submitSize="lg">
 *     <form.AppField name="password">{(field) => <field.TextField label="New password" type="password" required />}</form.AppField>
 *   </PageForm>
 *
 * The submit button is busy while `onSubmit` runs; after a submission the focus goes to the first
 * field holding a message; a refusal naming no field shows above the button.
 */

type PageFormProps = {
  form: AppFormApi
  /** The form's name for assistive technology ('Set your password'). */
  'aria-label': string
  submitLabel: React.ReactNode
  /** 'lg' for the form that is the page's one task (a full-width button); the default size otherwise. */
  submitSize?: 'lg'
  /** The form's classes; fields stand in a column 1.25 rem apart unless said. */
  className?: string
  children: React.ReactNode
}

function PageForm({ form, submitLabel, submitSize, className, children, ...props }: PageFormProps) {
  const { ref, onSubmit } = useFormSubmit(form)
  return (
    <form.AppForm>
      <form
        ref={ref}
        noValidate
        aria-label={props['aria-label']}
        onSubmit={onSubmit}
        className={cn('flex flex-col gap-5', className)}
      >
        {children}
        <FormRefusalMessage form={form} />
        <SubmitButton
          enabledWhenInvalid
          {...(submitSize === 'lg' ? { size: 'lg', className: 'w-full' } : { className: 'self-start' })}
        >
          {submitLabel}
        </SubmitButton>
      </form>
    </form.AppForm>
  )
}

export { PageForm }

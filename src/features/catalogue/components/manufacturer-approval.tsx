import { Factory } from 'lucide-react'
import { useAppForm } from '@/components/form/form-kit'
import { type CatalogueOrganization } from '@/contract/catalogue-review'
import { answerOrNull, showToast } from '@/lib/api-failure'
import { useApproveManufacturer } from '@/features/catalogue/api/lab-catalogue'

export const ORGANIZATION_REQUIRED_MESSAGE = 'Choose the organization to approve.'

/**
 * A Lab manager approves an organization as a manufacturer under its registration name: its own
 * members' portfolio form then offers it as the device manufacturer, and nobody else's.
 */
export function ManufacturerApproval({
  organizations,
}: {
  organizations: ReadonlyArray<CatalogueOrganization>
}) {
  const approve = useApproveManufacturer()
  const candidates = organizations.filter((organization) => !organization.manufacturer)
  const form = useAppForm({
    defaultValues: { organizationId: '' },
    validators: {
      onSubmit: ({ value }) =>
        value.organizationId === ''
          ? { fields: { organizationId: ORGANIZATION_REQUIRED_MESSAGE } }
          : undefined,
    },
    onSubmit: async ({ value, formApi }) => {
      const outcome = await answerOrNull(approve.mutateAsync(value.organizationId))
      if (!outcome) return
      if (!outcome.ok) {
        formApi.setFieldMeta('organizationId', (meta) => ({
          ...meta,
          errorMap: { ...meta.errorMap, onSubmit: outcome.message },
        }))
        return
      }
      void showToast('success', outcome.data.message)
      formApi.reset()
    },
  })
  return (
    <section aria-labelledby="manufacturer-approval-title" className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h2 id="manufacturer-approval-title" className="text-heading text-ink">
          An organization as a manufacturer
        </h2>
        <p className="text-small text-ink-muted">
          Its registration name joins the manufacturers of its own members’ portfolio form, so it can be its
          own manufacturer. Other organizations and visitors do not see it.
        </p>
      </div>
      <form
        noValidate
        aria-labelledby="manufacturer-approval-title"
        className="flex flex-col gap-3 rounded-card border border-line bg-surface p-4 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault()
          void form.handleSubmit()
        }}
      >
        <form.AppField name="organizationId">
          {(field) => (
            <field.SelectField
              label="Organization"
              className="sm:min-w-72"
              placeholder={candidates.length === 0 ? 'Every organization is one' : 'Choose an organization'}
              options={candidates.map((organization) => ({
                value: organization.organizationId,
                label: organization.name,
              }))}
              disabled={candidates.length === 0}
              required
            />
          )}
        </form.AppField>
        <form.AppForm>
          <form.SubmitButton
            enabledWhenInvalid
            disabled={candidates.length === 0}
            className="self-start sm:self-end"
          >
            <Factory aria-hidden="true" /> Approve as manufacturer
          </form.SubmitButton>
        </form.AppForm>
      </form>
    </section>
  )
}

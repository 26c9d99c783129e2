import { useStore } from '@tanstack/react-form'
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react'
import { withForm } from '@/components/form/form-kit'
import { Button } from '@/components/ui/button'
import { PLAN_CASE_DESCRIPTION_MAX_LENGTH, PLAN_CASE_NAME_MAX_LENGTH } from '@/contract/test-plans'
import { caseLabel, draftFormOptions } from '@/features/test-plans/model/draft-form'

/** The move and remove buttons' ids, for the focus to follow a case. */
export const caseButtonId = (key: string, action: 'up' | 'down') => `${key}-move-${action}`

/**
 * One case of the draft: its name (with its count), description, whether a firmware change runs
 * it again, and the product classes it is limited to; move it up or down, or remove it. The
 * buttons name the case they act on ('Move up: Boot and provisioning').
 */
export const DraftCaseFields = withForm({
  ...draftFormOptions,
  props: {
    index: 0,
    count: 0,
    productClasses: [] as ReadonlyArray<string>,
    onMove: (_from: number, _to: number) => {},
    onRemove: (_index: number) => {},
  },
  render: function DraftCaseFields({ form, index, count, productClasses, onMove, onRemove }) {
    const item = useStore(form.store, (state) => state.values.cases[index])
    if (!item) return null
    const label = caseLabel(item, index)
    const title = `Case ${index + 1}`
    return (
      <fieldset className="flex flex-col gap-4 rounded-card border border-line bg-surface p-4">
        <legend className="px-1 text-small font-semibold text-ink-muted">{title}</legend>
        <form.AppField name={`cases[${index}].name`}>
          {(field) => (
            <field.TextField
              label="Name"
              autoComplete="off"
              hint={`${field.state.value.length} / ${PLAN_CASE_NAME_MAX_LENGTH} characters`}
            />
          )}
        </form.AppField>
        <form.AppField name={`cases[${index}].description`}>
          {(field) => (
            <field.TextareaField label="Description" rows={2} limit={PLAN_CASE_DESCRIPTION_MAX_LENGTH} />
          )}
        </form.AppField>
        <form.AppField name={`cases[${index}].firmwareSensitive`}>
          {(field) => (
            <field.CheckboxField
              label="Firmware-sensitive"
              hint="A firmware revision of a certified device runs this case again."
            />
          )}
        </form.AppField>
        {productClasses.length > 0 ? (
          <form.AppField name={`cases[${index}].productClasses`}>
            {(field) => (
              <field.CheckboxGroupField
                label="Limited to product classes"
                hint="None ticked: every class of the device type runs it."
                options={productClasses.map((name) => ({ value: name, label: name }))}
              />
            )}
          </form.AppField>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button
            id={caseButtonId(item.key, 'up')}
            variant="outline"
            size="sm"
            disabled={index === 0}
            aria-label={`Move up: ${label}`}
            onClick={() => onMove(index, index - 1)}
          >
            <ArrowUp aria-hidden="true" /> Move up
          </Button>
          <Button
            id={caseButtonId(item.key, 'down')}
            variant="outline"
            size="sm"
            disabled={index === count - 1}
            aria-label={`Move down: ${label}`}
            onClick={() => onMove(index, index + 1)}
          >
            <ArrowDown aria-hidden="true" /> Move down
          </Button>
          <Button variant="ghost" size="sm" aria-label={`Remove: ${label}`} onClick={() => onRemove(index)}>
            <Trash2 aria-hidden="true" /> Remove
          </Button>
        </div>
      </fieldset>
    )
  },
})

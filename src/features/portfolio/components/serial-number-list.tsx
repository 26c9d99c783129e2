import { useStore } from '@tanstack/react-form'
import { Plus, Trash2 } from 'lucide-react'
import { firstErrorMessage } from '@/components/form/form-context'
import { withForm } from '@/components/form/form-kit'
import { Button } from '@/components/ui/button'
import { FieldError } from '@/components/ui/field'
import { serialNumberLabel } from '@/contract/portfolio-labels'
import { serialRowLimit } from '@/features/portfolio/model/choices'
import { portfolioFormOptions } from '@/features/portfolio/model/portfolio-form-options'

const SERIAL_LIST_ERROR_ID = 'serial-numbers-error'

/**
 * The device's serial numbers (spec §2, §5): one row always, Add up to the device count clamped to
 * 0–3, Remove on the rows after the first. A row's own message shows under it; the list's (the
 * count does not match) under the list, and each row is told of it.
 */
export const SerialNumberList = withForm({
  ...portfolioFormOptions,
  render: function SerialNumberList({ form }) {
    const deviceCount = useStore(form.store, (state) => state.values.deviceToBecertified)
    const rows = useStore(form.store, (state) => state.values.deviceNumberList.length)
    const listError = useStore(form.store, (state) =>
      firstErrorMessage(state.fieldMeta.deviceNumberList?.errors ?? []),
    )
    const limit = serialRowLimit(deviceCount)
    return (
      <fieldset
        className="flex flex-col gap-3 sm:col-span-2"
        aria-describedby={listError ? SERIAL_LIST_ERROR_ID : undefined}
      >
        <legend className="mb-1 text-small font-semibold text-ink">
          Device serial numbers
          <span aria-hidden="true" className="ms-0.5 text-danger">
            *
          </span>
        </legend>
        <form.AppField name="deviceNumberList" mode="array">
          {(listField) => (
            <>
              {listField.state.value.map((_serial, index) => (
                <div key={index} className="flex items-start gap-2">
                  <form.AppField name={`deviceNumberList[${index}]`}>
                    {(field) => (
                      <field.TextField
                        label={serialNumberLabel(index)}
                        className="flex-1"
                        autoComplete="off"
                        // The rows do not match the count: each row is told, and the first takes
                        // the focus when that is the first problem found.
                        aria-describedby={listError ? SERIAL_LIST_ERROR_ID : undefined}
                        aria-invalid={listError && index === 0 ? true : undefined}
                      />
                    )}
                  </form.AppField>
                  {index > 0 ? (
                    <Button
                      variant="ghost"
                      size="icon"
                      className="mt-7"
                      aria-label={`Remove serial number ${index + 1}`}
                      onClick={() => listField.removeValue(index)}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  ) : null}
                </div>
              ))}
              <div className="flex flex-wrap items-center gap-3">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={rows >= limit}
                  onClick={() => listField.pushValue('')}
                >
                  <Plus aria-hidden="true" />
                  Add serial number
                </Button>
                <span className="text-small text-ink-muted">
                  {rows} of {limit} row{limit === 1 ? '' : 's'}
                </span>
              </div>
            </>
          )}
        </form.AppField>
        <FieldError id={SERIAL_LIST_ERROR_ID}>{listError}</FieldError>
      </fieldset>
    )
  },
})

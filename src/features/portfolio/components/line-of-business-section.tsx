import { withForm } from '@/components/form/form-kit'
import { PORTFOLIO_FIELD_LABELS as LABELS } from '@/contract/portfolio-labels'
import { LINES_OF_BUSINESS } from '@/contract/validation/fields'
import { SectionSummary } from '@/features/portfolio/components/portfolio-section'
import { inOrder } from '@/features/portfolio/model/choices'
import { portfolioFormOptions } from '@/features/portfolio/model/portfolio-form-options'

/* Section 2, Line of Business (spec §2, §3): the business domains, Wireline and Wireless. */

const LOB_OPTIONS = LINES_OF_BUSINESS.map((value) => ({ value, label: value }))

export const LineOfBusinessFields = withForm({
  ...portfolioFormOptions,
  render: function LineOfBusinessFields({ form }) {
    return (
      <form.AppField name="businessDomain">
        {(field) => <field.ChipGroupField label={LABELS.businessDomain} options={LOB_OPTIONS} required />}
      </form.AppField>
    )
  },
})

/** The line of business's read-only view: the domains in their order. */
export const LineOfBusinessSummary = withForm({
  ...portfolioFormOptions,
  render: function LineOfBusinessSummary({ form }) {
    return (
      <form.Subscribe selector={(state) => state.values.businessDomain}>
        {(domain) => (
          <SectionSummary
            items={[{ label: LABELS.businessDomain, value: inOrder(domain, LINES_OF_BUSINESS) }]}
          />
        )}
      </form.Subscribe>
    )
  },
})

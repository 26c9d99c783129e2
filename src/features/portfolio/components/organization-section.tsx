import { useStore } from '@tanstack/react-form'
import { useQuery } from '@tanstack/react-query'
import { CountryCodeSelect } from '@/components/form/country-code-select'
import { firstErrorMessage } from '@/components/form/form-context'
import { withForm } from '@/components/form/form-kit'
import { Field, FieldError, FieldLabel } from '@/components/ui/field'
import type { CountryDetail } from '@/contract/address'
import {
  type AddressFields,
  chooseCountry,
  chooseState,
  cityOptions,
  stateOptions,
} from '@/contract/address-cascade'
import { PORTFOLIO_FIELD_LABELS as LABELS } from '@/contract/portfolio-labels'
import { WEEKDAYS } from '@/contract/validation/fields'
import { SectionSummary } from '@/features/portfolio/components/portfolio-section'
import { inOrder, withCurrent } from '@/features/portfolio/model/choices'
import { portfolioFormOptions } from '@/features/portfolio/model/portfolio-form-options'
import { addressQueryOptions } from '@/lib/address-query'

/*
 * Section 1, Portfolio Manager (spec §2, §3): the organization and its contact, with the country
 * → state → city cascade and the country code; and its read-only view.
 */

const OPTION = (value: string) => ({ value, label: value })
const DAY_OPTIONS = WEEKDAYS.map((day) => ({ value: day, label: day.charAt(0), srLabel: day }))

const countriesProps = { countries: [] as ReadonlyArray<CountryDetail> }

type AddressForm = { setFieldValue: (name: keyof AddressFields, value: string) => void }

/** Applies a cascade step: the values it sets, and those after it emptied. */
function applyAddress(form: AddressForm, fields: Partial<AddressFields>) {
  for (const [name, value] of Object.entries(fields) as Array<[keyof AddressFields, string]>) {
    form.setFieldValue(name, value)
  }
}

export const OrganizationFields = withForm({
  ...portfolioFormOptions,
  props: countriesProps,
  render: function OrganizationFields({ form, countries }) {
    return (
      <div className="grid gap-x-5 gap-y-4 sm:grid-cols-2">
        <form.AppField name="organizationName">
          {(field) => (
            <field.TextField label={LABELS.organizationName} autoComplete="organization" required />
          )}
        </form.AppField>
        <form.AppField name="businessContactName">
          {(field) => <field.TextField label={LABELS.businessContactName} autoComplete="name" required />}
        </form.AppField>
        <form.AppField name="descAboutOrganization">
          {(field) => (
            <field.TextareaField
              label={LABELS.descAboutOrganization}
              hint="At most 300 characters."
              className="sm:col-span-2"
              rows={3}
              required
            />
          )}
        </form.AppField>
        <form.AppField name="email">
          {(field) => <field.TextField label={LABELS.email} type="email" readOnly required />}
        </form.AppField>
        <ReachFields form={form} countries={countries} />
        <PlaceFields form={form} countries={countries} />
      </div>
    )
  },
})

/** How to reach the contact: the country code (choosing one chooses its country), phone, time and days. */
const ReachFields = withForm({
  ...portfolioFormOptions,
  props: countriesProps,
  render: function ReachFields({ form, countries }) {
    const country = useStore(form.store, (state) => state.values.country)
    const countryCode = useStore(form.store, (state) => state.values.countryCode)
    return (
      <>
        <form.AppField name="countryCode">
          {(field) => {
            const error = firstErrorMessage(field.state.meta.errors)
            return (
              <Field invalid={error !== undefined} required>
                <FieldLabel>{LABELS.countryCode}</FieldLabel>
                <CountryCodeSelect
                  name={field.name}
                  countries={countries}
                  countryCode={countryCode}
                  country={country}
                  onChooseCountry={(chosen) => applyAddress(form, chooseCountry(countries, chosen))}
                  onClose={field.handleBlur}
                />
                <FieldError>{error}</FieldError>
              </Field>
            )
          }}
        </form.AppField>
        <form.AppField name="phoneNumber">
          {(field) => (
            <field.TextField
              label={LABELS.phoneNumber}
              type="tel"
              autoComplete="tel-national"
              disabled={countryCode === ''}
              hint={countryCode === '' ? 'Choose a country code first.' : undefined}
              required
            />
          )}
        </form.AppField>
        <form.AppField name="bestTimeToReach">
          {(field) => <field.TimeField label={LABELS.bestTimeToReach} required />}
        </form.AppField>
        <form.AppField name="days">
          {(field) => (
            <field.ChipGroupField label={LABELS.days} shape="letter" options={DAY_OPTIONS} required />
          )}
        </form.AppField>
      </>
    )
  },
})

/** The address, and the country → state → city cascade. */
const PlaceFields = withForm({
  ...portfolioFormOptions,
  props: countriesProps,
  render: function PlaceFields({ form, countries }) {
    const country = useStore(form.store, (state) => state.values.country)
    const chosenState = useStore(form.store, (state) => state.values.state)
    const city = useStore(form.store, (state) => state.values.city)
    const placesQuery = useQuery({ ...addressQueryOptions(country), enabled: country !== '' })
    const states = placesQuery.data ? stateOptions(placesQuery.data, country) : []
    const cities = placesQuery.data ? cityOptions(placesQuery.data, chosenState) : []
    return (
      <>
        <form.AppField name="address">
          {(field) => (
            <field.TextareaField
              label={LABELS.address}
              hint="At most 200 characters."
              className="sm:col-span-2"
              rows={2}
              autoComplete="street-address"
              required
            />
          )}
        </form.AppField>
        <form.AppField name="country">
          {(field) => (
            <field.SelectField
              label={LABELS.country}
              placeholder="Select a country"
              options={countries.map((item) => OPTION(item.country))}
              onValueChange={(chosen) => applyAddress(form, chooseCountry(countries, chosen))}
              required
            />
          )}
        </form.AppField>
        <form.AppField name="state">
          {(field) => (
            <field.SelectField
              label={LABELS.state}
              placeholder={country === '' ? 'Choose a country first' : 'Select a state'}
              options={withCurrent(states, chosenState).map(OPTION)}
              disabled={country === ''}
              onValueChange={(chosen) => applyAddress(form, chooseState(chosen))}
              required
            />
          )}
        </form.AppField>
        <form.AppField name="city">
          {(field) => (
            <field.SelectField
              label={LABELS.city}
              placeholder={chosenState === '' ? 'Choose a state first' : 'Select a city'}
              options={withCurrent(cities, city).map(OPTION)}
              disabled={chosenState === ''}
              required
            />
          )}
        </form.AppField>
      </>
    )
  },
})

/** The organization section's read-only view. */
export const OrganizationSummary = withForm({
  ...portfolioFormOptions,
  render: function OrganizationSummary({ form }) {
    return (
      <form.Subscribe selector={(state) => state.values}>
        {(values) => (
          <SectionSummary
            items={[
              { label: LABELS.organizationName, value: values.organizationName },
              { label: LABELS.businessContactName, value: values.businessContactName },
              { label: LABELS.descAboutOrganization, value: values.descAboutOrganization },
              { label: LABELS.email, value: values.email },
              {
                label: LABELS.phoneNumber,
                value: values.phoneNumber ? `${values.countryCode} ${values.phoneNumber}`.trim() : '',
              },
              { label: LABELS.bestTimeToReach, value: values.bestTimeToReach },
              // In the week's order, whatever order they were picked in (as the payload sends them).
              { label: LABELS.days, value: inOrder(values.days, WEEKDAYS) },
              { label: LABELS.address, value: values.address },
              {
                label: 'City, state, country',
                value: [values.city, values.state, values.country].filter(Boolean).join(', '),
              },
            ]}
          />
        )}
      </form.Subscribe>
    )
  },
})

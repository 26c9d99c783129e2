import { formOptions, useStore } from '@tanstack/react-form'
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
import { PersonNameFields } from '@/components/form/person-name-fields'
import { LINES_OF_BUSINESS } from '@/contract/validation/fields'
import {
  citySchema,
  countryCodeSchema,
  countrySchema,
  emptyRegistrationFormValues,
  lobSchema,
  organizationSchema,
  reEnterEmailSchema,
  registrationEmailSchema,
  registrationPhoneNumberSchema,
  stateSchema,
} from '@/contract/validation/registration'
import { repeatFieldValidators } from '@/components/form/form-rules'
import { addressQueryOptions } from '@/lib/address-query'
import { useHydrated } from '@/lib/use-hydrated'

/*
 * The registration form's three parts (spec §2, §4, §5): the vendor's details, the organization,
 * and the contact and location with the country → state → city cascade.
 */

export const registrationFormOptions = formOptions({ defaultValues: emptyRegistrationFormValues })

// The form's three parts: two columns from small screens up, one on phones.
const sectionClasses = 'grid min-w-0 gap-x-5 gap-y-4 sm:grid-cols-2'
const sectionLegendClasses = 'mb-4 text-small font-semibold tracking-wide text-ink-muted uppercase'

const LOB_OPTIONS = LINES_OF_BUSINESS.map((line) => ({ value: line, label: line }))

const reEnterEmailValidators = repeatFieldValidators('email', reEnterEmailSchema)

export const DetailsFieldset = withForm({
  ...registrationFormOptions,
  render: function DetailsFieldset({ form }) {
    return (
      <fieldset className={sectionClasses}>
        <legend className={sectionLegendClasses}>Your details</legend>
        <PersonNameFields form={form} fields={{ firstName: 'firstName', lastName: 'lastName' }} />
        <form.AppField
          name="email"
          validators={{ onChange: registrationEmailSchema, onBlur: registrationEmailSchema }}
        >
          {(field) => (
            <field.TextField
              label="Email"
              type="email"
              autoComplete="email"
              hint="Your 6-digit code goes to this address."
              required
            />
          )}
        </form.AppField>
        <form.AppField name="reEnterEmail" validators={reEnterEmailValidators}>
          {(field) => (
            <field.TextField
              label="Re-enter email"
              type="email"
              autoComplete="off"
              hint="Type it again; pasting is turned off."
              blockPaste
              required
            />
          )}
        </form.AppField>
      </fieldset>
    )
  },
})

export const OrganizationFieldset = withForm({
  ...registrationFormOptions,
  render: function OrganizationFieldset({ form }) {
    return (
      <fieldset className={sectionClasses}>
        <legend className={sectionLegendClasses}>Organization</legend>
        <form.AppField
          name="organization"
          validators={{ onChange: organizationSchema, onBlur: organizationSchema }}
        >
          {(field) => <field.TextField label="Organization" autoComplete="organization" required />}
        </form.AppField>
        <form.AppField name="lob" validators={{ onChange: lobSchema, onBlur: lobSchema }}>
          {(field) => (
            <field.ChipGroupField
              label="Line of business (LOB)"
              hint="Choose one or both."
              options={LOB_OPTIONS}
              required
            />
          )}
        </form.AppField>
      </fieldset>
    )
  },
})

type AddressForm = {
  resetField: (name: keyof AddressFields) => void
  setFieldValue: (name: keyof AddressFields, value: string) => void
}

/** Applies a cascade step: fields it empties start afresh, without messages. */
function applyAddress(form: AddressForm, fields: Partial<AddressFields>, chosen: keyof AddressFields) {
  for (const [name, value] of Object.entries(fields) as Array<[keyof AddressFields, string]>) {
    if (name === chosen) continue
    if (value === '') form.resetField(name)
    else form.setFieldValue(name, value)
  }
}

export const ContactFieldset = withForm({
  ...registrationFormOptions,
  render: function ContactFieldset({ form }) {
    const countriesQuery = useQuery(addressQueryOptions())
    const countries = countriesQuery.data?.countryDetailsList ?? NO_COUNTRIES
    // The prerendered page cannot have read the lists; its route reads them before the app hydrates
    // it (routes/_data.create-profile.register.tsx), so the lists are there when the page is live.
    const loading = useHydrated() && countriesQuery.isPending
    return (
      <fieldset className={sectionClasses}>
        <legend className={sectionLegendClasses}>Contact and location</legend>
        <PhoneFields form={form} countries={countries} loading={loading} />
        <PlaceFields form={form} countries={countries} loading={loading} />
      </fieldset>
    )
  },
})

const NO_COUNTRIES: ReadonlyArray<CountryDetail> = []

const listProps = { countries: NO_COUNTRIES, loading: false }

/** The country code (choosing one chooses its country) and the phone number, which waits for it. */
const PhoneFields = withForm({
  ...registrationFormOptions,
  props: listProps,
  render: function PhoneFields({ form, countries, loading }) {
    const country = useStore(form.store, (snapshot) => snapshot.values.country)
    const countryCode = useStore(form.store, (snapshot) => snapshot.values.countryCode)
    return (
      <>
        <form.AppField
          name="countryCode"
          validators={{ onChange: countryCodeSchema, onBlur: countryCodeSchema }}
        >
          {(field) => {
            const error = firstErrorMessage(field.state.meta.errors)
            return (
              <Field invalid={error !== undefined} required>
                <FieldLabel>Country code</FieldLabel>
                <CountryCodeSelect
                  name={field.name}
                  countries={countries}
                  countryCode={countryCode}
                  country={country}
                  onChooseCountry={(chosen) => {
                    const fields = chooseCountry(countries, chosen)
                    field.handleChange(fields.countryCode)
                    applyAddress(form, fields, 'countryCode')
                  }}
                  onClose={field.handleBlur}
                  placeholder={loading ? 'Loading codes…' : 'Select a code'}
                />
                <FieldError>{error}</FieldError>
              </Field>
            )
          }}
        </form.AppField>
        <form.AppField
          name="phoneNumber"
          validators={{ onChange: registrationPhoneNumberSchema, onBlur: registrationPhoneNumberSchema }}
        >
          {(field) => (
            <field.TextField
              label="Phone number"
              type="tel"
              autoComplete="tel-national"
              disabled={countryCode === ''}
              hint={countryCode === '' ? 'Choose a country code first.' : '7 to 13 digits.'}
              required
            />
          )}
        </form.AppField>
      </>
    )
  },
})

/** Country, state and city: each choice fills or empties the ones after it. */
const PlaceFields = withForm({
  ...registrationFormOptions,
  props: listProps,
  render: function PlaceFields({ form, countries, loading }) {
    const country = useStore(form.store, (snapshot) => snapshot.values.country)
    const chosenState = useStore(form.store, (snapshot) => snapshot.values.state)
    const placesQuery = useQuery({ ...addressQueryOptions(country), enabled: country !== '' })
    const states = placesQuery.data ? stateOptions(placesQuery.data, country) : []
    const cities = placesQuery.data ? cityOptions(placesQuery.data, chosenState) : []
    const statePlaceholder =
      country === '' ? 'Choose a country first' : placesQuery.isPending ? 'Loading states…' : 'Select a state'
    return (
      <>
        <form.AppField name="country" validators={{ onChange: countrySchema, onBlur: countrySchema }}>
          {(field) => (
            <field.SelectField
              label="Country"
              placeholder={loading ? 'Loading countries…' : 'Select a country'}
              options={countries.map((item) => ({ value: item.country, label: item.country }))}
              onValueChange={(chosen) => applyAddress(form, chooseCountry(countries, chosen), 'country')}
              required
            />
          )}
        </form.AppField>
        <form.AppField name="state" validators={{ onChange: stateSchema, onBlur: stateSchema }}>
          {(field) => (
            <field.SelectField
              label="State"
              placeholder={statePlaceholder}
              options={states.map((item) => ({ value: item, label: item }))}
              disabled={country === ''}
              onValueChange={(chosen) => applyAddress(form, chooseState(chosen), 'state')}
              required
            />
          )}
        </form.AppField>
        <form.AppField name="city" validators={{ onChange: citySchema, onBlur: citySchema }}>
          {(field) => (
            <field.SelectField
              label="City"
              placeholder={chosenState === '' ? 'Choose a state first' : 'Select a city'}
              options={cities.map((item) => ({ value: item, label: item }))}
              disabled={chosenState === ''}
              required
            />
          )}
        </form.AppField>
      </>
    )
  },
})

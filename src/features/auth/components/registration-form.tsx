import { useStore } from '@tanstack/react-form'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { MailCheck } from 'lucide-react'
import * as React from 'react'
import * as v from 'valibot'
import { CountryCodeSelect } from '@/components/form/country-code-select'
import { firstErrorMessage } from '@/components/form/form-context'
import { useAppForm } from '@/components/form/form-kit'
import { Button } from '@/components/ui/button'
import { Field, FieldError, FieldLabel } from '@/components/ui/field'
import { FullScreenLoader } from '@/components/ui/full-screen-loader'
import {
  type AddressFields,
  chooseCountry,
  chooseState,
  cityOptions,
  stateOptions,
} from '@/contract/address-cascade'
import { firstMessage, LINES_OF_BUSINESS } from '@/contract/validation/fields'
import {
  citySchema,
  countryCodeSchema,
  countrySchema,
  emptyRegistrationFormValues,
  firstNameOnBlurSchema,
  firstNameSchema,
  lastNameOnBlurSchema,
  lastNameSchema,
  lobSchema,
  organizationSchema,
  reEnterEmailSchema,
  registrationEmailSchema,
  registrationFormSchema,
  registrationPhoneNumberSchema,
  stateSchema,
} from '@/contract/validation/registration'
import { useRegisterMutation } from '@/features/auth/api/register'
import { AuthCard } from '@/features/auth/components/auth-card'
import { CreatePasswordDialog } from '@/features/auth/components/create-password-dialog'
import { OwnToaster } from '@/features/auth/components/registration-toasts'
import { toRegistrationPayload } from '@/features/auth/model/registration-payload'
import { REGISTRATION_TOASTER_ID } from '@/features/auth/model/toasters'
import { addressQueryOptions } from '@/lib/address-query'
import { answerOrNull, showToast } from '@/lib/api-failure'
import { useTimeout } from '@/lib/clock'
import { type PendingRegistration, readPendingRegistration, writePendingRegistration } from '@/lib/storage'

/** Spec §9: the success toast lasts 2 s, and the Create Password dialog opens 2 s after success. */
export const REGISTRATION_SUCCESS_TOAST_MS = 2000
export const CREATE_PASSWORD_DIALOG_DELAY_MS = 2000

// The form's three parts: two columns from small screens up, one on phones.
const sectionClasses = 'grid min-w-0 gap-x-5 gap-y-4 sm:grid-cols-2'
const sectionLegendClasses = 'mb-4 text-small font-semibold tracking-wide text-ink-muted uppercase'

const LOB_OPTIONS = LINES_OF_BUSINESS.map((line) => ({ value: line, label: line }))

/*
 * The pending registration as useSyncExternalStore reads it (the same object while the stored
 * text is the same), and none on the server, which cannot know this tab's session storage. Only
 * this screen changes it, and it keeps what it wrote in its own state, so nothing to subscribe to.
 */
const noStoredRegistration = () => null
const subscribeToNothing = () => () => {}

/**
 * /create-profile/register (spec §2, §4, §5): the vendor's details, organization, lines of
 * business, phone and address. Messages show while typing, and a name's 3-character minimum, like
 * a required field left empty, when the field is left. On SUCCESS the answer is kept for the
 * Create Password dialog, which opens 2 s later and can be opened again from this screen.
 */
/** Registering from an invitation's link (issue 18): its token, and the e-mail and organization it names. */
export type RegistrationInvitation = {
  token: string
  email?: string | undefined
  organization?: string | undefined
}

function RegistrationForm({ invitation }: { invitation?: RegistrationInvitation | undefined } = {}) {
  const register = useRegisterMutation()
  const countriesQuery = useQuery(addressQueryOptions())
  const countries = React.useMemo(() => countriesQuery.data?.countryDetailsList ?? [], [countriesQuery.data])

  // A registration this tab made earlier (the page was reloaded, or the vendor came back to it)
  // until this page registers or creates the password itself; then what it knows wins.
  const stored = React.useSyncExternalStore(subscribeToNothing, readPendingRegistration, noStoredRegistration)
  const [known, setKnown] = React.useState<PendingRegistration | null | undefined>(undefined)
  const registration = known === undefined ? stored : known

  const [dialogOpen, setDialogOpen] = React.useState(false)
  // Which success the dialog is waiting for (null: none), so a second success waits afresh.
  const [dialogDue, setDialogDue] = React.useState<number | null>(null)
  useTimeout(
    () => {
      setDialogDue(null)
      setDialogOpen(true)
    },
    dialogDue === null ? null : CREATE_PASSWORD_DIALOG_DELAY_MS,
    dialogDue,
  )

  const form = useAppForm({
    defaultValues: emptyRegistrationFormValues,
    listeners: {
      // A message shown on leaving a field (a name too short) must not outlive the typing that
      // mends it: while one shows, each change checks the field's on-leave rule again.
      onChange: ({ fieldApi, formApi }) => {
        const recheck = (name: typeof fieldApi.name) => {
          if (formApi.getFieldMeta(name)?.errorMap.onBlur) void formApi.validateField(name, 'blur')
        }
        recheck(fieldApi.name)
        if (fieldApi.name === 'email') recheck('reEnterEmail')
      },
    },
    onSubmit: async ({ value }) => {
      const payload = invitation
        ? { ...toRegistrationPayload(value), invitationToken: invitation.token }
        : toRegistrationPayload(value)
      // Spec §8: a failure is told in this screen's toast container (the mutation's meta), and a
      // request that gets no answer is logged only; either way the form stays as it was.
      const answer = await answerOrNull(register.mutateAsync(payload))
      if (answer === null) return
      const registration = { ...answer, id: answer.id ?? '', emailId: answer.emailId ?? payload.emailId }
      writePendingRegistration(registration)
      // Where session storage is unavailable, the answer in memory still finishes the flow.
      setKnown(readPendingRegistration() ?? { id: registration.id, emailId: registration.emailId })
      void showToast('success', answer.message, {
        toasterId: REGISTRATION_TOASTER_ID,
        duration: REGISTRATION_SUCCESS_TOAST_MS,
      })
      setDialogDue((due) => (due ?? 0) + 1)
    },
  })

  // The invitation's e-mail and organization fill their fields once the page is live (the
  // prerendered page has no search parameters, so its first render stays the empty form).
  const invitedEmail = invitation?.email
  const invitedOrganization = invitation?.organization
  React.useEffect(() => {
    if (invitedEmail) {
      form.setFieldValue('email', invitedEmail)
      form.setFieldValue('reEnterEmail', invitedEmail)
    }
    if (invitedOrganization) form.setFieldValue('organization', invitedOrganization)
  }, [form, invitedEmail, invitedOrganization])

  /** Applies a cascade step: fields it empties start afresh, without messages. */
  const applyAddress = (fields: Partial<AddressFields>, chosen: keyof AddressFields) => {
    for (const [name, value] of Object.entries(fields) as Array<[keyof AddressFields, string]>) {
      if (name === chosen) continue
      if (value === '') form.resetField(name)
      else form.setFieldValue(name, value)
    }
  }

  const country = useStore(form.store, (snapshot) => snapshot.values.country)
  const chosenState = useStore(form.store, (snapshot) => snapshot.values.state)
  const countryCode = useStore(form.store, (snapshot) => snapshot.values.countryCode)
  const placesQuery = useQuery({ ...addressQueryOptions(country), enabled: country !== '' })
  const states = placesQuery.data ? stateOptions(placesQuery.data, country) : []
  const cities = placesQuery.data ? cityOptions(placesQuery.data, chosenState) : []

  const complete = useStore(form.store, (snapshot) => v.is(registrationFormSchema, snapshot.values))
  // Stays while the dialog is open (behind it), so that closing the dialog can return focus here.
  const showReopen = registration !== null && dialogDue === null
  const reopenButton = React.useRef<HTMLButtonElement>(null)

  return (
    <AuthCard
      title="Register your organization"
      lead="Tell us about you and your organization. We will e-mail you a 6-digit code to create your password. All fields are required."
      width="wide"
      footer={
        <p>
          Already registered?{' '}
          <Link to="/login" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            Sign in
          </Link>
        </p>
      }
    >
      {showReopen ? (
        <div
          data-slot="pending-registration"
          className="flex flex-col gap-3 rounded-control border border-brand-200 bg-brand-50 p-4 sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="flex items-start gap-2 text-small text-ink">
            <MailCheck className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
            <span>
              We sent a 6-digit code to{' '}
              <strong className="[overflow-wrap:anywhere]">{registration.emailId}</strong>. Create your
              password to finish registering.
            </span>
          </p>
          <Button
            ref={reopenButton}
            variant="secondary"
            className="self-start sm:self-auto"
            onClick={() => setDialogOpen(true)}
          >
            Create your password
          </Button>
        </div>
      ) : null}

      <form
        noValidate
        aria-labelledby="page-title"
        className="flex flex-col gap-8"
        onSubmit={(event) => {
          event.preventDefault()
          void form.handleSubmit()
        }}
      >
        <fieldset className={sectionClasses}>
          <legend className={sectionLegendClasses}>Your details</legend>
          <form.AppField
            name="firstName"
            validators={{ onChange: firstNameSchema, onBlur: firstNameOnBlurSchema }}
          >
            {(field) => <field.TextField label="First name" autoComplete="given-name" required />}
          </form.AppField>
          <form.AppField
            name="lastName"
            validators={{ onChange: lastNameSchema, onBlur: lastNameOnBlurSchema }}
          >
            {(field) => <field.TextField label="Last name" autoComplete="family-name" required />}
          </form.AppField>
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
          <form.AppField
            name="reEnterEmail"
            validators={{
              onChangeListenTo: ['email'],
              // Typing the email above must not call for this one before the vendor gets to it.
              onChange: ({ value, fieldApi }) =>
                value === '' && !fieldApi.state.meta.isTouched
                  ? undefined
                  : firstMessage(reEnterEmailSchema(fieldApi.form.getFieldValue('email')), value),
              onBlur: ({ value, fieldApi }) =>
                firstMessage(reEnterEmailSchema(fieldApi.form.getFieldValue('email')), value),
            }}
          >
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

        <fieldset className={sectionClasses}>
          <legend className={sectionLegendClasses}>Contact and location</legend>
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
                      applyAddress(fields, 'countryCode')
                    }}
                    onClose={field.handleBlur}
                    placeholder={countriesQuery.isPending ? 'Loading codes…' : 'Select a code'}
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
          <form.AppField name="country" validators={{ onChange: countrySchema, onBlur: countrySchema }}>
            {(field) => (
              <field.SelectField
                label="Country"
                placeholder={countriesQuery.isPending ? 'Loading countries…' : 'Select a country'}
                options={countries.map((item) => ({ value: item.country, label: item.country }))}
                onValueChange={(chosen) => applyAddress(chooseCountry(countries, chosen), 'country')}
                required
              />
            )}
          </form.AppField>
          <form.AppField name="state" validators={{ onChange: stateSchema, onBlur: stateSchema }}>
            {(field) => (
              <field.SelectField
                label="State"
                placeholder={
                  country === ''
                    ? 'Choose a country first'
                    : placesQuery.isPending
                      ? 'Loading states…'
                      : 'Select a state'
                }
                options={states.map((item) => ({ value: item, label: item }))}
                disabled={country === ''}
                onValueChange={(chosen) => applyAddress(chooseState(chosen), 'state')}
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
        </fieldset>

        <div className="flex flex-col gap-3 border-t border-line pt-6 sm:flex-row sm:items-center sm:justify-end">
          <form.AppForm>
            <form.SubmitButton size="lg" disabled={!complete} className="w-full sm:w-auto sm:min-w-44">
              Register
            </form.SubmitButton>
          </form.AppForm>
        </div>
      </form>

      <FullScreenLoader open={register.isPending} label="Registering your organization…" />
      <OwnToaster id={REGISTRATION_TOASTER_ID} label="Registration notifications" />
      <CreatePasswordDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        registration={registration}
        onPasswordCreated={() => setKnown(null)}
        returnFocusTo={reopenButton}
      />
    </AuthCard>
  )
}

export { RegistrationForm }

import preview from '#.storybook/preview'
import * as v from 'valibot'
import { expect, fn, waitFor, within } from 'storybook/test'
import { useAppForm } from '@/components/form/form-kit'

/*
 * The form kit binds TanStack Form to the primitives: valibot schemas are the validators, each
 * field shows its first error under it, and the submit button follows the form's state. The
 * schemas here use the specification's messages (spec §5); the real ones live in src/contract.
 */

const onSubmit = fn()

const emailSchema = v.pipe(v.string(), v.email('Must be a valid email format.'))
const passwordSchema = v.pipe(
  v.string(),
  v.nonEmpty('This field is required'),
  v.regex(/^\S*$/, 'Spaces are not allowed in the password'),
)
const required = v.pipe(v.string(), v.nonEmpty('This field is required'))

function SignInForm() {
  const form = useAppForm({
    defaultValues: { emailId: '', password: '', remember: false },
    onSubmit: ({ value }) => onSubmit(value),
  })
  return (
    <form
      noValidate
      className="flex w-full max-w-sm flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault()
        void form.handleSubmit()
      }}
    >
      <form.AppField name="emailId" validators={{ onChange: emailSchema }}>
        {(field) => <field.TextField label="Email" type="email" autoComplete="username" required />}
      </form.AppField>
      <form.AppField name="password" validators={{ onChange: passwordSchema }}>
        {(field) => (
          <field.TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            blockPaste
            required
          />
        )}
      </form.AppField>
      <form.AppField name="remember">
        {(field) => <field.CheckboxField label="Remember User ID" />}
      </form.AppField>
      <form.AppForm>
        <form.SubmitButton>Login</form.SubmitButton>
      </form.AppForm>
    </form>
  )
}

const meta = preview.meta({
  title: 'UI/Form kit',
  render: () => <SignInForm />,
})

/** Errors follow typing; paste is refused in the password; Enter on the button submits the values. */
export const SignIn = meta.story({
  name: 'Sign in',
  play: async ({ canvas, userEvent }) => {
    onSubmit.mockClear()
    const email = canvas.getByRole('textbox', { name: 'Email' })
    await userEvent.tab()
    await expect(email).toHaveFocus()
    await userEvent.type(email, 'priya.sharma@nokia')
    const message = await canvas.findByText('Must be a valid email format.')
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    await expect(email.getAttribute('aria-describedby')).toContain(message.id)
    await userEvent.type(email, '.com')
    await waitFor(() => expect(canvas.queryByText('Must be a valid email format.')).toBeNull())
    await expect(email).not.toHaveAttribute('aria-invalid')

    await userEvent.tab()
    const password = canvas.getByLabelText(/^Password/)
    await expect(password).toHaveFocus()
    await userEvent.paste('Pasted#123')
    await expect(password).toHaveValue('')
    await userEvent.type(password, 'Secret 123')
    await expect(await canvas.findByText('Spaces are not allowed in the password')).toBeVisible()
    const login = canvas.getByRole('button', { name: 'Login' })
    await expect(login).toBeDisabled()
    await userEvent.clear(password)
    await userEvent.type(password, 'Secret#123')
    await waitFor(() => expect(login).toBeEnabled())

    await userEvent.tab()
    await userEvent.keyboard(' ')
    await expect(canvas.getByRole('checkbox', { name: 'Remember User ID' })).toBeChecked()
    await userEvent.tab()
    await expect(login).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        emailId: 'priya.sharma@nokia.com',
        password: 'Secret#123',
        remember: true,
      }),
    )
  },
})

const COUNTRIES = [
  { value: 'India', label: 'India (+91)' },
  { value: 'Finland', label: 'Finland (+358)' },
  { value: 'United States', label: 'United States (+1)' },
]
const LOB = [
  { value: 'Wireline', label: 'Wireline' },
  { value: 'Wireless', label: 'Wireless' },
]
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map((day) => ({
  value: day,
  label: day.charAt(0),
  srLabel: day,
}))

function ContactForm({ onSend }: { onSend: (value: unknown) => unknown }) {
  const form = useAppForm({
    defaultValues: { organization: '', country: '', lob: [] as string[], days: [] as string[], bestTime: '' },
    onSubmit: ({ value }) => onSend(value),
  })
  return (
    <form
      noValidate
      className="flex w-full max-w-md flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault()
        void form.handleSubmit()
      }}
    >
      <form.AppField name="organization" validators={{ onSubmit: required }}>
        {(field) => <field.TextField label="Organization" required />}
      </form.AppField>
      <form.AppField name="country" validators={{ onSubmit: required }}>
        {(field) => (
          <field.SelectField label="Country" placeholder="Select a country" options={COUNTRIES} required />
        )}
      </form.AppField>
      <form.AppField
        name="lob"
        validators={{ onSubmit: v.pipe(v.array(v.string()), v.minLength(1, 'LOB is required.')) }}
      >
        {(field) => <field.ChipGroupField label="LOB" options={LOB} required />}
      </form.AppField>
      <form.AppField name="days">
        {(field) => (
          <field.ChipGroupField label="Days" shape="letter" options={DAYS} hint="Best days to call you." />
        )}
      </form.AppField>
      <form.AppField name="bestTime" validators={{ onSubmit: required }}>
        {(field) => <field.TimeField label="Best time to reach" hint="24-hour time, HH:MM." required />}
      </form.AppField>
      <form.AppForm>
        <form.SubmitButton enabledWhenInvalid className="self-start">
          Submit
        </form.SubmitButton>
      </form.AppForm>
    </form>
  )
}

/** Submitting an empty form shows every required message at once, each beside its field. */
export const RequiredOnSubmit = meta.story({
  name: 'Required on submit',
  render: () => <ContactForm onSend={onSubmit} />,
  play: async ({ canvas, userEvent }) => {
    onSubmit.mockClear()
    const submit = canvas.getByRole('button', { name: 'Submit' })
    submit.focus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(canvas.getAllByText('This field is required')).toHaveLength(3))
    await expect(canvas.getByText('LOB is required.')).toBeVisible()
    await expect(canvas.getByRole('textbox', { name: 'Organization' })).toHaveAttribute(
      'aria-invalid',
      'true',
    )
    await expect(canvas.getByRole('combobox', { name: 'Country' })).toHaveAttribute('aria-invalid', 'true')
    await expect(onSubmit).not.toHaveBeenCalled()
  },
})

/** Filled from the keyboard — select, chips, time — the form sends exactly what was chosen. */
export const FilledByKeyboard = meta.story({
  name: 'Filled by keyboard',
  render: () => <ContactForm onSend={onSubmit} />,
  play: async ({ canvas, canvasElement, userEvent }) => {
    onSubmit.mockClear()
    await userEvent.tab()
    await userEvent.keyboard('Acme Broadband')
    await userEvent.tab()
    await expect(canvas.getByRole('combobox', { name: 'Country' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    const listbox = await within(canvasElement.ownerDocument.body).findByRole('listbox')
    await waitFor(() => expect(listbox).toBeVisible())
    await userEvent.keyboard('{ArrowDown}{Enter}')
    await waitFor(() =>
      expect(canvas.getByRole('combobox', { name: 'Country' })).toHaveTextContent('Finland (+358)'),
    )
    await userEvent.tab()
    await expect(canvas.getByRole('button', { name: 'Wireline' })).toHaveFocus()
    await userEvent.keyboard('{ArrowRight} ')
    await expect(canvas.getByRole('button', { name: 'Wireless' })).toHaveAttribute('aria-pressed', 'true')
    await userEvent.tab()
    await expect(canvas.getByRole('button', { name: 'Sunday' })).toHaveFocus()
    await userEvent.keyboard('{ArrowRight} {ArrowRight}{ArrowRight}{ArrowRight} ')
    await userEvent.tab()
    await userEvent.keyboard('0930')
    await userEvent.tab()
    await expect(canvas.getByRole('button', { name: 'Submit' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        organization: 'Acme Broadband',
        country: 'Finland',
        lob: ['Wireless'],
        days: ['Monday', 'Thursday'],
        bestTime: '09:30',
      }),
    )
  },
})

/** While the request is pending the submit button is busy and cannot send twice. */
export const Submitting = meta.story({
  name: 'Submitting',
  render: () => <ContactForm onSend={() => new Promise(() => undefined)} />,
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Organization' }), 'Acme Broadband')
    canvas.getByRole('combobox', { name: 'Country' }).focus()
    await userEvent.keyboard('{Enter}')
    await within(canvasElement.ownerDocument.body).findByRole('listbox')
    await userEvent.keyboard('{Enter}')
    canvas.getByRole('button', { name: 'Wireline' }).focus()
    await userEvent.keyboard(' ')
    await userEvent.type(canvas.getByRole('textbox', { name: /Best time to reach/ }), '1015')
    const submit = canvas.getByRole('button', { name: 'Submit' })
    submit.focus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(submit).toHaveAttribute('aria-busy', 'true'))
    await expect(submit).toBeDisabled()
  },
})

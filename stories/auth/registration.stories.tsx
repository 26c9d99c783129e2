import preview from '#.storybook/preview'
import { storyClock } from '#.storybook/clock'
import { http, HttpResponse } from 'msw'
import { toast } from 'sonner'
import { expect, screen, type UserEventObject, waitFor, within } from 'storybook/test'
import { endpoints } from '@/contract/endpoints'
import {
  ALPHANUMERIC_AND_SPACES_MESSAGE,
  CITY_REQUIRED_MESSAGE,
  COUNTRY_CODE_REQUIRED_MESSAGE,
  COUNTRY_REQUIRED_MESSAGE,
  EMAIL_FORMAT_MESSAGE,
  FIRST_NAME_REQUIRED_MESSAGE,
  LETTERS_ONLY_MESSAGE,
  LOB_REQUIRED_MESSAGE,
  NAME_LENGTH_MESSAGE,
  PHONE_NUMBER_FORMAT_MESSAGE,
  PHONE_NUMBER_LENGTH_MESSAGE,
  RE_ENTER_EMAIL_MISMATCH_MESSAGE,
  STATE_REQUIRED_MESSAGE,
} from '@/contract/messages'
import { INVALID_CODE_MESSAGE, registrationSuccessMessage } from '@/contract/server-messages'
import { readPendingRegistration, removePendingRegistration, writePendingRegistration } from '@/lib/storage'
import { endpointUrl } from '@/mocks/handlers'
import { scenarios } from '@/mocks/scenarios'
import { RegistrationForm } from '@/features/auth/components/registration-form'
import { OwnToaster } from '@/features/auth/components/registration-toasts'
import {
  ContactFieldset,
  DetailsFieldset,
  OrganizationFieldset,
} from '@/features/auth/components/registration-fields'

/**
 * The registration screen (spec §2, §4, §5, §8) in the real route tree: each field's messages as
 * the vendor types and leaves fields, the phone waiting for a country code, the country → state →
 * city cascade, the Register button, the loader, what reaches the server, and the answers: a 2 s
 * success toast with the Create Password dialog opening 2 s later, or the server's message.
 */

const HEADING = 'Register your organization'
const NEW_EMAIL = 'ravi.kumar@acme-broadband.com'
/** A vendor of the fixture world: registering this address again answers as for a new one. */
const EXISTING_EMAIL = 'priya.sharma@nokia.com'

/** The bodies that reached POST registration/create in the story that records them. */
const sent: unknown[] = []

function withoutPendingRegistration() {
  // The toast store outlives a story: the toasts of the story before must not answer for this one.
  toast.dismiss()
  removePendingRegistration()
  return () => removePendingRegistration()
}

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `Registration at \`/create-profile/register\`, for someone registering a new vendor organization (an
invited person joins from the invitation instead). Each field says what is wrong as it is typed or
left; the phone waits for a country code; country → state → city cascade; Register is enabled only
when every field is filled and no message shows. On success a toast, then the Create Password dialog
2 s later; an address that already has an account gets the same answer, so the screen tells nobody
which addresses have accounts.`

const meta = preview.meta({
  title: 'Auth/Registration',
  component: RegistrationForm,
  subcomponents: { OwnToaster, DetailsFieldset, OrganizationFieldset, ContactFieldset },
  parameters: {
    layout: 'fullscreen',
    router: { app: true, url: '/create-profile/register' },
    docs: { description: { component: ABOUT } },
  },
  beforeEach: withoutPendingRegistration,
  render: () => <></>,
})

type Canvas = ReturnType<typeof within>

const fields = (canvas: Canvas) => ({
  firstName: canvas.getByRole('textbox', { name: 'First name' }),
  lastName: canvas.getByRole('textbox', { name: 'Last name' }),
  email: canvas.getByRole('textbox', { name: 'Email' }),
  reEnterEmail: canvas.getByRole('textbox', { name: 'Re-enter email' }),
  organization: canvas.getByRole('textbox', { name: 'Organization' }),
  wireline: canvas.getByRole('button', { name: 'Wireline' }),
  wireless: canvas.getByRole('button', { name: 'Wireless' }),
  countryCode: canvas.getByRole('combobox', { name: 'Country code' }),
  phoneNumber: canvas.getByRole('textbox', { name: 'Phone number' }),
  country: canvas.getByRole('combobox', { name: 'Country' }),
  state: canvas.getByRole('combobox', { name: 'State' }),
  city: canvas.getByRole('combobox', { name: 'City' }),
  register: canvas.getByRole('button', { name: 'Register' }),
})

type UserEvent = UserEventObject

/** The screen, once the country list has arrived. */
async function ready(canvas: Canvas) {
  await canvas.findByRole('heading', { level: 1, name: HEADING })
  const form = fields(canvas)
  await waitFor(() => expect(form.country).toHaveTextContent('Select a country'))
  return form
}

/** Opens a select and picks an option (the list renders in a portal, outside the canvas). */
async function choose(userEvent: UserEvent, select: HTMLElement, option: string) {
  await userEvent.click(select)
  // A dependent list may still be on its way.
  await userEvent.click(await screen.findByRole('option', { name: option }))
  await waitFor(() => expect(select).toHaveTextContent(option))
}

/** The message shown under a field (its accessible description names it). */
async function expectMessage(control: HTMLElement, message: string) {
  await waitFor(() => expect(control).toHaveAccessibleDescription(expect.stringContaining(message)))
  await expect(control).toHaveAttribute('aria-invalid', 'true')
}

/** A toast of this screen's own container, once it has slid in, and of this kind. */
async function expectToast(text: string, type: 'success' | 'error') {
  const toasts = await screen.findByRole('region', { name: /^Registration notifications/ })
  const message = await within(toasts).findByText(text)
  await waitFor(() => expect(message).toBeVisible())
  await expect(message.closest('[data-sonner-toast]')).toHaveAttribute('data-type', type)
  return message
}

async function expectNoMessage(control: HTMLElement) {
  await waitFor(() => expect(control).not.toHaveAttribute('aria-invalid'))
}

/** Fills every field with a valid registration, as a vendor would. */
async function fillRegistration(canvas: Canvas, userEvent: UserEvent, email = NEW_EMAIL) {
  const form = await ready(canvas)
  await userEvent.type(form.firstName, 'Ravi')
  await userEvent.type(form.lastName, 'Kumar')
  await userEvent.type(form.email, email)
  await userEvent.type(form.reEnterEmail, email)
  await userEvent.type(form.organization, 'Acme Broadband')
  await userEvent.click(form.wireline)
  await choose(userEvent, form.country, 'India')
  await choose(userEvent, form.state, 'Karnataka')
  await choose(userEvent, form.city, 'Bengaluru')
  await userEvent.type(form.phoneNumber, '98450 12345')
  return form
}

/** The empty screen: every field empty, the dependent ones disabled, Register waiting. */
export const Empty = meta.story({
  name: 'Empty',
  play: async ({ canvas }) => {
    const form = await ready(canvas)
    for (const name of [
      'firstName',
      'lastName',
      'email',
      'reEnterEmail',
      'organization',
      'phoneNumber',
    ] as const) {
      await expect(form[name]).toHaveValue('')
    }
    await expect(form.wireline).toHaveAttribute('aria-pressed', 'false')
    await expect(form.wireless).toHaveAttribute('aria-pressed', 'false')
    await expect(form.countryCode).toHaveTextContent('Select a code')
    await expect(form.country).toHaveTextContent('Select a country')
    await expect(form.phoneNumber).toBeDisabled()
    await expect(form.state).toBeDisabled()
    await expect(form.city).toBeDisabled()
    await expect(form.register).toBeDisabled()
    await expect(canvas.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login')
    await expect(canvas.queryByRole('button', { name: 'Create your password' })).toBeNull()
  },
})

/** First name: letters and spaces while typing, at most 50, and at least 3 when the field is left. */
export const FirstNameMessages = meta.story({
  name: 'First name messages',
  play: async ({ canvas, userEvent }) => {
    const { firstName } = await ready(canvas)
    await userEvent.type(firstName, 'Ravi2')
    await expectMessage(firstName, LETTERS_ONLY_MESSAGE)
    await userEvent.type(firstName, '{Backspace}')
    await expectNoMessage(firstName)

    await userEvent.clear(firstName)
    await expectMessage(firstName, FIRST_NAME_REQUIRED_MESSAGE)
    // Spaces are letters' company: 'Anne Marie' passes.
    await userEvent.type(firstName, 'Anne Marie')
    await expectNoMessage(firstName)

    await userEvent.clear(firstName)
    await userEvent.type(firstName, 'A'.repeat(50))
    await expectNoMessage(firstName)
    await userEvent.type(firstName, 'A')
    await expectMessage(firstName, NAME_LENGTH_MESSAGE)

    // Two letters pass while typing; leaving the field asks for three.
    await userEvent.clear(firstName)
    await userEvent.type(firstName, 'Al')
    await expectNoMessage(firstName)
    await userEvent.tab()
    await expectMessage(firstName, NAME_LENGTH_MESSAGE)
    // Spaces do not count towards the three.
    await userEvent.type(firstName, ' ')
    await expectMessage(firstName, NAME_LENGTH_MESSAGE)
    await userEvent.type(firstName, 'i')
    await expectNoMessage(firstName)
  },
})

/** Last name: letters only (no spaces), at most 50, at least 3 on leaving the field. */
export const LastNameMessages = meta.story({
  name: 'Last name messages',
  play: async ({ canvas, userEvent }) => {
    const { lastName } = await ready(canvas)
    await userEvent.type(lastName, 'Van Dijk')
    await expectMessage(lastName, LETTERS_ONLY_MESSAGE)
    await userEvent.clear(lastName)
    await userEvent.type(lastName, 'Müller')
    await expectNoMessage(lastName)
    await userEvent.clear(lastName)
    await userEvent.type(lastName, 'K'.repeat(51))
    await expectMessage(lastName, NAME_LENGTH_MESSAGE)
    await userEvent.clear(lastName)
    await userEvent.type(lastName, 'Li')
    await expectNoMessage(lastName)
    await userEvent.tab()
    await expectMessage(lastName, NAME_LENGTH_MESSAGE)
    await userEvent.click(lastName)
    await userEvent.type(lastName, 'm')
    await expectNoMessage(lastName)
  },
})

/** Email in email shape; the re-entered address must match exactly, and cannot be pasted. */
export const EmailMessages = meta.story({
  name: 'Email messages',
  play: async ({ canvas, userEvent }) => {
    const { email, reEnterEmail } = await ready(canvas)
    await userEvent.type(email, 'ravi.kumar@acme')
    await expectMessage(email, EMAIL_FORMAT_MESSAGE)
    await userEvent.type(email, '-broadband.com')
    await expectNoMessage(email)
    // The field below waits for the vendor to get to it.
    await expectNoMessage(reEnterEmail)

    await userEvent.click(reEnterEmail)
    await userEvent.paste(NEW_EMAIL)
    await expect(reEnterEmail).toHaveValue('')

    await userEvent.type(reEnterEmail, 'ravi.kumar@acme-broadband.co')
    await expectMessage(reEnterEmail, RE_ENTER_EMAIL_MISMATCH_MESSAGE)
    await userEvent.type(reEnterEmail, 'm')
    await expectNoMessage(reEnterEmail)

    // Changing the email above makes them differ again.
    await userEvent.type(email, '{Backspace}{Backspace}{Backspace}in')
    await expectMessage(reEnterEmail, RE_ENTER_EMAIL_MISMATCH_MESSAGE)
    await userEvent.type(email, '{Backspace}{Backspace}com')
    await expectNoMessage(reEnterEmail)
  },
})

/** Organization: letters, digits and spaces, 3 to 50. */
export const OrganizationMessages = meta.story({
  name: 'Organization messages',
  play: async ({ canvas, userEvent }) => {
    const { organization } = await ready(canvas)
    await userEvent.type(organization, 'Acme & Sons')
    await expectMessage(organization, ALPHANUMERIC_AND_SPACES_MESSAGE)
    await userEvent.clear(organization)
    await userEvent.type(organization, 'Acme Broadband 5G')
    await expectNoMessage(organization)
    await userEvent.clear(organization)
    await userEvent.type(organization, 'O'.repeat(51))
    await expectMessage(organization, NAME_LENGTH_MESSAGE)
    await userEvent.clear(organization)
    await userEvent.type(organization, 'AB')
    await userEvent.tab()
    await expectMessage(organization, NAME_LENGTH_MESSAGE)
  },
})

/** LOB: at least one line; choosing one and then unchoosing it calls for one. */
export const LobRequired = meta.story({
  name: 'Line of business required',
  play: async ({ canvas, userEvent }) => {
    const { wireline, wireless } = await ready(canvas)
    await userEvent.click(wireline)
    await expect(wireline).toHaveAttribute('aria-pressed', 'true')
    await expect(canvas.queryByText(LOB_REQUIRED_MESSAGE)).toBeNull()
    await userEvent.click(wireline)
    await expect(wireline).toHaveAttribute('aria-pressed', 'false')
    await expect(await canvas.findByText(LOB_REQUIRED_MESSAGE)).toBeVisible()
    await userEvent.click(wireless)
    await waitFor(() => expect(canvas.queryByText(LOB_REQUIRED_MESSAGE)).toBeNull())
    await userEvent.click(wireline)
    await expect(wireline).toHaveAttribute('aria-pressed', 'true')
    await expect(wireless).toHaveAttribute('aria-pressed', 'true')
  },
})

/** The phone waits for a country code; then digits, spaces, hyphens and parentheses, 7 to 13 digits. */
export const PhoneMessages = meta.story({
  name: 'Phone messages',
  play: async ({ canvas, userEvent }) => {
    const form = await ready(canvas)
    await expect(form.phoneNumber).toBeDisabled()
    await expect(form.phoneNumber).toHaveAccessibleDescription('Choose a country code first.')
    await choose(userEvent, form.countryCode, 'India (+91)')
    await expect(form.phoneNumber).toBeEnabled()
    // The code chose its country.
    await expect(form.country).toHaveTextContent('India')

    await userEvent.type(form.phoneNumber, '98450 1234x')
    await expectMessage(form.phoneNumber, PHONE_NUMBER_FORMAT_MESSAGE)
    await userEvent.clear(form.phoneNumber)
    await userEvent.type(form.phoneNumber, '(080) 41-2')
    await expectMessage(form.phoneNumber, PHONE_NUMBER_LENGTH_MESSAGE)
    // Seven digits, whatever the separators.
    await userEvent.type(form.phoneNumber, '3')
    await expectNoMessage(form.phoneNumber)
    await userEvent.clear(form.phoneNumber)
    await userEvent.type(form.phoneNumber, '1234567890123')
    await expectNoMessage(form.phoneNumber)
    await userEvent.type(form.phoneNumber, '4')
    await expectMessage(form.phoneNumber, PHONE_NUMBER_LENGTH_MESSAGE)
  },
})

/**
 * The cascade at each step: country → state enabled → city enabled; a new country sets its code
 * and clears state, city and phone; a code sets its country and clears the rest.
 */
export const AddressCascade = meta.story({
  name: 'Address cascade',
  play: async ({ canvas, userEvent }) => {
    const form = await ready(canvas)
    await expect(form.state).toBeDisabled()
    await expect(form.city).toBeDisabled()

    await choose(userEvent, form.country, 'India')
    await expect(form.countryCode).toHaveTextContent('India (+91)')
    await expect(form.phoneNumber).toBeEnabled()
    await waitFor(() => expect(form.state).toBeEnabled())
    await waitFor(() => expect(form.state).toHaveTextContent('Select a state'))
    await expect(form.city).toBeDisabled()

    await choose(userEvent, form.state, 'Karnataka')
    await waitFor(() => expect(form.city).toBeEnabled())
    await choose(userEvent, form.city, 'Mysuru')
    await userEvent.type(form.phoneNumber, '98450 12345')

    // A state of another country cannot stay: a new country starts the rest afresh.
    await choose(userEvent, form.country, 'Finland')
    await expect(form.countryCode).toHaveTextContent('Finland (+358)')
    await waitFor(() => expect(form.state).toHaveTextContent('Select a state'))
    await expect(form.city).toHaveTextContent('Choose a state first')
    await expect(form.city).toBeDisabled()
    await expect(form.phoneNumber).toHaveValue('')
    // Cleared fields start without messages.
    await expectNoMessage(form.state)
    await expectNoMessage(form.phoneNumber)

    await choose(userEvent, form.state, 'Uusimaa')
    await userEvent.click(form.state)
    await screen.findByRole('option', { name: 'Uusimaa' })
    await expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Uusimaa',
      'Pirkanmaa',
      'North Ostrobothnia',
    ])
    await userEvent.keyboard('{Escape}')

    // Several countries share +1: the code stands for the country picked with it.
    await choose(userEvent, form.countryCode, 'United States (+1)')
    await expect(form.country).toHaveTextContent('United States')
    await waitFor(() => expect(form.state).toHaveTextContent('Select a state'))
    await expect(form.city).toBeDisabled()
    await choose(userEvent, form.state, 'Texas')
    await choose(userEvent, form.city, 'Austin')
  },
})

/** Country code, country, state and city each call for a choice when their list closes empty. */
export const AddressRequired = meta.story({
  name: 'Address required',
  play: async ({ canvas, userEvent }) => {
    const form = await ready(canvas)
    await userEvent.click(form.countryCode)
    await screen.findByRole('listbox')
    await userEvent.keyboard('{Escape}')
    await expectMessage(form.countryCode, COUNTRY_CODE_REQUIRED_MESSAGE)

    await userEvent.click(form.country)
    await screen.findByRole('listbox')
    await userEvent.keyboard('{Escape}')
    await expectMessage(form.country, COUNTRY_REQUIRED_MESSAGE)

    await choose(userEvent, form.country, 'Germany')
    await expectNoMessage(form.country)
    await expectNoMessage(form.countryCode)
    await waitFor(() => expect(form.state).toBeEnabled())
    await userEvent.click(form.state)
    await screen.findByRole('option', { name: 'Bavaria' })
    await userEvent.keyboard('{Escape}')
    await expectMessage(form.state, STATE_REQUIRED_MESSAGE)

    await choose(userEvent, form.state, 'Bavaria')
    await expectNoMessage(form.state)
    await userEvent.click(form.city)
    await screen.findByRole('option', { name: 'Munich' })
    await userEvent.keyboard('{Escape}')
    await expectMessage(form.city, CITY_REQUIRED_MESSAGE)
    await choose(userEvent, form.city, 'Munich')
    await expectNoMessage(form.city)
  },
})

/** Register is enabled only when every field is filled and no message shows. */
export const RegisterEnabled = meta.story({
  name: 'Register enabled',
  play: async ({ canvas, userEvent }) => {
    const form = await fillRegistration(canvas, userEvent)
    await waitFor(() => expect(form.register).toBeEnabled())

    await userEvent.type(form.phoneNumber, 'x')
    await expectMessage(form.phoneNumber, PHONE_NUMBER_FORMAT_MESSAGE)
    await expect(form.register).toBeDisabled()
    await userEvent.type(form.phoneNumber, '{Backspace}')
    await waitFor(() => expect(form.register).toBeEnabled())

    // Unchoosing the only line of business.
    await userEvent.click(form.wireline)
    await waitFor(() => expect(form.register).toBeDisabled())
    await userEvent.click(form.wireless)
    await waitFor(() => expect(form.register).toBeEnabled())

    // A new state empties the city: the form is incomplete again.
    await choose(userEvent, form.state, 'Maharashtra')
    await expect(form.register).toBeDisabled()
    await choose(userEvent, form.city, 'Pune')
    await waitFor(() => expect(form.register).toBeEnabled())
  },
})

/** While the request is pending a full-screen loader covers the page. */
export const Registering = meta.story({
  name: 'Registering',
  beforeEach({ msw }) {
    msw.use(scenarios.loading('register'))
  },
  play: async ({ canvas, userEvent }) => {
    const form = await fillRegistration(canvas, userEvent)
    await waitFor(() => expect(form.register).toBeEnabled())
    await userEvent.click(form.register)
    const loader = await screen.findByRole('dialog', { name: 'Loading' })
    await expect(within(loader).getByRole('status')).toHaveTextContent('Registering your organization…')
    await expect(form.register).toHaveAttribute('aria-busy', 'true')
  },
})

/** What reaches the server: emailId and reEnteredEmailId, lob comma-joined, names tidied (spec §3). */
export const PayloadSent = meta.story({
  name: 'Payload sent',
  beforeEach({ msw }) {
    sent.length = 0
    msw.use(
      http.post(endpointUrl(endpoints.register), async ({ request }) => {
        sent.push(await request.clone().json())
        // Nothing returned: the fixture world answers as usual.
        return undefined
      }),
    )
  },
  play: async ({ canvas, userEvent }) => {
    const form = await ready(canvas)
    await userEvent.type(form.firstName, ' Ravi  Shankar ')
    await userEvent.type(form.lastName, 'Kumar')
    await userEvent.type(form.email, NEW_EMAIL)
    await userEvent.type(form.reEnterEmail, NEW_EMAIL)
    await userEvent.type(form.organization, 'Acme Broadband')
    // Pressed in the other order: sent in the product's order.
    await userEvent.click(form.wireless)
    await userEvent.click(form.wireline)
    await choose(userEvent, form.countryCode, 'United States (+1)')
    await userEvent.type(form.phoneNumber, '(908) 582-3000')
    await choose(userEvent, form.state, 'New Jersey')
    await choose(userEvent, form.city, 'Murray Hill')
    await waitFor(() => expect(form.register).toBeEnabled())
    await userEvent.click(form.register)
    await waitFor(() => expect(sent).toHaveLength(1))
    await expect(sent[0]).toEqual({
      firstName: 'Ravi Shankar',
      lastName: 'Kumar',
      emailId: NEW_EMAIL,
      reEnteredEmailId: NEW_EMAIL,
      organization: 'Acme Broadband',
      lob: 'Wireline,Wireless',
      phoneNumber: '(908) 582-3000',
      countryCode: '+1',
      country: 'United States',
      state: 'New Jersey',
      city: 'Murray Hill',
    })
  },
})

/** SUCCESS: the answer's message for 2 s, the answer kept, and the Create Password dialog at 2 s, not before. */
export const SuccessOpensCreatePassword = meta.story({
  name: 'Success opens create password',
  parameters: { clock: 'manual' },
  play: async ({ canvas, userEvent }) => {
    const form = await fillRegistration(canvas, userEvent)
    await waitFor(() => expect(form.register).toBeEnabled())
    await userEvent.click(form.register)

    await expectToast(registrationSuccessMessage(NEW_EMAIL), 'success')
    await expect(readPendingRegistration()).toEqual({ id: expect.any(String), emailId: NEW_EMAIL })

    storyClock().advance(1999)
    await expect(screen.queryByRole('dialog', { name: 'Create your password' })).toBeNull()
    storyClock().advance(1)
    const dialog = await screen.findByRole('dialog', { name: 'Create your password' })
    await expect(dialog).toHaveAccessibleDescription(expect.stringContaining(NEW_EMAIL))
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: '6-Digit code' })).toHaveFocus())
  },
})

/**
 * An address that already has an account (docs/decisions/0016): the same success as for a new
 * address, so the screen tells nobody which addresses have accounts; the server mails the owner a
 * notice instead of a code, and a code typed into the dialog is then wrong.
 */
export const ExistingEmail = meta.story({
  name: 'Existing email',
  parameters: { clock: 'manual' },
  play: async ({ canvas, userEvent }) => {
    const form = await fillRegistration(canvas, userEvent, EXISTING_EMAIL)
    await waitFor(() => expect(form.register).toBeEnabled())
    await userEvent.click(form.register)
    await expectToast(registrationSuccessMessage(EXISTING_EMAIL), 'success')
    await expect(readPendingRegistration()).toEqual({ id: expect.any(String), emailId: EXISTING_EMAIL })

    storyClock().advance(2000)
    const dialog = await screen.findByRole('dialog', { name: 'Create your password' })
    const scope = within(dialog)
    const code = scope.getByRole('textbox', { name: '6-Digit code' })
    await waitFor(() => expect(code).toHaveFocus())
    await userEvent.type(code, '123456')
    await userEvent.type(scope.getByLabelText(/^Password/), 'Fresh#Pass2026')
    await userEvent.type(scope.getByLabelText(/^Confirm password/), 'Fresh#Pass2026')
    const submit = scope.getByRole('button', { name: 'Create password' })
    await waitFor(() => expect(submit).toBeEnabled())
    await userEvent.click(submit)
    const toasts = await scope.findByRole('region', { name: /^Create password notifications/ })
    const message = await within(toasts).findByText(INVALID_CODE_MESSAGE)
    await expect(message.closest('[data-sonner-toast]')).toHaveAttribute('data-type', 'error')
    await expect(dialog).toBeVisible()
  },
})

/**
 * An answer whose status is not SUCCESS (spec §8): its message as an error toast in this screen's
 * own container; no Create Password dialog, nothing kept, and the form stays as it was.
 */
export const StatusNotSuccess = meta.story({
  name: 'Status not success',
  parameters: { clock: 'manual' },
  beforeEach({ msw }) {
    removePendingRegistration()
    msw.use(
      http.post(endpointUrl(endpoints.register), () =>
        HttpResponse.json({ status: 'FAILURE', message: 'Registrations are paused until Monday.' }),
      ),
    )
  },
  play: async ({ canvas, userEvent }) => {
    const form = await fillRegistration(canvas, userEvent)
    await waitFor(() => expect(form.register).toBeEnabled())
    await userEvent.click(form.register)
    await expectToast('Registrations are paused until Monday.', 'error')
    storyClock().advance(2000)
    await expect(screen.queryByRole('dialog')).toBeNull()
    await expect(readPendingRegistration()).toBeNull()
    await expect(form.firstName).toHaveValue('Ravi')
    await expect(form.register).toBeEnabled()
  },
})

/** No answer at all (spec §8): logged only; the screen stays as it was. */
export const NoAnswer = meta.story({
  name: 'No answer',
  beforeEach({ msw }) {
    msw.use(scenarios.networkFailure('register'))
  },
  play: async ({ canvas, userEvent }) => {
    const form = await fillRegistration(canvas, userEvent)
    await waitFor(() => expect(form.register).toBeEnabled())
    await userEvent.click(form.register)
    await waitFor(() => expect(form.register).not.toHaveAttribute('aria-busy'))
    await expect(screen.queryByRole('dialog')).toBeNull()
    await expect(screen.queryByText(/Registration successful/)).toBeNull()
    await expect(form.firstName).toHaveValue('Ravi')
    await expect(form.city).toHaveTextContent('Bengaluru')
    await expect(form.register).toBeEnabled()
  },
})

/** A registration made earlier in this tab: the screen offers the Create Password dialog again. */
export const PendingRegistration = meta.story({
  name: 'Pending registration',
  beforeEach() {
    writePendingRegistration({ id: 'acct-1001', emailId: NEW_EMAIL, status: 'SUCCESS' })
    return () => removePendingRegistration()
  },
  play: async ({ canvas, userEvent }) => {
    await ready(canvas)
    await expect(await canvas.findByText(NEW_EMAIL)).toBeVisible()
    const reopen = canvas.getByRole('button', { name: 'Create your password' })
    await userEvent.click(reopen)
    const dialog = await screen.findByRole('dialog', { name: 'Create your password' })
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: '6-Digit code' })).toHaveFocus())
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Create your password' })).toHaveFocus())
  },
})

/** On a phone the fields stack in one column. */
export const Phone = meta.story({
  name: 'Phone',
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvas }) => {
    const form = await ready(canvas)
    const first = form.firstName.getBoundingClientRect()
    const last = form.lastName.getBoundingClientRect()
    await expect(last.left).toBe(first.left)
    await expect(last.top).toBeGreaterThan(first.bottom)
    await expect(form.register.getBoundingClientRect().width).toBeGreaterThan(300)
  },
})

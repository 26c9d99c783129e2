import preview from '#.storybook/preview'
import { HttpResponse } from 'msw'
import { expect, screen, type UserEventObject, waitFor, within } from 'storybook/test'
import {
  CONFIRM_PASSWORD_REQUIRED_MESSAGE,
  FIRST_NAME_REQUIRED_MESSAGE,
  LAST_NAME_REQUIRED_MESSAGE,
  LETTERS_ONLY_MESSAGE,
  NAME_LENGTH_MESSAGE,
  PASSWORD_REQUIRED_MESSAGE,
  PASSWORDS_DO_NOT_MATCH_MESSAGE,
} from '@/contract/messages'
import { NewPasswordFields } from '@/components/form/new-password-fields'
import { PersonNameFields } from '@/components/form/person-name-fields'
import { ROLE_DESCRIPTIONS } from '@/contract/roles'
import {
  INVITATION_ACCOUNT_EXISTS_MESSAGE,
  INVITATION_LINK_EXPIRED_MESSAGE,
  INVITATION_LINK_REVOKED_MESSAGE,
  INVITATION_LINK_UNKNOWN_MESSAGE,
  INVITATION_LINK_USED_MESSAGE,
} from '@/contract/team'
import { InvitationScreen } from '@/features/team/components/invitation-screen'
import { JOIN_HEADING, JoinInvitationForm } from '@/features/team/components/join-invitation-form'
import {
  joinedQuestion,
  joinedTitle,
  stayLabel,
  switchLabel,
} from '@/features/team/model/joined-organization'
import { readAuthData } from '@/lib/storage'
import { NOKIA_ORGANIZATION, OTHER_ORGANIZATION } from '@/mocks/fixtures/roles'
import { INVITATION_TOKENS, PENDING_INVITATION } from '@/mocks/fixtures/team'
import { FIXTURE_PASSWORD } from '@/mocks/fixtures/world'
import { mockEndpoint } from '@/mocks/mock-endpoint'
import { loggedInAs, loggedInWithoutOrganization, loggedOut } from '../support/session'

/**
 * The invitation link's page, /invitation?token=…, public. It shows the organization,
 * the role with what it may do, who invited and until when; a logged-in member accepts (and lands
 * on the dashboard), a visitor logs in to accept (coming back here) or joins with a name and a
 * password (docs/decisions/0046); an
 * expired, used, revoked or unknown link says so in the server's words. The fixture world's
 * handlers (src/mocks/team-handlers.ts) answer each of INVITATION_TOKENS with its state.
 */

const at = (token: string) => ({ router: { app: true, url: `/invitation?token=${token}` } })

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `\`/invitation?token=…\`, public: the page an invitation mail links to. It shows the organization, the
role with what it may do, who invited and until when. A logged-in member accepts and lands on the
dashboard; a visitor logs in to accept, or joins with only a name and a password; an expired, used,
revoked or unknown link says so in the server's words.`

const meta = preview.meta({
  title: 'Team/Invitation page',
  subcomponents: { InvitationScreen, JoinInvitationForm, PersonNameFields, NewPasswordFields },
  parameters: {
    layout: 'fullscreen',
    ...at(INVITATION_TOKENS.valid),
    docs: { description: { component: ABOUT } },
  },
  render: () => <></>,
  beforeEach: loggedOut,
})

type Canvas = ReturnType<typeof within>
type UserEvent = UserEventObject

/** The invitation's terms and their values, as the page lists them. */
async function details(canvas: Canvas) {
  await canvas.findByRole('heading', { level: 1, name: 'Invitation' })
  const term = await canvas.findByText('Organization', { selector: 'dt' })
  const list = term.closest('dl')
  if (!list) throw new Error('No details list.')
  return [...list.children].map((child) => child.textContent?.trim())
}

const VALID = [
  'Organization',
  'Nokia Solutions and Networks',
  'Role',
  `Engineer${ROLE_DESCRIPTIONS.Engineer}`,
  'Invited by',
  'Priya Sharma',
  'For',
  'meera.iyer@nokia.com',
  'Expires',
  '25 Nov 2026, 09:00',
]

export const ValidLoggedIn = meta.story({
  name: 'Valid, logged in',
  beforeEach: loggedInAs('v-nokia'),
  play: async ({ canvas, userEvent }) => {
    await expect(await details(canvas)).toEqual(VALID)
    await userEvent.click(canvas.getByRole('button', { name: 'Accept the invitation' }))
    // The dashboard's frame shows while its records load, then the screen replaces it: wait for the last one.
    await waitFor(() => expect(canvas.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible())
  },
})

/** Acting for Brand Two Devices: the login before accepting Nokia's invitation. */
const ACTING_FOR_BRAND_TWO = {
  organizationId: OTHER_ORGANIZATION.organizationId,
  organizationName: OTHER_ORGANIZATION.organizationName,
  role: OTHER_ORGANIZATION.role,
  organizations: [OTHER_ORGANIZATION],
}
const JOINED = NOKIA_ORGANIZATION.organizationName
const CURRENT = OTHER_ORGANIZATION.organizationName

/** Accepts and returns the question asked (docs/decisions/0039). */
async function acceptAndAsk(canvas: Canvas, userEvent: { click: (element: Element) => Promise<void> }) {
  await details(canvas)
  await userEvent.click(canvas.getByRole('button', { name: 'Accept the invitation' }))
  const dialog = await screen.findByRole('alertdialog', { name: joinedTitle(JOINED) })
  await expect(dialog).toHaveAccessibleDescription(joinedQuestion(JOINED, CURRENT))
  await expect(within(dialog).getByRole('button', { name: stayLabel(CURRENT) })).toHaveFocus()
  // Both buttons carry a name: they wrap inside the dialog, never past its edge.
  const box = dialog.getBoundingClientRect()
  for (const button of within(dialog).getAllByRole('button')) {
    const edge = button.getBoundingClientRect()
    await expect([edge.left >= box.left, edge.right <= box.right]).toEqual([true, true])
  }
  return within(dialog)
}

/** Acting for another organization, joining asks first; Switch acts for the one joined. */
export const JoinedAsksThenSwitches = meta.story({
  name: 'Valid, logged in for another organization: Switch',
  beforeEach: loggedInAs('v-nokia', ACTING_FOR_BRAND_TWO),
  play: async ({ canvas, userEvent }) => {
    const asked = await acceptAndAsk(canvas, userEvent)
    await userEvent.click(asked.getByRole('button', { name: switchLabel(JOINED) }))
    await waitFor(() => expect(canvas.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible())
    await expect(readAuthData()).toMatchObject({ organizationName: JOINED })
  },
})

/** Stay (Escape does the same) keeps the session where it was, now a member of both. */
export const JoinedAsksThenStays = meta.story({
  name: 'Valid, logged in for another organization: Stay',
  beforeEach: loggedInAs('v-nokia', ACTING_FOR_BRAND_TWO),
  play: async ({ canvas, userEvent }) => {
    await acceptAndAsk(canvas, userEvent)
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(canvas.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible())
    await expect(screen.queryByRole('alertdialog')).toBeNull()
    await expect(readAuthData()).toMatchObject({ organizationId: OTHER_ORGANIZATION.organizationId })
    await expect(readAuthData()?.organizations?.map((item) => item.organizationName)).toEqual([
      JOINED,
      CURRENT,
    ])
  },
})

/** A login without an organization (a removed member invited back) accepts the link too. */
export const ValidWithoutOrganization = meta.story({
  name: 'Valid, logged in without an organization',
  beforeEach: loggedInWithoutOrganization,
  play: async ({ canvas, userEvent }) => {
    await expect(await details(canvas)).toEqual(VALID)
    await expect(canvas.queryByRole('link', { name: 'Log in to accept' })).toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: 'Accept the invitation' }))
    await waitFor(() => expect(canvas.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible())
  },
})

export const ValidLoggedOut = meta.story({
  name: 'Valid, logged out',
  play: async ({ canvas }) => {
    await expect(await details(canvas)).toEqual(VALID)
    await expect(canvas.queryByRole('button', { name: 'Accept the invitation' })).toBeNull()
    await expect(canvas.getByRole('link', { name: 'Log in to accept' })).toHaveAttribute(
      'href',
      `/login?redirect=%2Finvitation%3Ftoken%3D${INVITATION_TOKENS.valid}`,
    )
    // No account yet: the name and a password, nothing else (decision 0046).
    const form = within(await canvas.findByRole('form', { name: JOIN_HEADING }))
    await expect(form.getByRole('textbox', { name: /^First name/ })).toHaveValue('')
    await expect(form.getByRole('textbox', { name: /^Last name/ })).toHaveValue('')
    await expect(form.getByLabelText(/^Password/)).toHaveValue('')
    await expect(form.getByLabelText(/^Confirm password/)).toHaveValue('')
    await expect(canvas.queryByRole('link', { name: 'Create an account' })).toBeNull()
  },
})

/** An invitation that no longer works: the details and why, nothing to accept. */
const expectEnded =
  (message: string) =>
  async ({ canvas }: { canvas: Canvas }) => {
    await details(canvas)
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent(message))
    await expect(canvas.queryByRole('link', { name: 'Log in to accept' })).toBeNull()
    await expect(canvas.queryByRole('button', { name: 'Accept the invitation' })).toBeNull()
  }

export const Expired = meta.story({
  name: 'Expired',
  parameters: at(INVITATION_TOKENS.expired),
  play: expectEnded(INVITATION_LINK_EXPIRED_MESSAGE),
})

export const Used = meta.story({
  name: 'Already used',
  parameters: at(INVITATION_TOKENS.used),
  play: expectEnded(INVITATION_LINK_USED_MESSAGE),
})

export const Revoked = meta.story({
  name: 'Revoked',
  parameters: at(INVITATION_TOKENS.revoked),
  play: expectEnded(INVITATION_LINK_REVOKED_MESSAGE),
})

/** A token the server does not know (mistyped, cut short): its answer, nothing to accept. */
export const Unknown = meta.story({
  name: 'Unknown link',
  parameters: at('not-a-token'),
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Invitation' })
    await waitFor(() => expect(canvas.getByRole('alert')).toHaveTextContent(INVITATION_LINK_UNKNOWN_MESSAGE))
    await expect(canvas.queryByText('Organization', { selector: 'dt' })).toBeNull()
  },
})

/** A link without its token: the same words as an unknown one. */
export const NoToken = meta.story({
  name: 'Link without a token',
  parameters: { router: { app: true, url: '/invitation' } },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Invitation' })
    await expect(canvas.getByRole('status')).toHaveTextContent(INVITATION_LINK_UNKNOWN_MESSAGE)
  },
})

/** Fills the join form (decision 0046): the names and the password twice, typed, as paste is refused. */
async function fillJoin(canvas: Canvas, userEvent: UserEvent, names = { first: 'Meera', last: 'Iyer' }) {
  const form = await canvas.findByRole('form', { name: JOIN_HEADING })
  const inForm = within(form)
  await userEvent.type(inForm.getByRole('textbox', { name: /^First name/ }), names.first)
  await userEvent.type(inForm.getByRole('textbox', { name: /^Last name/ }), names.last)
  await userEvent.type(inForm.getByLabelText(/^Password/), FIXTURE_PASSWORD)
  await userEvent.type(inForm.getByLabelText(/^Confirm password/), FIXTURE_PASSWORD)
  return inForm
}

export const JoinWithNameAndPassword = meta.story({
  name: 'Join with a name and a password',
  play: async ({ canvas, userEvent }) => {
    await details(canvas)
    const form = await fillJoin(canvas, userEvent)
    // Nothing else is asked: the e-mail is the invitation's, the organization's details its own.
    await expect(form.getAllByRole('textbox')).toHaveLength(2)
    await expect(canvas.getByText('Your account uses', { exact: false })).toHaveTextContent(
      `Your account uses ${PENDING_INVITATION.emailId}, the address this invitation was sent to.`,
    )
    await userEvent.click(form.getByRole('button', { name: 'Join the organization' }))
    await waitFor(() => expect(canvas.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible())
    await expect(readAuthData()).toMatchObject({
      name: 'Meera Iyer',
      emailId: PENDING_INVITATION.emailId,
      organizationId: NOKIA_ORGANIZATION.organizationId,
      role: 'Engineer',
    })
  },
})

/** Spec §5's rules for the names and the Create Password dialog's for the password, in their words. */
export const JoinFieldRules = meta.story({
  name: 'Join: the fields’ rules',
  play: async ({ canvas, userEvent }) => {
    await details(canvas)
    const form = within(await canvas.findByRole('form', { name: JOIN_HEADING }))
    // Join with nothing typed: every field says what it needs, and the first takes the focus.
    await userEvent.click(form.getByRole('button', { name: 'Join the organization' }))
    await expect(await form.findByText(FIRST_NAME_REQUIRED_MESSAGE)).toBeVisible()
    await expect(form.getByText(LAST_NAME_REQUIRED_MESSAGE)).toBeVisible()
    await expect(form.getByText(PASSWORD_REQUIRED_MESSAGE)).toBeVisible()
    await expect(form.getByText(CONFIRM_PASSWORD_REQUIRED_MESSAGE)).toBeVisible()
    await waitFor(() => expect(form.getByRole('textbox', { name: /^First name/ })).toHaveFocus())
    await userEvent.type(form.getByRole('textbox', { name: /^First name/ }), 'M3')
    await expect(await form.findByText(LETTERS_ONLY_MESSAGE)).toBeVisible()
    await userEvent.clear(form.getByRole('textbox', { name: /^First name/ }))
    await userEvent.type(form.getByRole('textbox', { name: /^First name/ }), 'Me')
    await userEvent.tab()
    await expect(await form.findByText(NAME_LENGTH_MESSAGE)).toBeVisible()
    await userEvent.type(form.getByLabelText(/^Password/), FIXTURE_PASSWORD)
    await userEvent.type(form.getByLabelText(/^Confirm password/), `${FIXTURE_PASSWORD}x`)
    await expect(await form.findByText(PASSWORDS_DO_NOT_MATCH_MESSAGE)).toBeVisible()
    // Nothing was sent: still logged out, on the invitation.
    await expect(readAuthData()).toBeNull()
  },
})

/** The address got an account meanwhile: the server's words above the button, still logged out. */
export const JoinRefused = meta.story({
  name: 'Join refused: the address has an account',
  beforeEach({ msw }) {
    msw.use(
      mockEndpoint('joinInvitation', () =>
        HttpResponse.json({ message: INVITATION_ACCOUNT_EXISTS_MESSAGE, field: 'token' }, { status: 409 }),
      ),
    )
  },
  play: async ({ canvas, userEvent }) => {
    await details(canvas)
    const form = await fillJoin(canvas, userEvent)
    await userEvent.click(form.getByRole('button', { name: 'Join the organization' }))
    await waitFor(() => expect(form.getByRole('alert')).toHaveTextContent(INVITATION_ACCOUNT_EXISTS_MESSAGE))
    await expect(readAuthData()).toBeNull()
    await expect(canvas.getByRole('link', { name: 'Log in to accept' })).toBeVisible()
  },
})

export const JoinOnPhone = meta.story({
  name: 'Join on a phone',
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas, userEvent }) => {
    await expect(await details(canvas)).toEqual(VALID)
    const form = await fillJoin(canvas, userEvent)
    const button = form.getByRole('button', { name: 'Join the organization' })
    await expect(button).toBeEnabled()
    // Nothing runs past the phone's width.
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth)
  },
})

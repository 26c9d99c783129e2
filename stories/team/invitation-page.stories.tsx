import preview from '#.storybook/preview'
import type { RequestHandler } from 'msw'
import { expect, waitFor, type within } from 'storybook/test'
import type { InvitationLinkState } from '@/contract/team'
import { InvitationScreen } from '@/features/team/components/invitation-screen'
import { loggedInAs, loggedOut } from '../support/session'
import { INVITATION_TOKEN, invitationHandlers } from './team-fixtures'

/**
 * Issue 18: the invitation link's page, /invitation?token=…, public. It shows the organization,
 * the role with what it may do, who invited and until when; a logged-in member accepts (and lands
 * on the dashboard), a visitor logs in to accept (coming back here) or creates an account; an
 * expired, used or revoked invitation says so.
 */

const meta = preview.meta({
  title: 'Team/Invitation page',
  subcomponents: { InvitationScreen },
  parameters: {
    layout: 'fullscreen',
    router: { app: true, url: `/invitation?token=${INVITATION_TOKEN}` },
  },
  render: () => <></>,
})

type Msw = { msw: { use: (...handlers: RequestHandler[]) => void } }
type Canvas = ReturnType<typeof within>

const answering =
  (state: InvitationLinkState, loggedIn: boolean) =>
  ({ msw }: Msw) => {
    msw.use(...invitationHandlers(state))
    if (loggedIn) return loggedInAs('v-nokia')()
    loggedOut()
    return undefined
  }

/** The invitation's terms and their values, as the page lists them. */
async function details(canvas: Canvas) {
  await canvas.findByRole('heading', { level: 1, name: 'Invitation' }, { timeout: 8000 })
  const term = await canvas.findByText('Organization', { selector: 'dt' }, { timeout: 5000 })
  const list = term.closest('dl')
  if (!list) throw new Error('No details list.')
  return [...list.children].map((child) => child.textContent?.trim())
}

const VALID = [
  'Organization',
  'Nokia Solutions and Networks',
  'Role',
  'EngineerSubmits, edits and deletes devices, runs certification, comments and sends certificates.',
  'Invited by',
  'Priya Sharma',
  'For',
  'lena.koch@nokia.com',
  'Expires',
  '27 Nov 2026, 09:15',
]

export const ValidLoggedIn = meta.story({
  name: 'Valid, logged in',
  beforeEach: answering('valid', true),
  play: async ({ canvas, userEvent }) => {
    await expect(await details(canvas)).toEqual(VALID)
    await userEvent.click(canvas.getByRole('button', { name: 'Accept the invitation' }))
    // The dashboard's frame shows while its records load, then the screen replaces it: wait for the last one.
    await waitFor(() => expect(canvas.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible(), {
      timeout: 8000,
    })
  },
})

export const ValidLoggedOut = meta.story({
  name: 'Valid, logged out',
  beforeEach: answering('valid', false),
  play: async ({ canvas }) => {
    await expect(await details(canvas)).toEqual(VALID)
    await expect(canvas.queryByRole('button', { name: 'Accept the invitation' })).toBeNull()
    await expect(canvas.getByRole('link', { name: 'Log in to accept' })).toHaveAttribute(
      'href',
      `/login?redirect=%2Finvitation%3Ftoken%3D${INVITATION_TOKEN}`,
    )
    await expect(canvas.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      `/create-profile/register?invitation=${INVITATION_TOKEN}&email=lena.koch%40nokia.com&organization=Nokia+Solutions+and+Networks`,
    )
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
  beforeEach: answering('expired', false),
  play: expectEnded('This invitation has expired. Ask the person who invited you to send it again.'),
})

export const Used = meta.story({
  name: 'Already used',
  beforeEach: answering('used', false),
  play: expectEnded('This invitation has already been accepted. Log in to work with the organization.'),
})

export const Revoked = meta.story({
  name: 'Revoked',
  beforeEach: answering('revoked', false),
  play: expectEnded('This invitation was withdrawn. Ask an Owner of the organization for a new one.'),
})

export const CreateAccountFromInvitation = meta.story({
  name: 'Create an account from the invitation',
  beforeEach: answering('valid', false),
  play: async ({ canvas, userEvent }) => {
    await details(canvas)
    await userEvent.click(canvas.getByRole('link', { name: 'Create an account' }))
    await canvas.findByRole('heading', { level: 1, name: 'Register your organization' }, { timeout: 8000 })
    // The invitation's e-mail (twice) and organization are filled in; the rest is the vendor's.
    await waitFor(() =>
      expect(canvas.getByRole('textbox', { name: /^Email/ })).toHaveValue('lena.koch@nokia.com'),
    )
    await expect(canvas.getByRole('textbox', { name: /^Re-enter email/ })).toHaveValue('lena.koch@nokia.com')
    await expect(canvas.getByRole('textbox', { name: /^Organization/ })).toHaveValue(
      'Nokia Solutions and Networks',
    )
    await expect(canvas.getByRole('textbox', { name: /^First name/ })).toHaveValue('')
  },
})

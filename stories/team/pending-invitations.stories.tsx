import preview from '#.storybook/preview'
import { expect, waitFor, within } from 'storybook/test'
import { ROLE_DESCRIPTIONS } from '@/contract/roles'
import { NO_ORGANIZATION_MESSAGE } from '@/contract/server-messages'
import { PENDING_INVITATION_NOT_FOUND_MESSAGE } from '@/contract/team'
import { LimitedSessionMenu } from '@/components/layout/limited-session-menu'
import { InvitationRoleTerms } from '@/features/team/components/invitation-terms'
import { PendingInvitationsScreen } from '@/features/team/components/pending-invitations-screen'
import { readAuthData } from '@/lib/storage'
import { LOGIN_WITHOUT_ORGANIZATION } from '@/mocks/fixtures/team'
import { FIXTURE_PASSWORD, world } from '@/mocks/fixtures/world'
import { mockEndpoint } from '@/mocks/mock-endpoint'
import { HttpResponse } from 'msw'
import { expectPageHeading } from '../support/page'
import { loggedInWithoutOrganization, loggedOut } from '../support/session'
import { expectToast } from '../support/toasts'

/**
 * The pending invitations of a login without an organization (/invitations). Kari
 * Virtanen was removed from Nokia's organization, his only one, and invited back; his login
 * lands here. Each invitation shows the organization, the role with what it may do, who invited
 * and until when, and Accept, which joins and opens that organization's dashboard. Without an
 * invitation the page says what the portal has always said to such a login, and offers Log out.
 * The fixture world's handlers (src/mocks/team-handlers.ts) answer Kari's invitations.
 */

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `\`/invitations\`, for a login that belongs to no organization, such as a member removed from their
only one and invited back: each pending invitation with the organization, the role, who invited and
until when, and Accept, which joins and opens that organization's dashboard. Without an invitation
the page says so and offers Log out.`

const meta = preview.meta({
  title: 'Team/Pending invitations',
  subcomponents: { PendingInvitationsScreen, InvitationRoleTerms, LimitedSessionMenu },
  parameters: {
    layout: 'fullscreen',
    router: { app: true, url: '/invitations' },
    docs: { description: { component: ABOUT } },
  },
  render: () => <></>,
  beforeEach: loggedInWithoutOrganization,
})

type Canvas = ReturnType<typeof within>

const LEAD =
  'You are signed in as kari.virtanen@nokia.com, which belongs to no organization now. Accept an invitation to continue.'

/** Each invitation's heading and details, as the page lists them. */
async function listed(canvas: Canvas) {
  const list = await canvas.findByRole('list', { name: 'Pending invitations' })
  return within(list)
    .getAllByRole('article')
    .map((card) => [
      within(card).getByRole('heading', { level: 2 }).textContent,
      ...[...(card.querySelector('dl')?.children ?? [])].map((child) => child.textContent?.trim()),
    ])
}

const NOKIA = [
  'Nokia Solutions and Networks',
  'Role',
  `Engineer${ROLE_DESCRIPTIONS.Engineer}`,
  'Invited by',
  'Jukka Lehtonen',
  'Expires',
  '26 Nov 2026, 09:00',
]
const BRAND_TWO = [
  'Brand Two Devices',
  'Role',
  `Viewer${ROLE_DESCRIPTIONS.Viewer}`,
  'Invited by',
  'Anna Berg',
  'Expires',
  '24 Nov 2026, 09:00',
]
const ACCEPT_NOKIA = 'Accept the invitation to Nokia Solutions and Networks'

export const List = meta.story({
  name: 'Invitations to accept',
  play: async ({ canvas }) => {
    await expect(await listed(canvas)).toEqual([NOKIA, BRAND_TWO])
    await expect(canvas.getByRole('heading', { level: 1, name: 'Invitations' })).toBeVisible()
    await expect(canvas.getByText(LEAD)).toBeVisible()
    await expect(canvas.getByRole('button', { name: ACCEPT_NOKIA })).toBeEnabled()
    await expect(
      canvas.getByRole('button', { name: 'Accept the invitation to Brand Two Devices' }),
    ).toBeEnabled()
    // The header offers the invitations and Logout, not Sign In nor a member's profile.
    await expect(canvas.getByRole('link', { name: 'Invitations (Kari Virtanen)' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Logout' })).toBeVisible()
    await expect(canvas.queryByRole('link', { name: 'Sign In' })).toBeNull()
    await expect(canvas.queryByRole('button', { name: 'Profile' })).toBeNull()
  },
})

/** Accept, by keyboard: the session acts for Nokia's organization, whose dashboard opens. */
export const Accept = meta.story({
  name: 'Accept',
  play: async ({ canvas, userEvent }) => {
    const accept = await canvas.findByRole('button', { name: ACCEPT_NOKIA })
    accept.focus()
    await expect(accept).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expectPageHeading(canvas, 'Dashboard')
    await expect(readAuthData()).toMatchObject({
      organizationName: 'Nokia Solutions and Networks',
      role: 'Engineer',
    })
  },
})

/** The invitation was withdrawn meanwhile: the server's words, and the list read again without it. */
export const AcceptRefused = meta.story({
  name: 'Accept refused',
  beforeEach({ msw }) {
    msw.use(
      mockEndpoint('acceptInvitation', () => {
        world.team.invitationsToMe = world.team.invitationsToMe.filter(
          (item) => item.invitationId !== 'inv-kari-nokia',
        )
        return HttpResponse.json(
          { message: PENDING_INVITATION_NOT_FOUND_MESSAGE, field: 'invitationId' },
          { status: 404 },
        )
      }),
    )
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: ACCEPT_NOKIA }))
    await waitFor(() =>
      expect(canvas.getByRole('alert')).toHaveTextContent(PENDING_INVITATION_NOT_FOUND_MESSAGE),
    )
    await expectToast(PENDING_INVITATION_NOT_FOUND_MESSAGE, 'error')
    await waitFor(async () => expect(await listed(canvas)).toEqual([BRAND_TWO]))
    await expect(canvas.getByRole('heading', { level: 1, name: 'Invitations' })).toBeVisible()
    await expect(readAuthData()).toEqual(LOGIN_WITHOUT_ORGANIZATION)
  },
})

/** No invitation: what the portal says to a login without an organization, and Log out. */
export const NoInvitation = meta.story({
  name: 'No invitation',
  beforeEach: () => {
    world.team.invitationsToMe = []
  },
  play: async ({ canvas, userEvent }) => {
    await expectPageHeading(canvas, 'Invitations')
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent(NO_ORGANIZATION_MESSAGE))
    await expect(canvas.queryByRole('list', { name: 'Pending invitations' })).toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: 'Log out' }))
    await expectPageHeading(canvas, 'Sign in')
    await expect(readAuthData()).toBeNull()
  },
})

/** Kari's login lands here, whatever page he was going to: an organization's would refuse him. */
export const FromTheLogin = meta.story({
  name: 'From the login',
  parameters: { router: { app: true, url: '/login?redirect=%2Fdashboard' } },
  beforeEach: loggedOut,
  play: async ({ canvas, userEvent }) => {
    await expectPageHeading(canvas, 'Sign in')
    const form = within(canvas.getByRole('form', { name: 'Sign in' }))
    await userEvent.type(form.getByRole('textbox', { name: /^Email/ }), LOGIN_WITHOUT_ORGANIZATION.emailId)
    await userEvent.type(form.getByLabelText(/^Password/), FIXTURE_PASSWORD)
    await userEvent.click(form.getByRole('button', { name: 'Login' }))
    await expectPageHeading(canvas, 'Invitations')
    await expect(await listed(canvas)).toEqual([NOKIA, BRAND_TWO])
  },
})

/** A page of an organization sends the login without one to its invitations. */
export const ProtectedPage = meta.story({
  name: 'An organization’s page',
  parameters: { router: { app: true, url: '/dashboard' } },
  play: async ({ canvas }) => {
    await expectPageHeading(canvas, 'Invitations')
  },
})

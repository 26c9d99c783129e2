import preview from '#.storybook/preview'
import { expect, waitFor, within } from 'storybook/test'
import { MailPreview } from '@/components/ui/mail-preview'
import { invitationMail, type InvitationMailInput } from '@/contract/mails/invitation-mail'
import { ROLE_DESCRIPTIONS, type Role } from '@/contract/roles'
import { INVITATION_PATH } from '@/contract/team'
import { NOKIA_ORGANIZATION } from '@/mocks/fixtures/roles'
import { INVITATION_TOKENS, PENDING_INVITATION } from '@/mocks/fixtures/team'

/**
 * The invitation mail an Owner's invitation sends, built by the same function as the
 * server's (src/contract/mails/invitation-mail.ts): the HTML part, and the plain text part under
 * its tab.
 */

/** The sender the development mailbox shows when MAIL_FROM is unset (server/platform/mailer.ts). */
const FROM = 'Device Certification Portal <no-reply@localhost>'
const LINK = `https://portal.example.com${INVITATION_PATH}?token=${INVITATION_TOKENS.valid}`

const mailFor = (changes: Partial<InvitationMailInput> = {}) =>
  invitationMail({
    to: PENDING_INVITATION.emailId,
    organizationName: NOKIA_ORGANIZATION.organizationName,
    inviter: PENDING_INVITATION.invitedBy,
    role: PENDING_INVITATION.role,
    link: LINK,
    expiresAt: new Date(PENDING_INVITATION.expiresAt),
    ...changes,
  })

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `The mail an Owner's invitation sends, built by the same function as the server's: its HTML part, and
its plain text part under its tab.`

const meta = preview.meta({
  title: 'Team/Invitation mail',
  component: MailPreview,
  parameters: { layout: 'padded', docs: { description: { component: ABOUT } } },
  args: { from: FROM, ...mailFor() },
  render: (args) => <MailPreview {...args} className="mx-auto max-w-2xl" />,
})

/** The HTML part's document, once the frame has loaded it. */
async function htmlPart(canvasElement: HTMLElement) {
  const frame = canvasElement.querySelector<HTMLIFrameElement>('iframe[data-slot="mail-preview-html"]')
  if (!frame) throw new Error('No HTML part.')
  await waitFor(() => expect(frame.contentDocument?.body?.textContent).toMatch(/To accept/))
  const document = frame.contentDocument
  if (!document) throw new Error('The HTML part cannot be read.')
  return within(document.body)
}

/** Subject, the role and what it may do, the link: in the header, the HTML part and the text part. */
type PlayContext = {
  canvas: ReturnType<typeof within>
  canvasElement: HTMLElement
  userEvent: { click: (element: Element) => Promise<void> }
}

const shows =
  (role: Role, organizationName: string) =>
  async ({ canvas, canvasElement, userEvent }: PlayContext) => {
    const subject = `Invitation to join ${organizationName}`
    await expect(canvas.getByRole('heading', { level: 2, name: subject })).toBeVisible()
    await expect(canvas.getByText(PENDING_INVITATION.emailId)).toBeVisible()
    await expect(canvas.getByTitle(`${subject} (HTML part)`)).toBeVisible()

    const html = await htmlPart(canvasElement)
    await expect(html.getByText(organizationName)).toBeVisible()
    await expect(html.getByText(ROLE_DESCRIPTIONS[role], { exact: false })).toBeVisible()
    await expect(html.getByRole('link', { name: LINK })).toHaveAttribute('href', LINK)

    await userEvent.click(canvas.getByRole('tab', { name: 'Plain text' }))
    const text = await canvas.findByText(/To accept, open this link:/)
    await expect(text.tagName).toBe('PRE')
    await expect(text).toHaveTextContent(`${role}: ${ROLE_DESCRIPTIONS[role]}`)
    await expect(text).toHaveTextContent(LINK)
    await expect(canvas.getByRole('tab', { name: 'Plain text' })).toHaveAttribute('aria-selected', 'true')
  }

/** An Engineer's invitation, as the fixture's pending invitation would be mailed. */
export const Engineer = meta.story({
  name: 'Engineer',
  play: shows('Engineer', NOKIA_ORGANIZATION.organizationName),
})

/** A Viewer's invitation: reads the dashboard, run details and results; changes nothing. */
export const Viewer = meta.story({
  name: 'Viewer',
  args: mailFor({ role: 'Viewer', to: 'olli.makinen@nokia.com' }),
  play: async (context) => {
    await expect(context.canvas.getByText('olli.makinen@nokia.com')).toBeVisible()
    const html = await htmlPart(context.canvasElement)
    await expect(html.getByText(/as a Viewer\./)).toBeVisible()
    await expect(html.getByText(ROLE_DESCRIPTIONS.Viewer, { exact: false })).toBeVisible()
    await expect(html.getByRole('link', { name: LINK })).toHaveAttribute('href', LINK)
    await expect(context.canvas.getByRole('heading', { level: 2 })).toHaveTextContent(
      `Invitation to join ${NOKIA_ORGANIZATION.organizationName}`,
    )
  },
})

/** An Owner's invitation ("as an Owner"). */
export const OwnerInvitation = meta.story({
  name: 'Owner invitation',
  args: mailFor({ role: 'Owner', inviter: 'Jukka Lehtonen' }),
  play: shows('Owner', NOKIA_ORGANIZATION.organizationName),
})

const LONG_NAME =
  'Nordic Telecommunications Equipment Manufacturing and Certification Services Cooperative of Espoo, Tampere & Oulu'

/** A long organization name (with an ampersand, escaped in the HTML part) wraps in the header and the mail. */
export const LongOrganizationName = meta.story({
  name: 'Long organization name',
  args: mailFor({ organizationName: LONG_NAME }),
  play: shows('Engineer', LONG_NAME),
})

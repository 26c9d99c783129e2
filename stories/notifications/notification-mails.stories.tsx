import preview from '#.storybook/preview'
import { expect, waitFor, within } from 'storybook/test'
import { MailPreview } from '@/components/ui/mail-preview'
import { invitationMail } from '@/contract/mails/invitation-mail'
import {
  certificateIssuedMail,
  commentReceivedMail,
  type MailFooter,
  maintenanceMail,
  type NotificationMail,
  runFinishedMail,
  vendorCommentMail,
} from '@/contract/mails/notification-mails'
import {
  type AnyNotificationKind,
  LAB_NOTIFICATION_SETTINGS_PATH,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_SETTINGS_PATH,
  ONE_CLICK_UNSUBSCRIBE_PATH,
  UNSUBSCRIBE_PATH,
} from '@/contract/notifications'
import {
  FIXTURE_INVITEE_EMAIL,
  FIXTURE_NOTIFICATION_EMAIL,
  UNSUBSCRIBE_TOKENS,
} from '@/mocks/fixtures/notifications'
import { NOKIA_ORGANIZATION } from '@/mocks/fixtures/roles'
import { INVITATION_TOKENS } from '@/mocks/fixtures/team'

/**
 * Each notification mail as its receiver reads it, built by the server's own functions
 * (src/contract/mails/notification-mails.ts): the HTML part, the plain text part under its tab,
 * and in both the footer with why it came and the signed unsubscribe link.
 */

const FROM = 'Device Certification Portal <no-reply@localhost>'
const PORTAL = 'https://portal.example.com'
const ORG = NOKIA_ORGANIZATION.organizationName
const RECORD_URL = `${PORTAL}/dashboard?search=Beacon%206`

/** A lab staff member's link: Lena Lab's "Comment from a vendor". */
const LAB_TOKEN = UNSUBSCRIBE_TOKENS.labVendorComment

const footerOf = (kind: AnyNotificationKind): MailFooter =>
  kind === 'vendorComment'
    ? {
        kind,
        reason: 'you are on the certification lab’s staff on the Device Certification Portal',
        unsubscribeUrl: `${PORTAL}${UNSUBSCRIBE_PATH}?token=${LAB_TOKEN}`,
        oneClickUrl: `${PORTAL}${ONE_CLICK_UNSUBSCRIBE_PATH}?token=${LAB_TOKEN}`,
        manageUrl: `${PORTAL}${LAB_NOTIFICATION_SETTINGS_PATH}`,
      }
    : {
        kind,
        reason:
          kind === 'invitation'
            ? 'an Owner of an organization on the Device Certification Portal invited this address'
            : `you are a member of ${ORG} on the Device Certification Portal`,
        unsubscribeUrl: `${PORTAL}${UNSUBSCRIBE_PATH}?token=${kind === 'invitation' ? UNSUBSCRIBE_TOKENS.invitee : UNSUBSCRIBE_TOKENS.runFinished}`,
        oneClickUrl: `${PORTAL}${ONE_CLICK_UNSUBSCRIBE_PATH}?token=${UNSUBSCRIBE_TOKENS.runFinished}`,
        manageUrl: `${PORTAL}${NOTIFICATION_SETTINGS_PATH}`,
      }

const MAILS = {
  certified: runFinishedMail({
    to: FIXTURE_NOTIFICATION_EMAIL,
    organizationName: ORG,
    deviceName: 'Beacon 6',
    portfolioManagerId: 'pm-0001',
    attempt: 1,
    outcome: 'Certified',
    failedCases: [],
    reason: null,
    recordUrl: RECORD_URL,
    footer: footerOf('runFinished'),
  }),
  failure: runFinishedMail({
    to: FIXTURE_NOTIFICATION_EMAIL,
    organizationName: ORG,
    deviceName: 'Beacon 6',
    portfolioManagerId: 'pm-0002',
    attempt: 2,
    outcome: 'Validation Failure',
    failedCases: ['Firmware upgrade and rollback', 'Security baseline'],
    reason: null,
    recordUrl: RECORD_URL,
    footer: footerOf('runFinished'),
  }),
  certificate: certificateIssuedMail({
    to: FIXTURE_NOTIFICATION_EMAIL,
    organizationName: ORG,
    deviceName: 'Beacon 6',
    number: 'DCP-7KQ4-M9XZ-2F8H',
    issuedAt: '2026-11-20T09:00:00.000Z',
    expiresAt: '2029-11-20T09:00:00.000Z',
    verifyUrl: `${PORTAL}/verify/DCP-7KQ4-M9XZ-2F8H`,
    footer: footerOf('certificateIssued'),
  }),
  comment: commentReceivedMail({
    to: FIXTURE_NOTIFICATION_EMAIL,
    organizationName: ORG,
    deviceName: 'Beacon 6',
    portfolioManagerId: 'pm-0009',
    author: 'Lena Lab',
    authorRole: 'Lab engineer',
    comment: 'The DFS case needs a second unit with <5 GHz> radios.\nPlease ship it to the lab.',
    recordUrl: RECORD_URL,
    footer: footerOf('commentReceived'),
  }),
  vendorComment: vendorCommentMail({
    to: 'lena.lab@lab.example',
    organizationName: ORG,
    deviceName: 'Beacon 6',
    portfolioManagerId: 'pm-0009',
    author: 'Priya Sharma',
    authorRole: 'Owner',
    comment: 'The second unit ships on Monday.\nWhich address should we use?',
    recordUrl: `${PORTAL}/lab?record=pm-0009`,
    footer: footerOf('vendorComment'),
  }),
  maintenanceStarted: maintenanceMail({
    to: FIXTURE_NOTIFICATION_EMAIL,
    organizationName: ORG,
    phase: 'started',
    reason: 'Replacing the RF shield of chamber 2.',
    expectedEnd: '2026-11-20T15:30:00.000Z',
    dashboardUrl: `${PORTAL}/dashboard`,
    footer: footerOf('maintenance'),
  }),
  maintenanceEnded: maintenanceMail({
    to: FIXTURE_NOTIFICATION_EMAIL,
    organizationName: ORG,
    phase: 'ended',
    reason: 'Replacing the RF shield of chamber 2.',
    expectedEnd: '',
    dashboardUrl: `${PORTAL}/dashboard`,
    footer: footerOf('maintenance'),
  }),
  invitation: invitationMail({
    to: FIXTURE_INVITEE_EMAIL,
    organizationName: ORG,
    inviter: 'Priya Sharma',
    role: 'Engineer',
    link: `${PORTAL}/invitation?token=${INVITATION_TOKENS.valid}`,
    expiresAt: new Date('2026-11-27T09:00:00Z'),
    footer: footerOf('invitation'),
  }),
} satisfies Record<string, Pick<NotificationMail, 'to' | 'subject' | 'text' | 'html'>>

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `Each notification mail as its receiver reads it, built by the server's own functions: the HTML part,
the plain text part under its tab, and in both the footer saying why it came, with the signed
unsubscribe link.`

const meta = preview.meta({
  title: 'Settings/Notifications/Mails',
  component: MailPreview,
  parameters: { layout: 'padded', docs: { description: { component: ABOUT } } },
  args: { from: FROM, ...MAILS.certified },
  render: (args) => <MailPreview {...args} className="mx-auto max-w-2xl" />,
})

type PlayContext = {
  canvas: ReturnType<typeof within>
  canvasElement: HTMLElement
  userEvent: { click: (element: Element) => Promise<void> }
}

/** The subject, a line of the body in both parts, and the footer's unsubscribe link in both. */
const shows =
  (mail: (typeof MAILS)[keyof typeof MAILS], kind: AnyNotificationKind, line: string) =>
  async ({ canvas, canvasElement, userEvent }: PlayContext) => {
    await expect(canvas.getByRole('heading', { level: 2, name: mail.subject })).toBeVisible()
    const frame = canvasElement.querySelector<HTMLIFrameElement>('iframe[data-slot="mail-preview-html"]')
    await waitFor(() => expect(frame?.contentDocument?.body?.textContent).toContain(line))
    const html = within(frame!.contentDocument!.body)
    const unsubscribe = footerOf(kind).unsubscribeUrl
    await expect(html.getByRole('link', { name: unsubscribe })).toHaveAttribute('href', unsubscribe)
    await expect(
      html.getByText(`To stop “${NOTIFICATION_KIND_LABELS[kind]}” mails, open:`, { exact: false }),
    ).toBeVisible()
    await userEvent.click(canvas.getByRole('tab', { name: 'Plain text' }))
    const text = await canvas.findByText(/You get this mail because/)
    await expect(text.tagName).toBe('PRE')
    await expect(text).toHaveTextContent(line)
    await expect(text).toHaveTextContent(
      `To stop “${NOTIFICATION_KIND_LABELS[kind]}” mails, open: ${unsubscribe}`,
    )
  }

export const RunCertified = meta.story({
  name: 'Run finished: Certified',
  args: MAILS.certified,
  play: shows(MAILS.certified, 'runFinished', 'has ended: Certified.'),
})

export const RunValidationFailure = meta.story({
  name: 'Run finished: Validation Failure',
  args: MAILS.failure,
  play: async (context) => {
    await shows(MAILS.failure, 'runFinished', '2 cases failed:')(context)
    await expect(context.canvas.getByText(/2 cases failed:/)).toHaveTextContent('- Security baseline')
  },
})

export const CertificateIssued = meta.story({
  name: 'Certificate issued',
  args: MAILS.certificate,
  play: shows(MAILS.certificate, 'certificateIssued', 'Valid from 2026-11-20 until 2029-11-20.'),
})

export const CommentReceived = meta.story({
  name: 'Comment received',
  args: MAILS.comment,
  play: shows(MAILS.comment, 'commentReceived', 'Lena Lab (Lab engineer) wrote on Beacon 6'),
})

export const VendorComment = meta.story({
  name: 'Comment from a vendor (to the lab’s staff)',
  args: MAILS.vendorComment,
  play: async (context) => {
    await shows(
      MAILS.vendorComment,
      'vendorComment',
      'Priya Sharma (Owner, Nokia Solutions and Networks) wrote on Beacon 6:',
    )(context)
    await expect(context.canvas.getByText(/You get this mail because/)).toHaveTextContent(
      `Choose which mails you get: ${PORTAL}/lab/notifications`,
    )
  },
})

export const MaintenanceStarted = meta.story({
  name: 'Maintenance started',
  args: MAILS.maintenanceStarted,
  play: shows(MAILS.maintenanceStarted, 'maintenance', 'Expected end: 2026-11-20 15:30 UTC.'),
})

export const MaintenanceEnded = meta.story({
  name: 'Maintenance ended',
  args: MAILS.maintenanceEnded,
  play: shows(MAILS.maintenanceEnded, 'maintenance', 'go on in the order they started.'),
})

export const Invitation = meta.story({
  name: 'Invitation, with its footer',
  args: MAILS.invitation,
  play: shows(MAILS.invitation, 'invitation', 'Priya Sharma invites you to join'),
})

import { type Context, Hono } from 'hono'
import { invitationMail } from '@/contract/mails/invitation-mail'
import {
  alreadyMemberMessage,
  INVITATION_LINK_UNKNOWN_MESSAGE,
  INVITATION_NOT_FOUND_MESSAGE,
  INVITATIONS_TOO_MANY_MESSAGE,
  invitationRecipientTooManyMessage,
  invitationResentMessage,
  invitationRevokedMessage,
  invitationSentMessage,
} from '@/contract/team'
import { emailKey, firstMessage } from '@/contract/validation/fields'
import { loginEmailSchema } from '@/contract/validation/login'
import type { MainEnv, MainServices } from '../http/context.ts'
import {
  countAttempt,
  INVITATION_ORGANIZATION_POLICY,
  limitKey,
  MAIL_RECIPIENT_POLICY,
} from '../http/rate-limit.ts'
import { route, vendorRoute } from '../http/route.ts'
import { invitationFooter } from '../notifications/index.ts'
import { logActivity } from './activity.ts'
import { invitationMailTopic } from './invitation-mail.ts'
import { queueMail } from '../platform/mail-jobs.ts'
import {
  createInvitation,
  findInvitation,
  invitationLink,
  invitationMailRow,
  inviterName,
  linkState,
  newInvitationToken,
  openInvitation,
  renewInvitation,
  revokeInvitation,
} from './invitations.ts'
import { isMemberEmail } from './members.ts'
import { answerRefusal, changed, refuse } from './team-answer.ts'

/*
 * An Owner invites by address with a role, resends and revokes (docs/decisions/0023);
 * anyone holding a link reads what it is for. Mails are limited per organization and recipient
 * (docs/decisions/0016) and sent once the invitation's transaction is committed.
 */

export const invitationRoutes = new Hono<MainEnv>()

/** The invitation's mail, to its address with a link of `token`; none to an address that turned invitations off. */
async function sendInvitation(
  { db, mailer, secret, publicUrl }: MainServices,
  { invitationId, token }: { invitationId: string; token: string },
) {
  const row = await invitationMailRow(db, invitationId)
  // docs/decisions/0028 point 3: an address that turned invitations off gets none.
  // The links point at PORTAL_URL, never at the inviter's request's Host.
  const origin = publicUrl()
  const footer = await invitationFooter(db, secret, origin, row.email)
  if (!footer) return
  // A transport failure leaves the invitation open: its mail is tried again, its state shown to the Owner.
  await queueMail(
    { db, mailer },
    invitationMail({
      footer,
      to: row.email,
      organizationName: row.name,
      inviter: row.first_name === null ? 'An Owner' : inviterName(row),
      role: row.role,
      link: invitationLink(origin, token),
      expiresAt: row.expires_at,
    }),
    { topic: invitationMailTopic(invitationId) },
  )
}

/**
 * Counts one invitation mail of the organization to `emailId` (docs/decisions/0016's table, so
 * every portal process counts alike); a 429 answer when a limit is reached, nothing sent.
 */
async function invitationMailRefusal(
  c: Context,
  organizationId: string,
  emailId: string,
  field: 'emailId' | 'invitationId',
) {
  const { db } = c.var.services as MainServices
  const limits = [
    [limitKey.invitations(organizationId), INVITATION_ORGANIZATION_POLICY, INVITATIONS_TOO_MANY_MESSAGE],
    [
      limitKey.mailRecipient(emailKey(emailId)),
      MAIL_RECIPIENT_POLICY,
      invitationRecipientTooManyMessage(emailId),
    ],
  ] as const
  for (const [key, policy, message] of limits) {
    const verdict = await countAttempt(db, key, policy)
    if (!verdict.allowed) {
      c.header('Retry-After', String(verdict.retryAfterSeconds))
      return c.json({ message, field }, 429)
    }
  }
  return undefined
}

vendorRoute(invitationRoutes, 'inviteMember', async (c) => {
  const { db } = c.var.services
  const { organizationId, accountId } = c.var
  const emailId = c.var.body.emailId.trim()
  const { role } = c.var.body
  const problem = firstMessage(loginEmailSchema, emailId)
  if (problem !== undefined) return c.json({ message: problem, field: 'emailId' }, 400)
  const limited = await invitationMailRefusal(c, organizationId, emailId, 'emailId')
  if (limited) return limited
  const token = newInvitationToken()
  const outcome = await db.transaction().execute(async (trx) => {
    if (await isMemberEmail(trx, organizationId, emailId)) {
      return refuse(alreadyMemberMessage(emailId), 409, 'emailId')
    }
    const invitation = { organizationId, accountId, email: emailId, role, token }
    return { invitationId: await createInvitation(trx, invitation) }
  })
  if ('refused' in outcome) return answerRefusal(c, outcome)
  await sendInvitation(c.var.services, { invitationId: outcome.invitationId, token })
  return changed(c, c.var.services, organizationId, invitationSentMessage(emailId))
})

vendorRoute(invitationRoutes, 'resendInvitation', async (c) => {
  const { db } = c.var.services
  const { organizationId, accountId } = c.var
  const token = newInvitationToken()
  const found = await openInvitation(db, organizationId, c.var.body.invitationId)
  if (!found) return c.json({ message: INVITATION_NOT_FOUND_MESSAGE, field: 'invitationId' }, 404)
  const limited = await invitationMailRefusal(c, organizationId, found.email, 'invitationId')
  if (limited) return limited
  const outcome = await db.transaction().execute(async (trx) => {
    const invitation = await openInvitation(trx, organizationId, c.var.body.invitationId)
    if (!invitation) return refuse(INVITATION_NOT_FOUND_MESSAGE, 404, 'invitationId')
    await renewInvitation(trx, invitation.id, token)
    await logActivity(trx, {
      organizationId,
      actorAccountId: accountId,
      action: 'invitation.resent',
      subject: `${invitation.email} (${invitation.role})`,
    })
    return { email: invitation.email, invitationId: invitation.id }
  })
  if ('refused' in outcome) return answerRefusal(c, outcome)
  await sendInvitation(c.var.services, { invitationId: outcome.invitationId, token })
  return changed(c, c.var.services, organizationId, invitationResentMessage(outcome.email))
})

vendorRoute(invitationRoutes, 'revokeInvitation', async (c) => {
  const { db } = c.var.services
  const { organizationId, accountId } = c.var
  const outcome = await db.transaction().execute(async (trx) => {
    const invitation = await openInvitation(trx, organizationId, c.var.body.invitationId)
    if (!invitation) return refuse(INVITATION_NOT_FOUND_MESSAGE, 404, 'invitationId')
    await revokeInvitation(trx, invitation.id)
    await logActivity(trx, {
      organizationId,
      actorAccountId: accountId,
      action: 'invitation.revoked',
      subject: `${invitation.email} (${invitation.role})`,
    })
    return { email: invitation.email }
  })
  if ('refused' in outcome) return answerRefusal(c, outcome)
  return changed(c, c.var.services, organizationId, invitationRevokedMessage(outcome.email))
})

route(invitationRoutes, 'getInvitation', async (c) => {
  const row = await findInvitation(c.var.services.db, c.var.body.token)
  if (!row) return c.json({ message: INVITATION_LINK_UNKNOWN_MESSAGE, field: 'token' }, 404)
  return c.json({
    state: linkState(row),
    organizationName: row.organization_name,
    emailId: row.email,
    role: row.role,
    invitedBy: inviterName(row),
    expiresAt: row.expires_at.toISOString(),
  })
})

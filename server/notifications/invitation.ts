import type { Kysely, Transaction } from 'kysely'
import type { MailFooter } from '@/contract/mails/notification-mails'
import {
  NOTIFICATION_SETTINGS_PATH,
  ONE_CLICK_UNSUBSCRIBE_PATH,
  UNSUBSCRIBE_PATH,
} from '@/contract/notifications'
import type { Database } from '../platform/db/schema.ts'
import { invitationRecipient } from './settings.ts'
import { signUnsubscribeToken } from './unsubscribe-token.ts'

/*
 * docs/decisions/0028 point 3: the invitation mail's footer, or null when the address
 * must not get it — an account that turned invitations off, or an address without an account
 * that did from an earlier invitation's link. The link names the account when there is one, else
 * the address (an invitee without an account can still stop invitations).
 */
export async function invitationFooter(
  db: Kysely<Database> | Transaction<Database>,
  secret: string,
  origin: string,
  emailId: string,
): Promise<MailFooter | null> {
  const recipient = await invitationRecipient(db, emailId)
  if (!recipient.allowed) return null
  const token = signUnsubscribeToken(secret, {
    subject:
      recipient.accountId === null
        ? { type: 'address', emailKey: recipient.emailKey }
        : { type: 'account', accountId: recipient.accountId, organizationId: '' },
    scope: 'invitation',
  })
  return {
    kind: 'invitation',
    reason: 'an Owner of an organization on the Device Certification Portal invited this address',
    unsubscribeUrl: `${origin}${UNSUBSCRIBE_PATH}?token=${token}`,
    oneClickUrl: `${origin}${ONE_CLICK_UNSUBSCRIBE_PATH}?token=${token}`,
    manageUrl: `${origin}${NOTIFICATION_SETTINGS_PATH}`,
  }
}

import type { Kysely } from 'kysely'
import {
  CERTIFICATE_ALREADY_REVOKED_MESSAGE,
  certificateRevokedMessage,
  MALFORMED_CERTIFICATE_NUMBER_MESSAGE,
  normalizeCertificateNumber,
  REVOKE_REASON_REQUIRED_MESSAGE,
  UNKNOWN_CERTIFICATE_MESSAGE,
  VERIFY_PATH,
} from '@/contract/certificates'
import type { Database } from '../platform/db/schema.ts'
import type { Mailer } from '../platform/mailer.ts'
import { enqueueMail, sendQueuedMail } from '../platform/mail-jobs.ts'
import { logActivity } from '../organizations/index.ts'

/*
 * Revocation (docs/decisions/0025): a Lab manager from the console, or an operator with
 * `npm run certificate:revoke`, with a reason. Once: a revoked certificate stays revoked. The
 * organization's activity log says so (by the lab), and its Owners are mailed the reason; the
 * verification page shows Revoked with the reason and date, and the directory drops it.
 */

export type RevokeInput = { number: string; reason: string; by: string; publicUrl: string }

export type RevokeResult =
  | { ok: true; message: string; number: string }
  | { ok: false; status: 400 | 404 | 409; message: string; field: 'number' | 'reason' }

export async function revokeCertificate(
  db: Kysely<Database>,
  mailer: Mailer,
  { number: typed, reason, by, publicUrl }: RevokeInput,
): Promise<RevokeResult> {
  const number = normalizeCertificateNumber(typed)
  if (!number)
    return { ok: false, status: 400, message: MALFORMED_CERTIFICATE_NUMBER_MESSAGE, field: 'number' }
  if (reason.trim() === '')
    return { ok: false, status: 400, message: REVOKE_REASON_REQUIRED_MESSAGE, field: 'reason' }
  const outcome = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('certificates')
      .select(['number', 'organization_id', 'vendor', 'device_name', 'revoked_at'])
      .where('number', '=', number)
      .forUpdate()
      .executeTakeFirst()
    if (!row) return 'unknown' as const
    if (row.revoked_at) return 'already' as const
    await trx
      .updateTable('certificates')
      .set({ revoked_at: new Date(), revoked_reason: reason, revoked_by: by })
      .where('number', '=', number)
      .execute()
    await logActivity(trx, {
      organizationId: row.organization_id,
      actorAccountId: null,
      actorName: by,
      actorKind: 'lab',
      action: 'certificate.revoked',
      subject: `${row.device_name} (${row.vendor}), certificate ${number}`,
    })
    const owners = await trx
      .selectFrom('memberships as m')
      .innerJoin('vendor_accounts as a', 'a.id', 'm.account_id')
      .select(['a.email', 'a.first_name'])
      .where('m.organization_id', '=', row.organization_id)
      .where('m.role', '=', 'Owner')
      .execute()
    // The Owners' mails are written with the revocation, and sent once it has committed.
    const mails: number[] = []
    for (const owner of owners) {
      mails.push(
        await enqueueMail(trx, {
          to: owner.email,
          subject: `Certificate ${number} revoked: ${row.vendor} ${row.device_name}`,
          text: [
            `Hello ${owner.first_name},`,
            '',
            `The certification lab revoked certificate ${number} of ${row.vendor} ${row.device_name}.`,
            `Reason: ${reason}`,
            '',
            `Its verification page now says Revoked: ${publicUrl}${VERIFY_PATH}/${number}`,
            'Answer the lab in the device’s comments on your dashboard.',
            '',
            'Device Certification Portal',
          ].join('\n'),
        }),
      )
    }
    return { mails }
  })
  if (outcome === 'unknown')
    return { ok: false, status: 404, message: UNKNOWN_CERTIFICATE_MESSAGE, field: 'number' }
  if (outcome === 'already')
    return { ok: false, status: 409, message: CERTIFICATE_ALREADY_REVOKED_MESSAGE, field: 'number' }
  for (const id of outcome.mails) await sendQueuedMail({ db, mailer }, id)
  return { ok: true, message: certificateRevokedMessage(number), number }
}

import type { Kysely, Transaction } from 'kysely'
import type { ActivityAction } from '@/contract/team'
import type { Database } from '../platform/db/schema.ts'

/*
 * The organization's activity log (migration 0010): one row per change, written in the
 * transaction of the change it records, with the actor's name as it is at that time.
 */

type Db = Kysely<Database> | Transaction<Database>

export type ActivityInput = {
  organizationId: string
  /** The acting account; null for the system. */
  actorAccountId: string | null
  /** The actor's name; read from the account when absent. */
  actorName?: string
  action: ActivityAction
  subject: string
  /** 'lab' when the lab did it on the organization's behalf; default 'member'. */
  actorKind?: 'member' | 'lab'
}

export async function logActivity(trx: Db, entry: ActivityInput): Promise<void> {
  let actorName = entry.actorName
  if (actorName === undefined) {
    const account = entry.actorAccountId
      ? await trx
          .selectFrom('vendor_accounts')
          .select(['first_name', 'last_name'])
          .where('id', '=', entry.actorAccountId)
          .executeTakeFirst()
      : undefined
    actorName = account ? `${account.first_name} ${account.last_name}` : 'The portal'
  }
  await trx
    .insertInto('activity_log')
    .values({
      organization_id: entry.organizationId,
      actor_account_id: entry.actorAccountId,
      actor_name: actorName,
      action: entry.action,
      subject: entry.subject,
      actor_kind: entry.actorKind ?? 'member',
    })
    .execute()
}

/** How the log names a device record: 'Beacon 6 (Nokia)'. */
export const recordSubject = (record: { device_name: string; vendor: string }) =>
  `${record.device_name} (${record.vendor})`

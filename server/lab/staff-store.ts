import type { Kysely, Transaction } from 'kysely'
import type { LabRole } from '@/contract/lab'
import type { Database } from '../platform/db/schema.ts'
import { keepsAManager } from './staff.ts'

/*
 * The changes a console call makes to a member's row (docs/decisions/0024): their password from a
 * set-password link, their role and their removal by a Lab manager, and the name the lab's actions
 * are written under. Creating a member and their links is staff.ts's.
 */

type Db = Kysely<Database> | Transaction<Database>

/** The member's name as runs, comments and the activity log show what they did; 'The lab' when gone. */
export async function staffName(db: Db, staffId: string) {
  const row = await db.selectFrom('lab_staff').select('name').where('id', '=', staffId).executeTakeFirst()
  return row?.name ?? 'The lab'
}

/**
 * Sets the member's password and uses up their link. The update names the token it read, so two
 * uses at once set one password: false when the link was used (or the member removed) meanwhile.
 */
export async function setStaffPassword(db: Db, staffId: string, passwordHash: string) {
  const updated = await db
    .updateTable('lab_staff')
    .set({
      password_hash: passwordHash,
      password_changed_at: new Date(),
      set_password_token_hash: null,
      set_password_expires_at: null,
    })
    .where('id', '=', staffId)
    .where('set_password_token_hash', 'is not', null)
    .where('disabled_at', 'is', null)
    .returning('id')
    .executeTakeFirst()
  return updated !== undefined
}

/** Forgets a member just added whose welcome mail could not be sent. */
export async function forgetNewStaff(db: Db, staffId: string) {
  await db.deleteFrom('lab_staff').where('id', '=', staffId).execute()
}

/** A member who is not removed, read in the change's transaction. */
const activeMember = (trx: Transaction<Database>, staffId: string) =>
  trx
    .selectFrom('lab_staff')
    .select(['id', 'name', 'role'])
    .where('id', '=', staffId)
    .where('disabled_at', 'is', null)
    .executeTakeFirst()

export type StaffChange = 'not-found' | 'last-manager' | { id: string; name: string; role: LabRole }

/**
 * Gives the member another role, in one transaction: refused when they are removed or would leave
 * the lab without a Lab manager (every manager's row locked, keepsAManager). The member as they were.
 */
export function changeStaffRole(db: Kysely<Database>, staffId: string, role: LabRole): Promise<StaffChange> {
  return db.transaction().execute(async (trx) => {
    const member = await activeMember(trx, staffId)
    if (!member) return 'not-found' as const
    if (member.role === 'Lab manager' && role !== 'Lab manager' && !(await keepsAManager(trx, staffId)))
      return 'last-manager' as const
    await trx.updateTable('lab_staff').set({ role }).where('id', '=', staffId).execute()
    return member
  })
}

/**
 * Removes the member, in one transaction: disabled (their past actions keep their name) and their
 * link unusable; refused as changeStaffRole is. The member as they were.
 */
export function removeStaff(db: Kysely<Database>, staffId: string): Promise<StaffChange> {
  return db.transaction().execute(async (trx) => {
    const member = await activeMember(trx, staffId)
    if (!member) return 'not-found' as const
    if (member.role === 'Lab manager' && !(await keepsAManager(trx, staffId))) return 'last-manager' as const
    await trx
      .updateTable('lab_staff')
      .set({ disabled_at: new Date(), set_password_token_hash: null, set_password_expires_at: null })
      .where('id', '=', staffId)
      .execute()
    return member
  })
}

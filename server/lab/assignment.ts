import { Hono } from 'hono'
import type { Kysely, Transaction } from 'kysely'
import {
  ASSIGNED_TO_YOU_MESSAGE,
  assignedToMessage,
  LAB_ASSIGNEE_NOT_FOUND_MESSAGE,
  type LabAssignee,
  UNASSIGNED_MESSAGE,
} from '@/contract/lab-assignment'
import { RECORD_NOT_FOUND_MESSAGE } from '@/contract/server-messages'
import type { Database } from '../platform/db/schema.ts'
import { appendLabEvent } from '../events/index.ts'
import { isPlainId } from '../http/plain-id.ts'
import type { MainEnv } from '../http/context.ts'
import { labRoute } from '../http/route.ts'
import { staffName } from './staff-store.ts'

/*
 * docs/decisions/0045: a record's assignment to a lab staff member (table lab_assignments,
 * migration 0027). Any member who may act (lab-act) assigns a record to themselves or to another
 * active member, or unassigns it; the change is one row and one event on the lab's stream
 * (record.assigned, LAB_ONLY_EVENTS: no vendor's stream carries it), so every open console
 * sees it at once. It is the lab's split of the work, not the vendor's record: it writes no line
 * in the organization's activity log. The notification "a record was assigned to you" is planned
 * from that event (server/notifications/lab-plan.ts).
 */

type Db = Kysely<Database> | Transaction<Database>

export const labAssignmentRoutes = new Hono<MainEnv>()

/** The record's assignee, or null. */
export async function assigneeOf(db: Db, portfolioManagerId: string): Promise<LabAssignee | null> {
  const row = await db
    .selectFrom('lab_assignments as a')
    .innerJoin('lab_staff as s', 's.id', 'a.staff_id')
    .select(['s.id', 's.name'])
    .where('a.portfolio_manager_id', '=', portfolioManagerId)
    .executeTakeFirst()
  return row ? { staffId: row.id, name: row.name } : null
}

/** An active member (not removed) by id, or undefined. */
function activeStaff(db: Db, staffId: string) {
  return db
    .selectFrom('lab_staff')
    .select(['id', 'name'])
    .where('id', '=', staffId)
    .where('disabled_at', 'is', null)
    .executeTakeFirst()
}

/** Sets (or, with null, clears) the record's assignee and tells the lab's stream, in one transaction. */
export function assignRecord(
  db: Kysely<Database>,
  input: { portfolioManagerId: string; assignee: LabAssignee | null; assignedBy: string },
) {
  const { portfolioManagerId, assignee, assignedBy } = input
  return db.transaction().execute(async (trx) => {
    if (assignee === null) {
      await trx.deleteFrom('lab_assignments').where('portfolio_manager_id', '=', portfolioManagerId).execute()
    } else {
      await trx
        .insertInto('lab_assignments')
        .values({
          portfolio_manager_id: portfolioManagerId,
          staff_id: assignee.staffId,
          assigned_by: assignedBy,
        })
        .onConflict((conflict) =>
          conflict.column('portfolio_manager_id').doUpdateSet({
            staff_id: assignee.staffId,
            assigned_by: assignedBy,
            assigned_at: new Date(),
          }),
        )
        .execute()
    }
    await appendLabEvent(trx, { type: 'record.assigned', portfolioManagerId, assignee, assignedBy })
  })
}

labRoute(labAssignmentRoutes, 'labAssign', async (c) => {
  const { db } = c.var.services
  const { portfolioManagerId, staffId } = c.var.body
  const record = isPlainId(portfolioManagerId)
    ? await db
        .selectFrom('device_records')
        .select('portfolio_manager_id')
        .where('portfolio_manager_id', '=', portfolioManagerId)
        .executeTakeFirst()
    : undefined
  if (!record) return c.json({ message: RECORD_NOT_FOUND_MESSAGE, field: 'portfolioManagerId' }, 404)
  let assignee: LabAssignee | null = null
  if (staffId !== null) {
    const member = isPlainId(staffId) ? await activeStaff(db, staffId) : undefined
    if (!member) return c.json({ message: LAB_ASSIGNEE_NOT_FOUND_MESSAGE, field: 'staffId' }, 404)
    assignee = { staffId: member.id, name: member.name }
  }
  const assignedBy = await staffName(db, c.var.labStaffId)
  await assignRecord(db, { portfolioManagerId, assignee, assignedBy })
  const message =
    assignee === null
      ? UNASSIGNED_MESSAGE
      : assignee.staffId === c.var.labStaffId
        ? ASSIGNED_TO_YOU_MESSAGE
        : assignedToMessage(assignee.name)
  return c.json({ message, assignee })
})

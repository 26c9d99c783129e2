import type { Kysely } from 'kysely'
import type { Comment } from '@/contract/certification'
import type { LabRecordAnswer, LabRole } from '@/contract/lab'
import type { Database } from '../platform/db/schema.ts'
import { recordRunList } from '../certification/index.ts'
import { appendEvent } from '../events/index.ts'
import { logActivity, recordSubject } from '../organizations/index.ts'
import { COMMENT_COLUMNS, DEVICE_ROW_COLUMNS, toComment, toDeviceRecord } from '../portfolio/index.ts'
import { assigneeOf } from './assignment.ts'
import { queueStateOf } from './queue.ts'

/*
 * Any organization's record as the lab console reads it (docs/decisions/0024): the record
 * with its organization, its runs and its conversation, and a lab member's comment on it.
 */

/** The record with its organization's id and name, or undefined when there is no such record. */
export function labRecord(db: Kysely<Database>, portfolioManagerId: string) {
  return db
    .selectFrom('device_records as d')
    .innerJoin('organizations as o', 'o.id', 'd.organization_id')
    .select([
      ...DEVICE_ROW_COLUMNS.map((column) => `d.${column}` as const),
      'd.organization_id',
      'o.name as organization_name',
    ])
    .where('d.portfolio_manager_id', '=', portfolioManagerId)
    .executeTakeFirst()
}

export type LabRecordRow = NonNullable<Awaited<ReturnType<typeof labRecord>>>

/** The record's details for the console: its runs (why a waiting one waits) and its comments. */
export async function labRecordAnswer(db: Kysely<Database>, record: LabRecordRow): Promise<LabRecordAnswer> {
  const runs = await recordRunList(db, record.portfolio_manager_id)
  const comments = await db
    .selectFrom('comments')
    .select(COMMENT_COLUMNS)
    .where('portfolio_manager_id', '=', record.portfolio_manager_id)
    .orderBy('created_at')
    .orderBy('comment_id')
    .execute()
  return {
    record: toDeviceRecord(record),
    organizationId: record.organization_id,
    organizationName: record.organization_name,
    queueState: queueStateOf(record.status),
    runs,
    comments: comments.map(toComment),
    assignee: await assigneeOf(db, record.portfolio_manager_id),
  }
}

export type LabComment = {
  record: LabRecordRow
  staffId: string
  staffRole: LabRole
  /** The member's name, as the thread and the activity log show it. */
  author: string
  text: string
}

/**
 * Adds a lab member's comment to the record's thread, in one transaction with its line in the
 * organization's activity log (as the lab's) and its event.
 */
export function addLabComment(db: Kysely<Database>, input: LabComment): Promise<Comment> {
  const { record, author } = input
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('comments')
      .values({
        portfolio_manager_id: record.portfolio_manager_id,
        account_id: null,
        lab_staff_id: input.staffId,
        author,
        text: input.text,
        created_at: new Date(),
        author_kind: 'lab',
        author_role: input.staffRole,
      })
      .returning(COMMENT_COLUMNS)
      .executeTakeFirstOrThrow()
    const added = toComment(row)
    await logActivity(trx, {
      organizationId: record.organization_id,
      actorAccountId: null,
      actorName: `${author} (lab)`,
      actorKind: 'lab',
      action: 'comment.added',
      subject: recordSubject(record),
    })
    // The vendor's open tabs hear of it at once (decision 0020).
    await appendEvent(trx, record.organization_id, {
      type: 'comment.added',
      portfolioManagerId: record.portfolio_manager_id,
      comment: added,
    })
    return added
  })
}

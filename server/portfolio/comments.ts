import type { Kysely } from 'kysely'
import type { Comment } from '@/contract/certification'
import type { Database } from '../platform/db/schema.ts'
import { appendEvent } from '../events/index.ts'
import { logActivity, recordSubject } from '../organizations/index.ts'

/*
 * The comments on a device record (comments) as the vendor's calls read and add them, and the one
 * shape both sides answer. An added comment is written with its live event, comment.added, in one
 * transaction (decision 0020).
 */

type CommentRow = {
  comment_id: string
  portfolio_manager_id: string
  author: string
  text: string
  created_at: Date
  author_kind: 'vendor' | 'lab'
  author_role: string
}

/** A comment as both sides read it: the vendor's list, the lab's thread and comment.added. */
export const toComment = (row: CommentRow): Comment => ({
  commentId: row.comment_id,
  portfolioManagerId: row.portfolio_manager_id,
  author: row.author,
  text: row.text,
  createdAt: row.created_at.toISOString(),
  authorKind: row.author_kind,
  authorRole: row.author_role,
})

export const COMMENT_COLUMNS = [
  'comment_id',
  'portfolio_manager_id',
  'author',
  'text',
  'created_at',
  'author_kind',
  'author_role',
] as const

/** The record's comments, newest first. */
export function listComments(db: Kysely<Database>, portfolioManagerId: string) {
  return db
    .selectFrom('comments')
    .select(COMMENT_COLUMNS)
    .where('portfolio_manager_id', '=', portfolioManagerId)
    .orderBy('created_at', 'desc')
    .orderBy('comment_id', 'desc')
    .execute()
}

/** A vendor's comment: who writes it, as whom, in which organization, on which record. */
export type VendorComment = {
  organizationId: string
  accountId: string
  author: string
  role: string
  portfolioManagerId: string
  text: string
}

/**
 * Adds a vendor's comment with its activity entry and live event, in one transaction; `record`
 * names the record in the activity log.
 */
export function addVendorComment(
  db: Kysely<Database>,
  { organizationId, accountId, author, role, portfolioManagerId, text }: VendorComment,
  record: { device_name: string; vendor: string },
): Promise<Comment> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('comments')
      .values({
        portfolio_manager_id: portfolioManagerId,
        account_id: accountId,
        author,
        text,
        author_kind: 'vendor',
        author_role: role,
        created_at: new Date(),
      })
      .returning(COMMENT_COLUMNS)
      .executeTakeFirstOrThrow()
    const added = toComment(row)
    await logActivity(trx, {
      organizationId,
      actorAccountId: accountId,
      actorName: added.author,
      action: 'comment.added',
      subject: recordSubject(record),
    })
    // Last in the transaction: the event exists exactly when the comment does (decision 0020).
    await appendEvent(trx, organizationId, {
      type: 'comment.added',
      portfolioManagerId,
      comment: added,
    })
    return added
  })
}

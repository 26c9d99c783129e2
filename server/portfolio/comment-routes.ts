import { Hono } from 'hono'
import type { AddCommentAnswer, Comment, CommentListAnswer } from '@/contract/certification'
import {
  COMMENT_ADDED_MESSAGE,
  NOT_SIGNED_IN_MESSAGE,
  RECORD_NOT_FOUND_MESSAGE,
} from '@/contract/server-messages'
import { appendEvent } from '../events/index.ts'
import { logActivity, recordSubject } from '../organizations/index.ts'
import type { MainEnv } from '../http/context.ts'
import { ownRecord } from './records.ts'
import { vendorRoute } from '../http/route.ts'

/*
 * The comments on a device record (ARCHITECTURE.md decision 8): list, newest first, and add. The
 * record must be the vendor's own (another vendor's answers 404, as if it did not exist). An added
 * comment is written with its live event, comment.added, in one transaction (decision 0020).
 */

export const commentRoutes = new Hono<MainEnv>()

type CommentRow = {
  comment_id: string
  portfolio_manager_id: string
  author: string
  text: string
  created_at: Date
  author_kind: 'vendor' | 'lab'
  author_role: string
}

/** A comment as both sides read it: the vendor's list, the lab's thread and comment.added (issue 19). */
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

vendorRoute(commentRoutes, 'listComments', async (c) => {
  const { db } = c.var.services
  const { portfolioManagerId } = c.var.body
  if (!(await ownRecord(db, c.var.organizationId, portfolioManagerId))) {
    return c.json({ message: RECORD_NOT_FOUND_MESSAGE }, 404)
  }
  const rows = await db
    .selectFrom('comments')
    .select(COMMENT_COLUMNS)
    .where('portfolio_manager_id', '=', portfolioManagerId)
    .orderBy('created_at', 'desc')
    .orderBy('comment_id', 'desc')
    .execute()
  const answer: CommentListAnswer = { comments: rows.map(toComment) }
  c.header('Cache-Control', 'no-store')
  return c.json(answer)
})

vendorRoute(commentRoutes, 'addComment', async (c) => {
  const { db } = c.var.services
  const accountId = c.var.accountId
  const { portfolioManagerId, text } = c.var.body
  const record = await ownRecord(db, c.var.organizationId, portfolioManagerId)
  if (!record) {
    return c.json({ message: RECORD_NOT_FOUND_MESSAGE }, 404)
  }
  const account = await db
    .selectFrom('vendor_accounts')
    .select(['first_name', 'last_name'])
    .where('id', '=', accountId)
    .executeTakeFirst()
  if (!account) return c.json({ message: NOT_SIGNED_IN_MESSAGE }, 401)
  const comment = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('comments')
      .values({
        portfolio_manager_id: portfolioManagerId,
        account_id: accountId,
        author: `${account.first_name} ${account.last_name}`,
        text,
        author_kind: 'vendor',
        author_role: c.var.role,
        created_at: new Date(),
      })
      .returning(COMMENT_COLUMNS)
      .executeTakeFirstOrThrow()
    const added = toComment(row)
    await logActivity(trx, {
      organizationId: c.var.organizationId,
      actorAccountId: accountId,
      actorName: added.author,
      action: 'comment.added',
      subject: recordSubject(record),
    })
    // Last in the transaction: the event exists exactly when the comment does (decision 0020).
    await appendEvent(trx, c.var.organizationId, {
      type: 'comment.added',
      portfolioManagerId,
      comment: added,
    })
    return added
  })
  const answer: AddCommentAnswer = { message: COMMENT_ADDED_MESSAGE, comment }
  return c.json(answer)
})

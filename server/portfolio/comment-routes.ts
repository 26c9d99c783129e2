import { Hono } from 'hono'
import type { AddCommentAnswer, CommentListAnswer } from '@/contract/certification'
import {
  COMMENT_ADDED_MESSAGE,
  NOT_SIGNED_IN_MESSAGE,
  RECORD_NOT_FOUND_MESSAGE,
} from '@/contract/server-messages'
import type { MainEnv } from '../http/context.ts'
import { addVendorComment, listComments, toComment } from './comments.ts'
import { ownRecord } from './records.ts'
import { vendorName } from './vendors.ts'
import { vendorRoute } from '../http/route.ts'

/*
 * The comments on a device record (ARCHITECTURE.md decision 8): list, newest first, and add. The
 * record must be the vendor's own (another vendor's answers 404, as if it did not exist). An added
 * comment is written with its live event, comment.added, in one transaction (comments.ts).
 */

export const commentRoutes = new Hono<MainEnv>()

vendorRoute(commentRoutes, 'listComments', async (c) => {
  const { db } = c.var.services
  const { portfolioManagerId } = c.var.body
  if (!(await ownRecord(db, c.var.organizationId, portfolioManagerId))) {
    return c.json({ message: RECORD_NOT_FOUND_MESSAGE }, 404)
  }
  const rows = await listComments(db, portfolioManagerId)
  const answer: CommentListAnswer = { comments: rows.map(toComment) }
  c.header('Cache-Control', 'no-store')
  return c.json(answer)
})

vendorRoute(commentRoutes, 'addComment', async (c) => {
  const { db } = c.var.services
  const { accountId, organizationId, role } = c.var
  const { portfolioManagerId, text } = c.var.body
  const record = await ownRecord(db, organizationId, portfolioManagerId)
  if (!record) {
    return c.json({ message: RECORD_NOT_FOUND_MESSAGE }, 404)
  }
  const author = await vendorName(db, accountId)
  if (author === undefined) return c.json({ message: NOT_SIGNED_IN_MESSAGE }, 401)
  const written = { organizationId, accountId, author, role, portfolioManagerId, text }
  const comment = await addVendorComment(db, written, record)
  const answer: AddCommentAnswer = { message: COMMENT_ADDED_MESSAGE, comment }
  return c.json(answer)
})

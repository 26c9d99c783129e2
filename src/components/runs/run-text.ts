import type { CertificationRun, Comment } from '@/contract/certification'
import { maintenanceNotice, maintenanceNoticeWithoutEnd } from '@/contract/lab'
import { formatPortalTime } from '@/lib/format-time'

/*
 * docs/decisions/0024: what both sides write of a run's review and the lab's maintenance, and how
 * the conversation between the vendor's team and the lab names its sides: the vendor's run
 * details and comments dialog and the lab's record read the same lines. Pure text, asserted word
 * for word in run-text.test.ts.
 */

type RunReview = NonNullable<CertificationRun['review']>
type RunMaintenance = NonNullable<CertificationRun['maintenance']>

/** A run waiting for the lab's decision (review on). */
export const REVIEW_PENDING_TEXT = 'Awaiting the lab’s review'
/** Who decided, when the answer names nobody (never from this server; an older answer). */
export const UNNAMED_REVIEWER = 'the lab'

/** 'Approved by Eli Engineer on 20 Nov 2026, 09:00' (without ' on …' when the time is missing). */
export const reviewApprovedText = (reviewer: string, time: string) =>
  `Approved by ${reviewer}${time ? ` on ${time}` : ''}`

/** 'Rejected by Eli Engineer on 20 Nov 2026, 09:00: <reason>' (each part only when given). */
export const reviewRejectedText = (reviewer: string, time: string, reason: string) =>
  `Rejected by ${reviewer}${time ? ` on ${time}` : ''}${reason ? `: ${reason}` : ''}`

/** A run's review in a line, its time as the portal writes times (UTC). */
export function reviewText(review: RunReview): string {
  if (review.state === 'pending') return REVIEW_PENDING_TEXT
  const reviewer = review.reviewer?.trim() || UNNAMED_REVIEWER
  const time = review.reviewedAt ? formatPortalTime(review.reviewedAt) : ''
  if (review.state === 'approved') return reviewApprovedText(reviewer, time)
  return reviewRejectedText(reviewer, time, review.reason?.trim() ?? '')
}

export { maintenanceNoticeWithoutEnd }

/** The lab's maintenance for a run waiting in it: maintenanceNotice with the end as the app writes times. */
export function maintenanceText(maintenance: RunMaintenance): string {
  const end = maintenance.expectedEnd.trim()
  return end === ''
    ? maintenanceNoticeWithoutEnd(maintenance.reason)
    : maintenanceNotice(maintenance.reason, formatPortalTime(end))
}

/* The conversation: one thread per record between the vendor's team and the lab (decision 0024 point 6). */

export type CommentSide = 'vendor' | 'lab'
/** How the vendor's own side is named in its thread. */
export const VENDOR_SIDE_LABEL = 'Your team'
/** How the lab's side is named, on both sides of the thread. */
export const LAB_SIDE_LABEL = 'Certification lab'
/** The names of the two sides as the vendor reads them. */
export const COMMENT_SIDE_LABELS: Readonly<Record<CommentSide, string>> = {
  vendor: VENDOR_SIDE_LABEL,
  lab: LAB_SIDE_LABEL,
}

/** The names of the two sides as the lab reads them: the vendor's side is its organization. */
export const labSideLabels = (organizationName: string): Readonly<Record<CommentSide, string>> => ({
  vendor: organizationName,
  lab: LAB_SIDE_LABEL,
})

/** A comment without authorKind was written before the lab console: the vendor's own. */
export const commentSide = (comment: Pick<Comment, 'authorKind'>): CommentSide =>
  comment.authorKind === 'lab' ? 'lab' : 'vendor'

/**
 * What a comment's heading says, in reading order: the author, the side (as `sides` name them:
 * the vendor's by default), the role there when known, the time ('Eli Engineer', 'Certification
 * lab', 'Lab engineer', '20 Nov 2026, 09:00').
 */
export function commentByline(
  comment: Comment,
  sides: Readonly<Record<CommentSide, string>> = COMMENT_SIDE_LABELS,
): {
  author: string
  side: string
  role: string | null
  time: string
} {
  const role = comment.authorRole?.trim()
  return {
    author: comment.author,
    side: sides[commentSide(comment)],
    role: role ? role : null,
    time: formatPortalTime(comment.createdAt),
  }
}

/** The comment's heading as one line ('Eli Engineer · Certification lab · Lab engineer · 20 Nov 2026, 09:00'). */
export const commentBylineText = (
  comment: Comment,
  sides: Readonly<Record<CommentSide, string>> = COMMENT_SIDE_LABELS,
) => {
  const { author, side, role, time } = commentByline(comment, sides)
  return [author, side, role, time].filter((part) => part !== null && part !== '').join(' · ')
}

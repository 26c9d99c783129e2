import { describe, expect, it } from 'vitest'
import type { Comment } from '@/contract/certification'
import {
  COMMENT_SIDE_LABELS,
  commentByline,
  commentBylineText,
  commentSide,
  labSideLabels,
  LAB_SIDE_LABEL,
  maintenanceNoticeWithoutEnd,
  maintenanceText,
  REVIEW_PENDING_TEXT,
  reviewApprovedText,
  reviewRejectedText,
  reviewText,
  UNNAMED_REVIEWER,
  VENDOR_SIDE_LABEL,
} from '@/components/runs/run-text'

describe('reviewText', () => {
  it('says a pending review waits for the lab', () => {
    expect(REVIEW_PENDING_TEXT).toBe('Awaiting the lab’s review')
    expect(reviewText({ state: 'pending', reviewer: null, reviewedAt: null, reason: null })).toBe(
      'Awaiting the lab’s review',
    )
  })

  it('names the reviewer and the time of an approval, in UTC as the dashboard writes times', () => {
    expect(
      reviewText({
        state: 'approved',
        reviewer: 'Eli Engineer',
        reviewedAt: '2026-11-20T09:05:00.000Z',
        reason: null,
      }),
    ).toBe('Approved by Eli Engineer on 20 Nov 2026, 09:05')
    // An approval's note is not part of the line.
    expect(
      reviewText({
        state: 'approved',
        reviewer: 'Eli Engineer',
        reviewedAt: '2026-11-20T23:59:00.000Z',
        reason: 'All good.',
      }),
    ).toBe('Approved by Eli Engineer on 20 Nov 2026, 23:59')
  })

  it('names the reviewer, the time and the reason of a rejection', () => {
    expect(
      reviewText({
        state: 'rejected',
        reviewer: 'Lena Lab',
        reviewedAt: '2026-11-21T08:00:00.000Z',
        reason: 'The 5 GHz throughput was measured on the wrong channel.',
      }),
    ).toBe(
      'Rejected by Lena Lab on 21 Nov 2026, 08:00: The 5 GHz throughput was measured on the wrong channel.',
    )
    // The lab's record reads the same line (it once ended an approval with a full stop of its own).
    const rejected = {
      state: 'rejected' as const,
      reviewer: 'Lena Lab',
      reviewedAt: '2026-11-20T09:05:00.000Z',
      reason: 'The firmware on the bench is not the one declared.',
    }
    expect(reviewText(rejected)).toBe(
      'Rejected by Lena Lab on 20 Nov 2026, 09:05: The firmware on the bench is not the one declared.',
    )
  })

  it('leaves out what the answer does not carry', () => {
    expect(UNNAMED_REVIEWER).toBe('the lab')
    expect(reviewText({ state: 'approved', reviewer: null, reviewedAt: null, reason: null })).toBe(
      'Approved by the lab',
    )
    expect(reviewText({ state: 'rejected', reviewer: '  ', reviewedAt: null, reason: '' })).toBe(
      'Rejected by the lab',
    )
    expect(
      reviewText({ state: 'rejected', reviewer: 'Lena Lab', reviewedAt: null, reason: ' Retest. ' }),
    ).toBe('Rejected by Lena Lab: Retest.')
  })

  it('builds the lines from their parts', () => {
    expect(reviewApprovedText('A', '1 Jan 2027, 00:00')).toBe('Approved by A on 1 Jan 2027, 00:00')
    expect(reviewApprovedText('A', '')).toBe('Approved by A')
    expect(reviewRejectedText('A', '1 Jan 2027, 00:00', 'Why.')).toBe(
      'Rejected by A on 1 Jan 2027, 00:00: Why.',
    )
    expect(reviewRejectedText('A', '', '')).toBe('Rejected by A')
  })
})

describe('maintenanceText', () => {
  it('is the contract’s notice with the expected end as the dashboard writes times', () => {
    expect(
      maintenanceText({
        reason: 'The RF chamber is being recalibrated.',
        startedAt: '2026-11-20T08:00:00.000Z',
        expectedEnd: '2026-11-20T14:30:00.000Z',
        startedBy: 'Lena Lab',
      }),
    ).toBe(
      'The lab is in maintenance: The RF chamber is being recalibrated. Expected to end 20 Nov 2026, 14:30.',
    )
  })

  it('has no end sentence for maintenance set on the server (CERT_MAINTENANCE=1: empty end)', () => {
    expect(maintenanceNoticeWithoutEnd('Scheduled maintenance of the lab.')).toBe(
      'The lab is in maintenance: Scheduled maintenance of the lab.',
    )
    expect(
      maintenanceText({
        reason: 'Scheduled maintenance of the lab.',
        startedAt: '',
        expectedEnd: '',
        startedBy: '',
      }),
    ).toBe('The lab is in maintenance: Scheduled maintenance of the lab.')
  })
})

const comment = (fields: Partial<Comment>): Comment => ({
  commentId: 'c-1',
  portfolioManagerId: 'pm-0009',
  author: 'Priya Sharma',
  text: 'Engineering build shared.',
  createdAt: '2026-11-19T18:00:00.000Z',
  ...fields,
})

describe('the conversation', () => {
  it('names the two sides', () => {
    expect(VENDOR_SIDE_LABEL).toBe('Your team')
    expect(LAB_SIDE_LABEL).toBe('Certification lab')
    expect(COMMENT_SIDE_LABELS).toEqual({ vendor: 'Your team', lab: 'Certification lab' })
  })

  it('takes a comment without authorKind for the vendor’s (written before the lab console)', () => {
    expect(commentSide({})).toBe('vendor')
    expect(commentSide({ authorKind: 'vendor' })).toBe('vendor')
    expect(commentSide({ authorKind: 'lab' })).toBe('lab')
  })

  it('heads each comment with its author, side, role and time', () => {
    const lab = comment({ author: 'Eli Engineer', authorKind: 'lab', authorRole: 'Lab engineer' })
    expect(commentByline(lab)).toEqual({
      author: 'Eli Engineer',
      side: 'Certification lab',
      role: 'Lab engineer',
      time: '19 Nov 2026, 18:00',
    })
    expect(commentBylineText(lab)).toBe(
      'Eli Engineer · Certification lab · Lab engineer · 19 Nov 2026, 18:00',
    )
    expect(commentBylineText(comment({ authorKind: 'vendor', authorRole: 'Owner' }))).toBe(
      'Priya Sharma · Your team · Owner · 19 Nov 2026, 18:00',
    )
  })

  it('leaves out a role the answer does not carry', () => {
    expect(commentByline(comment({})).role).toBeNull()
    expect(commentBylineText(comment({}))).toBe('Priya Sharma · Your team · 19 Nov 2026, 18:00')
    expect(commentBylineText(comment({ authorRole: ' ' }))).toBe(
      'Priya Sharma · Your team · 19 Nov 2026, 18:00',
    )
  })

  it('names the vendor’s side by its organization for the lab', () => {
    expect(labSideLabels('Nokia')).toEqual({ vendor: 'Nokia', lab: 'Certification lab' })
    const base = { commentId: 'c', portfolioManagerId: 'p', text: 't', createdAt: '2026-11-20T09:00:00.000Z' }
    const sides = labSideLabels('Nokia')
    expect(
      commentBylineText(
        { ...base, author: 'Eli Engineer', authorKind: 'lab', authorRole: 'Lab engineer' },
        sides,
      ),
    ).toBe('Eli Engineer · Certification lab · Lab engineer · 20 Nov 2026, 09:00')
    expect(
      commentBylineText(
        { ...base, author: 'Priya Sharma', authorKind: 'vendor', authorRole: 'Owner' },
        sides,
      ),
    ).toBe('Priya Sharma · Nokia · Owner · 20 Nov 2026, 09:00')
    expect(commentBylineText({ ...base, author: 'Priya Sharma' }, sides)).toBe(
      'Priya Sharma · Nokia · 20 Nov 2026, 09:00',
    )
    expect(commentByline({ ...base, author: 'Priya Sharma' }, sides).side).toBe('Nokia')
  })
})

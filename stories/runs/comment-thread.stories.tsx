import preview from '#.storybook/preview'
import { expect, waitFor, within } from 'storybook/test'
import { CommentThread } from '@/components/runs/comment-thread'
import { labSideLabels } from '@/components/runs/run-text'
import type { Comment } from '@/contract/certification'
import { fitsTheWidth, PHONE, thread } from './run-fixtures'

/**
 * The thread between the vendor's team and the certification lab, as the vendor's comments
 * dialog and the lab's record show it: newest first, whatever order it comes in; each comment
 * with its author, side, role and time; the lab's to the right on blue, the vendor team's to the
 * left on grey, the side written out. The vendor reads its side as "Your team", the lab as the
 * vendor's organization.
 */

const meta = preview.meta({
  title: 'Runs/Comment thread',
  component: CommentThread,
  args: { comments: thread, label: 'Comments' },
  decorators: [(Story) => <div className="flex max-w-lg flex-col">{Story()}</div>],
})

const items = (canvas: ReturnType<typeof within>, label: string) =>
  within(canvas.getByRole('list', { name: label })).getAllByRole('listitem')

export const VendorSide = meta.story({
  name: 'The vendor’s side',
  play: async ({ canvas }) => {
    const [newest, oldest] = items(canvas, 'Comments')
    await expect(newest).toHaveTextContent(
      'Eli Engineer · Certification lab · Lab engineer · 20 Nov 2026, 08:30Yes: flash 3.4.13 and re-run the failed cases; we watch the bench.',
    )
    await expect(newest).toHaveAttribute('data-side', 'lab')
    await expect(oldest).toHaveTextContent(
      'Priya Sharma · Your team · Owner · 20 Nov 2026, 08:00Our DFS fix is in 3.4.13. Can you run the radar cases again?',
    )
  },
})

export const LabSide = meta.story({
  name: 'The lab’s side',
  args: { label: 'Conversation with the vendor', sides: labSideLabels('Nokia Solutions and Networks') },
  play: async ({ canvas }) => {
    const [newest, oldest] = items(canvas, 'Conversation with the vendor')
    await expect(newest).toHaveTextContent(
      'Eli Engineer · Certification lab · Lab engineer · 20 Nov 2026, 08:30',
    )
    await expect(oldest).toHaveTextContent(
      'Priya Sharma · Nokia Solutions and Networks · Owner · 20 Nov 2026, 08:00',
    )
  },
})

/** A thread taller than its box scrolls and takes the focus, so that the keyboard scrolls it. */
export const LongThread = meta.story({
  name: 'A long thread scrolls',
  args: {
    comments: Array.from({ length: 12 }, (_, index): Comment => ({
      ...thread[index % 2]!,
      commentId: `c-${index}`,
      createdAt: new Date(Date.UTC(2026, 10, 20, 8, index)).toISOString(),
    })),
  },
  play: async ({ canvas, userEvent }) => {
    const region = canvas.getByRole('region', { name: 'Comment thread' })
    await expect(items(canvas, 'Comments')[0]).toHaveTextContent('20 Nov 2026, 08:11')
    await waitFor(() => expect(region).toHaveAttribute('tabindex', '0'))
    await userEvent.tab()
    await expect(region).toHaveFocus()
  },
})

export const Empty = meta.story({
  name: 'No comments yet',
  args: { comments: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No comments yet.')).toBeVisible()
  },
})

export const Loading = meta.story({
  name: 'Loading',
  args: { comments: [], pending: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Loading comments…')).toBeVisible()
    await expect(canvas.queryByText('No comments yet.')).toBeNull()
  },
})

export const Failed = meta.story({
  name: 'Could not be loaded',
  args: { comments: [], failed: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('The comments could not be loaded.')).toBeVisible()
  },
})

export const OnAPhone = meta.story({
  name: 'The lab’s side on a phone',
  globals: PHONE,
  args: { label: 'Conversation with the vendor', sides: labSideLabels('Nokia Solutions and Networks') },
  play: async ({ canvas, canvasElement }) => {
    await expect(items(canvas, 'Conversation with the vendor')).toHaveLength(2)
    await expect(fitsTheWidth(canvasElement)).toBe(true)
  },
})

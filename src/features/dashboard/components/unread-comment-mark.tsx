import { MessageSquareDot } from 'lucide-react'

/** '1 unread comment from the lab', '2 unread comments from the lab'. */
export const unreadCommentsText = (count: number) =>
  `${count} unread ${count === 1 ? 'comment' : 'comments'} from the lab`

/**
 * A dashboard row's mark for the lab's comments that came while the tab was open and the vendor
 * has not opened yet (the row's `unreadComments`, docs/decisions/0037): an icon and its count,
 * named in full for screen readers and on hover. Nothing when there are none.
 */
export function UnreadCommentMark({ count }: { count: number | undefined }) {
  if (!count) return null
  const text = unreadCommentsText(count)
  return (
    <span
      data-slot="unread-comment-mark"
      role="img"
      aria-label={text}
      title={text}
      className="inline-flex shrink-0 items-center gap-0.5 rounded-full bg-brand-700 px-1.5 py-0.5 text-caption font-semibold text-ink-inverted tabular-nums"
    >
      <MessageSquareDot aria-hidden="true" className="size-3.5" />
      {count}
    </span>
  )
}

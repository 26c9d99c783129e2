import { FlaskConical, Users } from 'lucide-react'
import * as React from 'react'
import { type CommentSide, commentByline, commentSide, COMMENT_SIDE_LABELS } from '@/components/runs/run-text'
import type { Comment } from '@/contract/certification'
import { cn } from '@/lib/utils'

type CommentThreadProps = {
  /** The record's comments, in any order: they show newest first. */
  comments: readonly Comment[]
  /** The list's name ('Comments'; the lab: 'Conversation with the vendor'). */
  label: string
  /** How the two sides are named (the vendor's: 'Your team'; the lab's: the organization). */
  sides?: Readonly<Record<CommentSide, string>>
  /** The comments are still being read. */
  pending?: boolean
  /** They could not be read. */
  failed?: boolean
}

/**
 * One thread between the vendor's team and the certification lab (decision 8, docs/decisions/0024
 * point 6), as both sides show it: newest first, each comment saying who wrote it, on which side,
 * in which role, and when; or what stands in for the comments. A thread taller than its box scrolls, and then
 * takes the focus so that the keyboard scrolls it; new comments are announced.
 */
export function CommentThread({
  comments,
  label,
  sides = COMMENT_SIDE_LABELS,
  pending = false,
  failed = false,
}: CommentThreadProps) {
  const threadRef = React.useRef<HTMLDivElement>(null)
  const threadOverflows = useOverflows(threadRef, comments)
  const newestFirst = React.useMemo(() => newestFirstOf(comments), [comments])
  return (
    <div
      ref={threadRef}
      role="region"
      aria-label="Comment thread"
      tabIndex={threadOverflows ? 0 : undefined}
      className="flex max-h-72 flex-col gap-3 overflow-y-auto rounded-control focus-visible:focus-ring"
      aria-live="polite"
    >
      {pending ? <p className="text-small text-ink-muted">Loading comments…</p> : null}
      {failed ? <p className="text-small text-danger">The comments could not be loaded.</p> : null}
      {!pending && !failed && comments.length === 0 ? (
        <p className="text-small text-ink-muted">No comments yet.</p>
      ) : null}
      {comments.length > 0 ? (
        <ul aria-label={label} className="flex flex-col gap-3">
          {newestFirst.map((comment) => (
            <CommentItem key={comment.commentId} comment={comment} sides={sides} />
          ))}
        </ul>
      ) : null}
    </div>
  )
}

/** The comments newest first (ISO times compare as text; a tie keeps the answer's order). */
const newestFirstOf = (comments: readonly Comment[]) =>
  [...comments].sort((a, b) => b.createdAt.localeCompare(a.createdAt))

/** Whether the element's content is taller than its box, measured again when `content` or its size changes. */
function useOverflows(ref: React.RefObject<HTMLElement | null>, content: unknown): boolean {
  const [overflows, setOverflows] = React.useState(false)
  React.useEffect(() => {
    const element = ref.current
    if (!element) return
    const measure = () => setOverflows(element.scrollHeight > element.clientHeight + 1)
    measure()
    if (typeof ResizeObserver !== 'function') return
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref, content])
  return overflows
}

const SIDE_LOOK = {
  vendor: {
    icon: Users,
    item: 'self-start border-line border-s-4 border-s-line-strong bg-surface-muted',
    side: 'text-ink-muted',
  },
  lab: {
    icon: FlaskConical,
    item: 'self-end border-brand-200 border-e-4 border-e-brand-600 bg-brand-50',
    side: 'text-brand-800',
  },
} as const

/**
 * One comment of the thread: its author, side, role there and time, then its text. The
 * lab's stand to the right on a blue ground, the vendor team's to the left on grey; the side is
 * written out too, so that nothing rests on colour or place alone.
 */
function CommentItem({ comment, sides }: { comment: Comment; sides: Readonly<Record<CommentSide, string>> }) {
  const side = commentSide(comment)
  const { author, side: sideLabel, role, time } = commentByline(comment, sides)
  const look = SIDE_LOOK[side]
  const Icon = look.icon
  return (
    <li
      data-side={side}
      className={cn(
        'flex w-fit max-w-[90%] min-w-[60%] flex-col gap-1 rounded-control border px-3 py-2',
        look.item,
      )}
    >
      <p className="text-caption text-ink-muted">
        <Icon aria-hidden="true" className={cn('me-1 inline-block size-3.5 align-[-3px]', look.side)} />
        <span className="font-semibold text-ink">{author}</span> ·{' '}
        <span className={cn('font-semibold', look.side)}>{sideLabel}</span>
        {role ? (
          <>
            {' '}
            · <span>{role}</span>
          </>
        ) : null}{' '}
        · <time dateTime={comment.createdAt}>{time}</time>
      </p>
      <p className="text-small break-words whitespace-pre-wrap text-ink">{comment.text}</p>
    </li>
  )
}

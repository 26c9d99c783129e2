import { useQuery } from '@tanstack/react-query'
import { FlaskConical, Users } from 'lucide-react'
import * as React from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { Field, FieldError, FieldHint, FieldLabel } from '@/components/ui/field'
import { RefusalNote } from '@/components/ui/refusal-note'
import { Textarea } from '@/components/ui/textarea'
import { type Comment, COMMENT_MAX_LENGTH } from '@/contract/certification'
import { COMMENT_EMPTY_MESSAGE } from '@/contract/server-messages'
import { commentsQueryOptions, useAddCommentMutation } from '@/features/certification/api/comments'
import { commentByline, commentSide } from '@/features/certification/model/review-text'
import { answerOrNull } from '@/lib/api-failure'
import { useMarkCommentsRead } from '@/lib/live/live-updates'
import { useRoleRefusal } from '@/lib/use-role'
import { cn } from '@/lib/utils'

type CommentsDialogProps = {
  /** The record whose comments show; null closes the dialog. */
  record: { portfolioManagerId: string; deviceName: string } | null
  onClose: () => void
}

/**
 * Add Comments (decision 8): the record's comments, newest first, and a box to add one. They
 * are one thread between the vendor's team and the certification lab: each comment says who
 * wrote it, on which side, in which role, and when (CommentItem). A member whose role may not
 * comment reads them; the box and its button are disabled, with the reason under the box.
 */
function CommentsDialog({ record, onClose }: CommentsDialogProps) {
  return (
    <Dialog
      open={record !== null}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
    >
      <DialogContent className="max-w-lg">
        {record ? <CommentsBody key={record.portfolioManagerId} record={record} /> : null}
      </DialogContent>
    </Dialog>
  )
}

type CommentRecord = { portfolioManagerId: string; deviceName: string }

function CommentsBody({ record }: { record: CommentRecord }) {
  const commentsQuery = useQuery(commentsQueryOptions(record.portfolioManagerId))
  const draft = useCommentDraft(record)
  // Open, the thread is read: the dashboard row's unread mark goes (and stays gone as comments come).
  const markRead = useMarkCommentsRead()
  const shown = commentsQuery.data?.length ?? 0
  React.useEffect(() => markRead(record.portfolioManagerId), [markRead, record.portfolioManagerId, shown])
  return (
    <>
      <DialogHeader>
        <DialogTitle>Comments</DialogTitle>
        <DialogDescription>{record.deviceName}</DialogDescription>
      </DialogHeader>
      <CommentThread
        comments={commentsQuery.data ?? []}
        pending={commentsQuery.isPending}
        failed={commentsQuery.isError}
        loaded={commentsQuery.isSuccess}
      />
      <CommentForm draft={draft} />
    </>
  )
}

/** The new comment's text, its error, and sending it (refused when the member's role may not comment). */
function useCommentDraft(record: CommentRecord) {
  const addComment = useAddCommentMutation()
  const refusal = useRoleRefusal('comment')
  const refusalId = React.useId()
  const [text, setText] = React.useState('')
  const [error, setError] = React.useState<string | undefined>()

  const send = async () => {
    if (refusal) return
    if (text.trim() === '') {
      setError(COMMENT_EMPTY_MESSAGE)
      return
    }
    const answer = await answerOrNull(
      addComment.mutateAsync({ portfolioManagerId: record.portfolioManagerId, text }),
    )
    if (!answer) return
    toast.success(answer.message)
    setText('')
    setError(undefined)
  }
  const change = (value: string) => {
    setText(value)
    if (error && value.trim() !== '') setError(undefined)
  }
  return { text, change, error, send, sending: addComment.isPending, refusal, refusalId }
}

type CommentThreadProps = {
  comments: readonly Comment[]
  pending: boolean
  failed: boolean
  loaded: boolean
}

/** The record's comments, newest first, or what stands in for them. */
function CommentThread({ comments, pending, failed, loaded }: CommentThreadProps) {
  const threadRef = React.useRef<HTMLDivElement>(null)
  const threadOverflows = useOverflows(threadRef, comments)
  return (
    <div
      ref={threadRef}
      role="region"
      aria-label="Comment thread"
      // A thread taller than its box scrolls: it then takes the focus, so that the keyboard scrolls it.
      tabIndex={threadOverflows ? 0 : undefined}
      className="flex max-h-72 flex-col gap-3 overflow-y-auto rounded-control focus-visible:focus-ring"
      aria-live="polite"
    >
      {pending ? <p className="text-small text-ink-muted">Loading comments…</p> : null}
      {failed ? <p className="text-small text-danger">The comments could not be loaded.</p> : null}
      {loaded && comments.length === 0 ? <p className="text-small text-ink-muted">No comments yet.</p> : null}
      {comments.length > 0 ? (
        <ul aria-label="Comments" className="flex flex-col gap-3">
          {comments.map((comment) => (
            <CommentItem key={comment.commentId} comment={comment} />
          ))}
        </ul>
      ) : null}
    </div>
  )
}

/** The box for a new comment and its button; with the reason under the box when the role may not comment. */
function CommentForm({ draft }: { draft: ReturnType<typeof useCommentDraft> }) {
  const { text, error, refusal, refusalId } = draft
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault()
        void draft.send()
      }}
    >
      <Field invalid={error !== undefined} disabled={refusal !== null}>
        <FieldLabel>New comment</FieldLabel>
        <Textarea
          aria-describedby={refusal ? refusalId : undefined}
          value={text}
          rows={3}
          maxLength={COMMENT_MAX_LENGTH}
          onChange={(event) => draft.change(event.target.value)}
        />
        {refusal ? (
          <RefusalNote id={refusalId} reason={refusal.reason} hint={refusal.hint} />
        ) : (
          <FieldHint>
            {text.length} of {COMMENT_MAX_LENGTH} characters
          </FieldHint>
        )}
        <FieldError>{error}</FieldError>
      </Field>
      <DialogFooter>
        <Button
          type="submit"
          loading={draft.sending}
          disabled={refusal !== null}
          aria-describedby={refusal ? refusalId : undefined}
        >
          Add comment
        </Button>
      </DialogFooter>
    </form>
  )
}

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
function CommentItem({ comment }: { comment: Comment }) {
  const side = commentSide(comment)
  const { author, side: sideLabel, role, time } = commentByline(comment)
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

export { CommentsDialog }

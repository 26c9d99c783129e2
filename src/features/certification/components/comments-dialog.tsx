import { useQuery } from '@tanstack/react-query'
import { FlaskConical, Users } from 'lucide-react'
import * as React from 'react'
import { toast } from 'sonner'
import { SubmitButton, useAppForm } from '@/components/form/form-kit'
import { useFormSubmit } from '@/components/form/form-parts'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { RefusalNote } from '@/components/ui/refusal-note'
import { type Comment, COMMENT_MAX_LENGTH } from '@/contract/certification'
import { COMMENT_EMPTY_MESSAGE } from '@/contract/server-messages'
import { commentsQueryOptions, useAddCommentMutation } from '@/features/certification/api/comments'
import { commentByline, commentSide } from '@/features/certification/model/review-text'
import { answerOrNull } from '@/lib/api-failure'
import { useMarkCommentsRead } from '@/lib/live/live-updates'
import { useRoleRefusal } from '@/lib/use-role'
import { cn } from '@/lib/utils'
import { useOrganizationId } from '@/lib/use-auth-data'

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
  const organizationId = useOrganizationId()
  const commentsQuery = useQuery(commentsQueryOptions(organizationId, record.portfolioManagerId))
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

/** The new comment's form, and sending it (refused when the member's role may not comment). */
function useCommentDraft(record: CommentRecord) {
  const addComment = useAddCommentMutation()
  const refusal = useRoleRefusal('comment')
  const refusalId = React.useId()
  const form = useAppForm({
    defaultValues: { text: '' },
    validators: {
      onSubmit: ({ value }) =>
        value.text.trim() === '' ? { fields: { text: COMMENT_EMPTY_MESSAGE } } : undefined,
    },
    onSubmit: async ({ value, formApi }) => {
      if (refusal) return
      const answer = await answerOrNull(
        addComment.mutateAsync({ portfolioManagerId: record.portfolioManagerId, text: value.text }),
      )
      if (!answer) return
      toast.success(answer.message)
      formApi.reset()
    },
  })
  return { form, refusal, refusalId }
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
  const { form, refusal, refusalId } = draft
  const { ref, onSubmit } = useFormSubmit(form)
  const describedBy = refusal ? refusalId : undefined
  return (
    <form.AppForm>
      <form ref={ref} noValidate className="flex flex-col gap-3" onSubmit={onSubmit}>
        <form.AppField name="text">
          {(field) => (
            <field.TextareaField
              label="New comment"
              rows={3}
              maxLength={COMMENT_MAX_LENGTH}
              disabled={refusal !== null}
              aria-describedby={describedBy}
              hint={refusal ? undefined : `${field.state.value.length} of ${COMMENT_MAX_LENGTH} characters`}
            />
          )}
        </form.AppField>
        {refusal ? <RefusalNote id={refusalId} reason={refusal.reason} hint={refusal.hint} /> : null}
        <DialogFooter>
          <SubmitButton enabledWhenInvalid disabled={refusal !== null} aria-describedby={describedBy}>
            Add comment
          </SubmitButton>
        </DialogFooter>
      </form>
    </form.AppForm>
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

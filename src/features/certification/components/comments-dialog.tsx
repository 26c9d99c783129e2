import { useQuery } from '@tanstack/react-query'
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
import { CommentThread } from '@/components/runs/comment-thread'
import { COMMENT_MAX_LENGTH } from '@/contract/certification'
import { COMMENT_EMPTY_MESSAGE } from '@/contract/server-messages'
import { commentsQueryOptions, useAddCommentMutation } from '@/features/certification/api/comments'
import { answerOrNull } from '@/lib/api-failure'
import { useMarkCommentsRead } from '@/lib/live/live-updates'
import { useRoleRefusal } from '@/lib/use-role'
import { useOrganizationId } from '@/lib/use-auth-data'

type CommentsDialogProps = {
  /** The record whose comments show; null closes the dialog. */
  record: { portfolioManagerId: string; deviceName: string } | null
  onClose: () => void
}

/**
 * Add Comments (decision 8): the record's comments, newest first, and a box to add one. They
 * are one thread between the vendor's team and the certification lab: each comment says who
 * wrote it, on which side, in which role, and when (the shared CommentThread). A member whose role may not
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
        label="Comments"
        pending={commentsQuery.isPending}
        failed={commentsQuery.isError}
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

export { CommentsDialog }

import * as React from 'react'
import { useAppForm } from '@/components/form/form-kit'
import { CommentThread } from '@/components/runs/comment-thread'
import { labSideLabels } from '@/components/runs/run-text'
import { type Comment, COMMENT_MAX_LENGTH } from '@/contract/certification'
import { answerOrNull, showToast } from '@/lib/api-failure'
import { useLabComment } from '@/features/lab/api/lab-api'
import { clearOnChange, focusField, requiredText } from '@/features/lab/components/lab-form'

export const EMPTY_ANSWER_MESSAGE = 'Write your answer first.'

/**
 * The thread with the vendor's team as the vendor's comments dialog shows it, newest first (the
 * vendor's side named by its organization), and the lab's answer (on the form kit).
 */
export function Conversation({
  portfolioManagerId,
  comments,
  organizationName,
}: {
  portfolioManagerId: string
  comments: ReadonlyArray<Comment>
  organizationName: string
}) {
  const send = useLabComment()
  const formRef = React.useRef<HTMLFormElement>(null)
  const form = useAppForm({
    defaultValues: { text: '' },
    onSubmitInvalid: () => focusField(formRef.current, 'text'),
    onSubmit: async ({ value, formApi }) => {
      const answer = await answerOrNull(send.mutateAsync({ portfolioManagerId, text: value.text }))
      if (!answer) return
      formApi.reset()
      void showToast('success', answer.message)
    },
  })

  return (
    <section aria-labelledby="lab-thread-title" className="flex flex-col gap-3">
      <h2 id="lab-thread-title" className="text-body font-semibold text-ink">
        Conversation with the vendor
      </h2>
      <CommentThread
        comments={comments}
        label="Conversation with the vendor"
        sides={labSideLabels(organizationName)}
      />
      <form
        ref={formRef}
        noValidate
        aria-label="Answer the vendor"
        onSubmit={(event) => {
          event.preventDefault()
          void form.handleSubmit()
        }}
        className="flex flex-col gap-2"
      >
        <form.AppField name="text" validators={requiredText(EMPTY_ANSWER_MESSAGE)} listeners={clearOnChange}>
          {(field) => <field.TextareaField label="Answer the vendor" rows={3} limit={COMMENT_MAX_LENGTH} />}
        </form.AppField>
        <form.AppForm>
          <form.SubmitButton size="sm" className="self-end" enabledWhenInvalid>
            Send answer
          </form.SubmitButton>
        </form.AppForm>
      </form>
    </section>
  )
}

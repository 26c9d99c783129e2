import * as React from 'react'
import { Button } from '@/components/ui/button'
import { type Comment, COMMENT_MAX_LENGTH } from '@/contract/certification'
import { answerOrNull, showToast } from '@/lib/api-failure'
import { cn } from '@/lib/utils'
import { useLabComment } from '@/features/lab/api/lab-api'
import { WrittenField } from '@/features/lab/components/written-field'
import { commentByline } from '@/features/lab/model/lab-view'

export const EMPTY_ANSWER_MESSAGE = 'Write your answer first.'

/** The thread with the vendor's team, oldest first, and the lab's answer. */
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
  const [text, setText] = React.useState('')
  const [error, setError] = React.useState<string | null>(null)
  const inputRef = React.useRef<HTMLTextAreaElement>(null)

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    if (!text.trim()) {
      setError(EMPTY_ANSWER_MESSAGE)
      inputRef.current?.focus()
      return
    }
    const answer = await answerOrNull(send.mutateAsync({ portfolioManagerId, text }))
    if (!answer) return
    setText('')
    void showToast('success', answer.message)
  }

  return (
    <section aria-labelledby="lab-thread-title" className="flex flex-col gap-3">
      <h3 id="lab-thread-title" className="text-small font-semibold text-ink">
        Conversation with the vendor
      </h3>
      {comments.length === 0 ? (
        <p className="text-small text-ink-muted">No comments yet.</p>
      ) : (
        <ol aria-labelledby="lab-thread-title" className="flex flex-col gap-2">
          {comments.map((comment) => {
            const lab = comment.authorKind === 'lab'
            return (
              <li
                key={comment.commentId}
                className={cn(
                  'flex max-w-[85%] flex-col gap-1 rounded-card border px-3 py-2 text-small',
                  lab ? 'self-end border-brand-300 bg-brand-50' : 'self-start border-line bg-surface',
                )}
              >
                <p className="text-caption text-ink-muted">{commentByline(comment, organizationName)}</p>
                <p className="whitespace-pre-wrap text-ink">{comment.text}</p>
              </li>
            )
          })}
        </ol>
      )}
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-2">
        <WrittenField
          label="Answer the vendor"
          inputRef={inputRef}
          rows={3}
          value={text}
          limit={COMMENT_MAX_LENGTH}
          error={error}
          onChange={(value) => {
            setText(value)
            setError(null)
          }}
        />
        <Button type="submit" size="sm" className="self-end" loading={send.isPending}>
          Send answer
        </Button>
      </form>
    </section>
  )
}

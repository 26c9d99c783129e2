import { Link } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { CircleCheck } from 'lucide-react'
import * as React from 'react'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import {
  notificationSettingsPathOf,
  UNSUBSCRIBE_BUTTON_LABEL,
  UNSUBSCRIBE_MANAGE_HINT,
  UNSUBSCRIBE_MANAGE_LINK,
  type UnsubscribeScope,
  UNSUBSCRIBE_TOKEN_INVALID_MESSAGE,
  UNSUBSCRIBE_TOKEN_PATTERN,
  unsubscribeAlreadyOffMessage,
  unsubscribeQuestion,
} from '@/contract/notifications'
import { unsubscribeInfoQueryOptions, useUnsubscribeMutation } from '@/features/notifications/api/unsubscribe'
import { answerOrNull } from '@/lib/api-failure'

/*
 * docs/decisions/0028 point 5: the page an unsubscribe link opens, without a login.
 * Opening it changes nothing (mail scanners follow links): it reads what the link would turn off
 * and asks; the button turns it off and says so, focused. A link that is not valid says so and
 * changes nothing. Every outcome leads to the settings page (a login first when needed).
 */

export function UnsubscribeScreen({ token }: { token: string | undefined }) {
  if (!token || !UNSUBSCRIBE_TOKEN_PATTERN.test(token)) return <InvalidLink />
  return <UnsubscribeWithToken token={token} />
}

function UnsubscribeWithToken({ token }: { token: string }) {
  const query = useQuery(unsubscribeInfoQueryOptions(token))
  const unsubscribe = useUnsubscribeMutation(token)
  const [done, setDone] = React.useState<string | null>(null)
  const doneRef = React.useRef<HTMLParagraphElement>(null)
  React.useEffect(() => {
    if (done) doneRef.current?.focus()
  }, [done])

  if (query.isPending)
    return (
      <p className="flex items-center gap-2 text-body text-ink-muted">
        <Spinner aria-hidden="true" /> Reading the link…
      </p>
    )
  if (query.isError) return <InvalidLink />
  const info = query.data
  if (done)
    return (
      <div className="flex max-w-2xl flex-col gap-4">
        <p
          ref={doneRef}
          tabIndex={-1}
          role="status"
          data-slot="unsubscribe-done"
          className="flex items-start gap-2 text-lead text-ink outline-none"
        >
          <CircleCheck aria-hidden="true" className="mt-1 size-5 shrink-0 text-success" />
          {done}
        </p>
        <ManageLink scope={info.scope} />
      </div>
    )
  if (info.alreadyOff)
    return (
      <div className="flex max-w-2xl flex-col gap-4">
        <p role="status" className="text-lead text-ink">
          {unsubscribeAlreadyOffMessage(info)}
        </p>
        <ManageLink scope={info.scope} />
      </div>
    )
  const confirm = async () => {
    const answer = await answerOrNull(unsubscribe.mutateAsync())
    if (answer) setDone(answer.message)
  }
  return (
    <div className="flex max-w-2xl flex-col gap-4">
      <p className="text-lead text-ink" data-slot="unsubscribe-question">
        {unsubscribeQuestion(info)}
      </p>
      <div>
        <Button onClick={() => void confirm()} loading={unsubscribe.isPending}>
          {UNSUBSCRIBE_BUTTON_LABEL}
        </Button>
      </div>
      <ManageLink scope={info.scope} />
    </div>
  )
}

function InvalidLink() {
  return (
    <div className="flex max-w-2xl flex-col gap-4">
      <p role="alert" className="text-body text-danger">
        {UNSUBSCRIBE_TOKEN_INVALID_MESSAGE}
      </p>
      <ManageLink />
    </div>
  )
}

/** The settings page of the link's side: a lab kind's link leads to the lab's. */
function ManageLink({ scope }: { scope?: UnsubscribeScope }) {
  return (
    <p className="text-body text-ink-muted">
      {UNSUBSCRIBE_MANAGE_HINT}{' '}
      <Link
        to={notificationSettingsPathOf(scope)}
        className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900 focus-visible:focus-ring"
      >
        {UNSUBSCRIBE_MANAGE_LINK}
      </Link>
    </p>
  )
}

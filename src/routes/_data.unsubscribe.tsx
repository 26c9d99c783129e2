import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { PageShell } from '@/components/layout/page-shell'
import { UNSUBSCRIBE_PAGE_TITLE } from '@/contract/notifications'
import { UnsubscribeScreen } from '@/features/notifications/components/unsubscribe-screen'

/** /unsubscribe?token=…: the token of a notification mail's link (docs/decisions/0028); a missing one is not valid. */
const unsubscribeSearchSchema = v.object({
  token: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(600))), undefined),
})

/** The unsubscribe link's page, public (no login). */
export const Route = createFileRoute('/_data/unsubscribe')({
  validateSearch: unsubscribeSearchSchema,
  component: UnsubscribeRoute,
})

function UnsubscribeRoute() {
  const { token } = Route.useSearch()
  return (
    <PageShell title={UNSUBSCRIBE_PAGE_TITLE} lead="Stop one kind of mail from the certification portal.">
      <UnsubscribeScreen token={token} />
    </PageShell>
  )
}

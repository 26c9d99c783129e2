import { createFileRoute, redirect } from '@tanstack/react-router'
import { PageShell } from '@/components/layout/page-shell'
import { LabConsole } from '@/features/lab/components/lab-console'
import { type LabSearch, parseLabSearch, queueSearchOf } from '@/features/lab/model/lab-view'

export const Route = createFileRoute('/_data/_lab/lab/')({
  validateSearch: (search: Record<string, unknown>): LabSearch => parseLabSearch(search),
  // A record's address before it had its own page (/lab?record=…, older mails): sent on to it.
  beforeLoad: ({ search }) => {
    if (search.record)
      throw redirect({
        to: '/lab/records/$id',
        params: { id: search.record },
        search: queueSearchOf(search),
        replace: true,
      })
  },
  component: LabRoute,
})

function LabRoute() {
  const { labStaff } = Route.useRouteContext()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  if (!labStaff) return null
  return (
    <PageShell title="Lab console" lead="Every organization’s certification runs, live.">
      <LabConsole
        staff={labStaff}
        search={search}
        // A filter replaces the address (Back goes to the page before the queue).
        onSearch={(next) => void navigate({ search: next, replace: true })}
      />
    </PageShell>
  )
}

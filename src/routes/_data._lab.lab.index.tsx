import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '@/components/layout/page-shell'
import { useLabStreamStatus } from '@/features/lab/api/lab-live'
import { LabConsole } from '@/features/lab/components/lab-console'
import { type LabSearch, parseLabSearch } from '@/features/lab/model/lab-view'

export const Route = createFileRoute('/_data/_lab/lab/')({
  validateSearch: (search: Record<string, unknown>): LabSearch => parseLabSearch(search),
  component: LabRoute,
})

function LabRoute() {
  const { labStaff } = Route.useRouteContext()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const stream = useLabStreamStatus()
  if (!labStaff) return null
  return (
    <PageShell title="Lab console" lead="Every organization’s certification runs, live.">
      <LabConsole
        staff={labStaff}
        search={search}
        stream={stream}
        // A record opened or closed is one step of Back; a filter replaces the address.
        onSearch={(next) => void navigate({ search: next, replace: next.record === search.record })}
      />
    </PageShell>
  )
}

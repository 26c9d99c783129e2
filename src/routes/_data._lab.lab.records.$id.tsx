import { createFileRoute } from '@tanstack/react-router'
import { LabRecordPage } from '@/features/lab/components/lab-record-page'
import { type LabSearch, parseLabSearch, queueSearchOf } from '@/features/lab/model/lab-view'

/**
 * /lab/records/$id (docs/decisions/0045): one record at its own address; its search is the
 * queue's filters it was opened from, for Back to the queue.
 */
export const Route = createFileRoute('/_data/_lab/lab/records/$id')({
  validateSearch: (search: Record<string, unknown>): LabSearch => queueSearchOf(parseLabSearch(search)),
  component: LabRecordRoute,
})

function LabRecordRoute() {
  const { labStaff } = Route.useRouteContext()
  const { id } = Route.useParams()
  const search = Route.useSearch()
  if (!labStaff) return null
  return <LabRecordPage key={id} portfolioManagerId={id} staff={labStaff} queueSearch={search} />
}

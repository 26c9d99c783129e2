import { createFileRoute } from '@tanstack/react-router'
import { DirectoryPage, type DirectoryParams } from '@/features/certificates/components/directory-page'
import { directorySearchSchema } from '@/routes/-search-params'

/** /certified-devices: the public directory, prerendered; its search and filters live in the address. */
export const Route = createFileRoute('/certified-devices')({
  validateSearch: directorySearchSchema,
  component: DirectoryRoute,
})

function DirectoryRoute() {
  const params = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <DirectoryPage
      params={params}
      onParams={(next: DirectoryParams) =>
        // A new page starts at the top; a filter keeps the place.
        void navigate({ search: next, resetScroll: next.page !== params.page })
      }
    />
  )
}

import { createFileRoute } from '@tanstack/react-router'
import { VerifyPage } from '@/features/certificates/components/verify-page'

/** /verify/<number>: the certificate's record, its signature checked in the page. */
export const Route = createFileRoute('/verify/$number')({
  component: VerifyNumberRoute,
})

function VerifyNumberRoute() {
  const { number } = Route.useParams()
  return <VerifyPage number={number} />
}

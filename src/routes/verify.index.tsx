import { createFileRoute } from '@tanstack/react-router'
import { VerifyPage } from '@/features/certificates/components/verify-page'

/** /verify: a public page, prerendered; type a number or choose the PDF. */
export const Route = createFileRoute('/verify/')({
  component: () => <VerifyPage />,
})

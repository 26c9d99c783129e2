import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '@/components/layout/page-shell'
import { loginSearchSchema } from '@/routes/-search-params'
export const Route = createFileRoute('/_data/login')({
  validateSearch: loginSearchSchema,
  component: () => (
    <PageShell title="Sign in" lead="Sign in with the e-mail address and password of your vendor account." />
  ),
})

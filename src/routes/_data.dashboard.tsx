import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '@/components/layout/page-shell'
import { requireLogin } from '@/routes/-require-login'
import { dashboardSearchSchema } from '@/routes/-search-params'
export const Route = createFileRoute('/_data/dashboard')({
  staticData: { requiresLogin: true },
  beforeLoad: requireLogin,
  validateSearch: dashboardSearchSchema,
  component: () => (
    <PageShell title="Dashboard" lead="Every device you submitted, its certification status and its runs." />
  ),
})

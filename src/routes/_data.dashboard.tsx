import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '@/components/layout/page-shell'
import { dashboardSearchSchema } from '@/routes/-search-params'
export const Route = createFileRoute('/_data/dashboard')({
  validateSearch: dashboardSearchSchema,
  component: () => (
    <PageShell title="Dashboard" lead="Every device you submitted, its certification status and its runs." />
  ),
})

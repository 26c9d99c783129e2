import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '@/components/layout/page-shell'
import { useAuthView } from '@/lib/use-auth-data'
import { DashboardScreen } from '@/routes/-components/dashboard-screen'
import { requireLogin } from '@/routes/-require-login'
import { dashboardSearchSchema } from '@/routes/-search-params'

export const Route = createFileRoute('/_data/dashboard')({
  staticData: { requiresLogin: true },
  beforeLoad: requireLogin,
  validateSearch: dashboardSearchSchema,
  component: Dashboard,
})

function Dashboard() {
  const { search } = Route.useSearch()
  const auth = useAuthView()
  return (
    <PageShell
      title="Dashboard"
      lead="Every device you submitted, its certification status and its runs."
      // Ten columns: the dashboard takes the width of a large screen.
      className="max-w-7xl"
    >
      {auth.status === 'member' ? <DashboardScreen authData={auth.authData} search={search} /> : null}
    </PageShell>
  )
}

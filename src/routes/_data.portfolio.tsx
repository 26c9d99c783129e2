import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '@/components/layout/page-shell'
import { PortfolioForm } from '@/features/portfolio/components/portfolio-form'
import { useAuthView } from '@/lib/use-auth-data'
import { requireLogin } from '@/routes/-require-login'
import { portfolioSearchSchema } from '@/routes/-search-params'

export const Route = createFileRoute('/_data/portfolio')({
  staticData: { requiresLogin: true },
  beforeLoad: requireLogin,
  validateSearch: portfolioSearchSchema,
  component: PortfolioScreen,
})

function PortfolioScreen() {
  const { portfolio } = Route.useSearch()
  const auth = useAuthView()
  return (
    <PageShell
      title="PORTFOLIO FORM"
      lead="Your organization, line of business and device portfolio: save a section or the whole draft at any time, submit when complete."
    >
      {auth.status === 'member' ? <PortfolioForm authData={auth.authData} focusSection={portfolio} /> : null}
    </PageShell>
  )
}

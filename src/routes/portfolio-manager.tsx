import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '@/components/layout/page-shell'
import { PortfolioManagerLanding } from '@/features/marketing/components/portfolio-manager-landing'
import { portfolioSearchSchema } from '@/routes/-search-params'

export const Route = createFileRoute('/portfolio-manager')({
  validateSearch: portfolioSearchSchema,
  component: PortfolioManagerScreen,
})

function PortfolioManagerScreen() {
  const { portfolio } = Route.useSearch()
  return (
    <PageShell
      title="Portfolio Manager"
      lead="Describe your organization, your line of business and each device you want certified."
    >
      <PortfolioManagerLanding portfolio={portfolio} />
    </PageShell>
  )
}

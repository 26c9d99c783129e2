import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '@/components/layout/page-shell'
import { PortfolioForm } from '@/features/portfolio/components/portfolio-form'
import { portfolioFormSearchSchema } from '@/routes/-search-params'
import { useVendorAuthData } from '@/routes/-vendor'

export const Route = createFileRoute('/_data/_vendor/portfolio')({
  validateSearch: portfolioFormSearchSchema,
  component: PortfolioScreen,
})

function PortfolioScreen() {
  const { portfolio, record } = Route.useSearch()
  const authData = useVendorAuthData()
  return (
    <PageShell
      title="PORTFOLIO FORM"
      lead={
        record
          ? 'The device details of a submitted record: change them and submit, before its certification starts.'
          : 'Your organization, line of business and device portfolio: save a section or the whole draft at any time, submit when complete.'
      }
    >
      {/* A new form for another record (or none): nothing typed for one record carries over. */}
      <PortfolioForm key={record ?? ''} authData={authData} focusSection={portfolio} recordId={record} />
    </PageShell>
  )
}

import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '@/components/layout/page-shell'
import { PortfolioForm } from '@/features/portfolio/components/portfolio-form'
import { useAuthView } from '@/lib/use-auth-data'
import { requireLogin } from '@/routes/-require-login'
import { portfolioFormSearchSchema } from '@/routes/-search-params'

export const Route = createFileRoute('/_data/portfolio')({
  staticData: { requiresLogin: true },
  beforeLoad: requireLogin,
  validateSearch: portfolioFormSearchSchema,
  component: PortfolioScreen,
})

function PortfolioScreen() {
  const { portfolio, record } = Route.useSearch()
  const auth = useAuthView()
  return (
    <PageShell
      title="PORTFOLIO FORM"
      lead={
        record
          ? 'The device details of a submitted record: change them and submit, before its certification starts.'
          : 'Your organization, line of business and device portfolio: save a section or the whole draft at any time, submit when complete.'
      }
    >
      {auth.status === 'member' ? (
        // A new form for another record (or none): nothing typed for one record carries over.
        <PortfolioForm
          key={record ?? ''}
          authData={auth.authData}
          focusSection={portfolio}
          recordId={record}
        />
      ) : null}
    </PageShell>
  )
}

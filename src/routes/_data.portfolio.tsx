import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '@/components/layout/page-shell'
import { requireLogin } from '@/routes/-require-login'
import { portfolioSearchSchema } from '@/routes/-search-params'
export const Route = createFileRoute('/_data/portfolio')({
  staticData: { requiresLogin: true },
  beforeLoad: requireLogin,
  validateSearch: portfolioSearchSchema,
  component: () => (
    <PageShell
      title="PORTFOLIO FORM"
      lead="Your organization, line of business and device portfolio: save a draft at any time, submit when complete."
    />
  ),
})

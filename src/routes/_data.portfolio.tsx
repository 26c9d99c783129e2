import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '@/components/layout/page-shell'
import { portfolioSearchSchema } from '@/routes/-search-params'
export const Route = createFileRoute('/_data/portfolio')({
  validateSearch: portfolioSearchSchema,
  component: () => (
    <PageShell
      title="PORTFOLIO FORM"
      lead="Your organization, line of business and device portfolio: save a draft at any time, submit when complete."
    />
  ),
})

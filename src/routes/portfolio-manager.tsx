import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '@/components/layout/page-shell'
import { portfolioSearchSchema } from '@/routes/-search-params'
export const Route = createFileRoute('/portfolio-manager')({
  validateSearch: portfolioSearchSchema,
  component: () => (
    <PageShell
      title="Portfolio Manager"
      lead="Describe your organization, your line of business and each device you want certified."
    />
  ),
})

import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '@/components/layout/page-shell'
import { HelpCenter } from '@/features/help-center/components/help-center'

export const Route = createFileRoute('/help-center')({
  component: () => (
    <PageShell
      title="Help Center"
      lead="Answers to common questions about accounts, devices and certification."
    >
      <HelpCenter />
    </PageShell>
  ),
})

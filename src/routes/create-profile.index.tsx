import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '@/components/layout/page-shell'

export const Route = createFileRoute('/create-profile/')({
  component: () => (
    <PageShell
      title="Create your vendor profile"
      lead="Register your organization to describe your devices and start certification runs."
    />
  ),
})

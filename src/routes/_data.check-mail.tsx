import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '@/components/layout/page-shell'

export const Route = createFileRoute('/_data/check-mail')({
  component: () => (
    <PageShell title="Check your mail" lead="Enter the 6-digit code we sent you and choose a new password." />
  ),
})

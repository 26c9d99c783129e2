import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '@/components/layout/page-shell'

export const Route = createFileRoute('/_data/forgot-password')({
  component: () => (
    <PageShell
      title="Forgot password"
      lead="Enter the e-mail address of your account and we will send you a 6-digit code."
    />
  ),
})

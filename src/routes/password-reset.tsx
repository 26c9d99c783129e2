import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '@/components/layout/page-shell'

export const Route = createFileRoute('/password-reset')({
  component: () => (
    <PageShell
      title="Password reset"
      lead="Your password has been changed. Sign in with your new password."
    />
  ),
})

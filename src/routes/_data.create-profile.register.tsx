import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '@/components/layout/page-shell'

export const Route = createFileRoute('/_data/create-profile/register')({
  component: () => (
    <PageShell
      title="Register your organization"
      lead="Tell us who you are; we will e-mail you a 6-digit code to create your password."
    />
  ),
})

import { createFileRoute } from '@tanstack/react-router'
import { PasswordResetPage } from '@/features/auth/components/password-reset-page'

export const Route = createFileRoute('/password-reset')({
  component: PasswordResetPage,
})

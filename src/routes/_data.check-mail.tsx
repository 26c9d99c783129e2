import { createFileRoute } from '@tanstack/react-router'
import { CheckMailForm } from '@/features/auth/components/check-mail-form'

export const Route = createFileRoute('/_data/check-mail')({
  component: CheckMailForm,
})

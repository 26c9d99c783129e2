import { createFileRoute } from '@tanstack/react-router'
import { RegistrationForm } from '@/features/auth/components/registration-form'

export const Route = createFileRoute('/_data/create-profile/register')({
  component: RegistrationForm,
})

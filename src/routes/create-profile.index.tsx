import { createFileRoute } from '@tanstack/react-router'
import { CreateProfilePage } from '@/features/auth/components/create-profile-page'

export const Route = createFileRoute('/create-profile/')({
  component: CreateProfilePage,
})

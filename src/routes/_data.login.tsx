import { createFileRoute } from '@tanstack/react-router'
import { LoginForm } from '@/features/auth/components/login-form'
import { loginSearchSchema } from '@/routes/-search-params'

export const Route = createFileRoute('/_data/login')({
  validateSearch: loginSearchSchema,
  component: LoginScreen,
})

function LoginScreen() {
  const { from, redirect } = Route.useSearch()
  return <LoginForm from={from} redirect={redirect} />
}

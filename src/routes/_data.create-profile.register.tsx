import { createFileRoute } from '@tanstack/react-router'
import { RegistrationForm } from '@/features/auth/components/registration-form'
import { registerSearchSchema } from '@/routes/-search-params'

export const Route = createFileRoute('/_data/create-profile/register')({
  validateSearch: registerSearchSchema,
  component: RegisterScreen,
})

/** An invitation's link leads here with its token, e-mail and organization. */
function RegisterScreen() {
  const { invitation, email, organization } = Route.useSearch()
  return <RegistrationForm invitation={invitation ? { token: invitation, email, organization } : undefined} />
}

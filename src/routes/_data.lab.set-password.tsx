import { createFileRoute } from '@tanstack/react-router'
import { LabSetPasswordPage } from '@/features/auth/components/lab-set-password-page'

/** /lab/set-password?token=…: a new lab staff member chooses their password. */
export const Route = createFileRoute('/_data/lab/set-password')({
  validateSearch: (search: Record<string, unknown>): { token?: string | undefined } => ({
    token: typeof search.token === 'string' && search.token.length <= 128 ? search.token : undefined,
  }),
  component: SetPasswordRoute,
})

function SetPasswordRoute() {
  const { token } = Route.useSearch()
  return <LabSetPasswordPage token={token} />
}

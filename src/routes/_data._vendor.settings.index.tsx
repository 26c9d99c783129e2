import { createFileRoute, redirect } from '@tanstack/react-router'

/** /settings opens its first page. */
export const Route = createFileRoute('/_data/_vendor/settings/')({
  beforeLoad: () => {
    throw redirect({ to: '/settings/notifications', replace: true })
  },
})

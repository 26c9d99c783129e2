import { createFileRoute } from '@tanstack/react-router'
import { RegistrationForm } from '@/features/auth/components/registration-form'

export const Route = createFileRoute('/_data/create-profile/register')({
  // The country and calling-code lists, read in the browser before the page is rendered or
  // hydrated, so that they are there from the start (not at build time: the build calls no server).
  // The API client comes with them, not with the route tree every page loads.
  loader: async ({ context }) => {
    if (typeof document === 'undefined') return
    const { addressQueryOptions } = await import('@/lib/address-query')
    await context.queryClient.prefetchQuery(addressQueryOptions())
  },
  component: RegistrationForm,
})

import * as React from 'react'
import { useHydrated } from '@/lib/use-hydrated'

/*
 * The registration screen and the Create Password dialog each have a toast container of their
 * own (spec §8; the ids are in features/auth/model/toasters.ts). sonner injects a stylesheet when
 * it loads (docs/decisions/0008), and the registration page is prerendered: its containers load
 * sonner once the page is live, the same module the layout's container uses, and the toasts come
 * through the lazy `showToast` of src/lib/api-failure.ts.
 */

const Toaster = React.lazy(() =>
  import('@/components/ui/toaster').then((module) => ({ default: module.Toaster })),
)

/**
 * A toast container that shows only the toasts sent to `id`. Its label tells it apart from the
 * layout's container, which is on the same page.
 */
function OwnToaster({ id, label }: { id: string; label: string }) {
  const hydrated = useHydrated()
  if (!hydrated) return null
  return (
    <React.Suspense fallback={null}>
      <Toaster id={id} containerAriaLabel={label} />
    </React.Suspense>
  )
}

export { OwnToaster }

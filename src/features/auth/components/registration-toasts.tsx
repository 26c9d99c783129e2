import * as React from 'react'
import type { ExternalToast } from 'sonner'
import { useHydrated } from '@/lib/use-hydrated'

/*
 * The registration screen and the Create Password dialog each have a toast container of their
 * own (spec §8). sonner injects a stylesheet when it loads (docs/decisions/0008), and the
 * registration page is prerendered: its containers and the toast calls load sonner once the page
 * is live, the same module the layout's container uses.
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

type ToastKind = 'success' | 'error'

/** Shows `message` in the container `toasterId`. */
async function showToast(kind: ToastKind, message: string, options: ExternalToast & { toasterId: string }) {
  const { toast } = await import('sonner')
  toast[kind](message, options)
}

export { OwnToaster, showToast }

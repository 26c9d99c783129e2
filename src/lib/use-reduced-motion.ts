import { useSyncExternalStore } from 'react'

const QUERY = '(prefers-reduced-motion: reduce)'

function mediaQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(QUERY)
    : null
}

function subscribe(listener: () => void) {
  const query = mediaQuery()
  query?.addEventListener('change', listener)
  return () => query?.removeEventListener('change', listener)
}

/** Whether the user asked the system for less motion; false while prerendering (nothing moves before hydration anyway). */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => mediaQuery()?.matches ?? false,
    () => false,
  )
}

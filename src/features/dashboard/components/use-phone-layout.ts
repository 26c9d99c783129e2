import * as React from 'react'

/*
 * Whether the dashboard takes its phone layout: below Tailwind's `md` (768 px) the records are a
 * list of cards, the filters sit in a sheet and a row's actions open as a bottom sheet
 * (docs/decisions/0035). Where there is no matchMedia (unit tests, the server) it is the desktop's.
 */

const PHONE_QUERY = '(max-width: 767.98px)'

function subscribe(onChange: () => void) {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {}
  const query = window.matchMedia(PHONE_QUERY)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

const isPhone = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(PHONE_QUERY).matches
    : false

export function usePhoneLayout(): boolean {
  return React.useSyncExternalStore(subscribe, isPhone, () => false)
}

import * as React from 'react'

/**
 * A prerendered page's text field may hold what a visitor typed before the app hydrated it (a
 * visitor's page loads the app at the first sign of use: scripts/page-boot.mjs). React leaves that
 * text in the field but not in its state. Put the returned ref on the field: when it mounts, text
 * that differs from `value` is handed to `take`, as if typed now. A field rendered in the browser
 * holds `value` already, and nothing happens.
 */
export function useTextTypedEarly<Element extends HTMLInputElement | HTMLTextAreaElement>(
  value: string,
  take: (text: string) => void,
) {
  const ref = React.useRef<Element>(null)
  React.useEffect(() => {
    const text = ref.current?.value
    if (text !== undefined && text !== value) take(text)
    // Once, when the field first mounts: later its text is React's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return ref
}

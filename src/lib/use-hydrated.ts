import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False while a prerendered page is rendered and hydrated, true in every render after (and in any
 * page rendered in the browser from scratch). For what the HTML must not show, such as a
 * highlight that depends on the URL's query, which the prerendered HTML cannot know.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}

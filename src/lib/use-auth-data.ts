import { useSyncExternalStore } from 'react'
import type { AuthData } from '@/contract/auth'
import { type OrganizationId, type OrganizationKeys, organizationKeys } from '@/lib/query-keys'
import { getAuthDataSnapshot, isLoggedIn, subscribeToStorage } from '@/lib/storage'

/*
 * Who is looking at the page, for the parts that differ between a visitor and a logged-in vendor
 * (header, portfolio cards, the landing's main button).
 *
 * Prerendered HTML is made without a browser, so it cannot know. While that HTML is rendered and
 * then hydrated, the answer is 'unknown': components render both variants, and CSS shows the
 * right one from the first paint, keyed on `<html data-auth="in">`, which a few lines of inline
 * script in index.html set from AUTH_DATA before anything paints. Right after hydration React
 * renders again with the stored value and drops the hidden variant: nothing visible moves.
 * A page rendered in the browser from scratch (navigation, stories) never sees 'unknown'.
 */

export type AuthView =
  | { status: 'unknown'; authData: null }
  | { status: 'visitor'; authData: null }
  | { status: 'member'; authData: AuthData }

const UNKNOWN = Symbol('unknown')

function getServerSnapshot(): typeof UNKNOWN {
  return UNKNOWN
}

export function useAuthView(): AuthView {
  const snapshot = useSyncExternalStore<AuthData | null | typeof UNKNOWN>(
    subscribeToStorage,
    getAuthDataSnapshot,
    getServerSnapshot,
  )
  if (snapshot === UNKNOWN) return { status: 'unknown', authData: null }
  return isLoggedIn(snapshot)
    ? { status: 'member', authData: snapshot }
    : { status: 'visitor', authData: null }
}

/**
 * The organization the session acts for, as the stored login says now: the one the vendor layout
 * keeps the cache for (docs/decisions/0023). Its reads are keyed by it (src/lib/query-keys.ts).
 */
export function useOrganizationId(): OrganizationId {
  return useAuthView().authData?.organizationId
}

/** The query keys of the reads of the organization the session acts for. */
export function useOrganizationKeys(): OrganizationKeys {
  return organizationKeys(useOrganizationId())
}

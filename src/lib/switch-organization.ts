import type { QueryClient } from '@tanstack/react-query'
import type { AuthData } from '@/contract/auth'
import { queryKeys } from '@/lib/query-keys'
import { writeAuthData } from '@/lib/storage'

/*
 * docs/decisions/0023: the profile popup's switch to another of the account's
 * organizations. The server rotates the session to act for it and answers the login data anew;
 * the cached answers of the organization left behind are dropped, so that no screen shows them
 * under the new organization's name.
 *
 * The API client and TanStack Query load only now, as for Logout: the header is on the public
 * pages, which paint and hydrate without them (docs/decisions/0008).
 */
export async function switchOrganization(
  organizationId: string,
  queryClient: QueryClient | undefined,
): Promise<AuthData> {
  const { requestEndpoint } = await import('@/lib/call-endpoint')
  const authData = await requestEndpoint('switchOrganization', { organizationId })
  writeAuthData(authData)
  const client = queryClient ?? (await import('@/lib/query-client')).getAppQueryClient()
  cacheFor(client, authData.organizationId)
  return authData
}

/** The organization each query client's organization reads were made for. */
const cachedFor = new WeakMap<QueryClient, string>()

/**
 * Makes `client`'s cache the organization's: when its organization reads were made for another
 * one (a switch in this tab, or in another tab, whose login data this tab reads through the
 * storage event), they are dropped. Called before the vendor's screens render; idempotent.
 *
 * Every read of an organization is keyed by its id (src/lib/query-keys.ts), so the new one's
 * reads never find the old one's answers. Each change drops every organization's reads, not only
 * the old one's: what a change still under way wrote for an organization after leaving it does not
 * outlive the next switch (back to it, say). The person's reads (the draft, the address data) stay.
 */
export function cacheFor(client: QueryClient, organizationId: string | undefined) {
  const key = organizationId ?? ''
  const previous = cachedFor.get(client)
  cachedFor.set(client, key)
  if (previous !== undefined && previous !== key) {
    dropOrganizationReads(client)
  }
}

/** Drops the cached reads of every organization (see cacheFor), keeping the person's. */
export function dropOrganizationReads(client: QueryClient) {
  client.removeQueries({ queryKey: queryKeys.everyOrganization() })
}

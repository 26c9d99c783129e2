import type { QueryClient } from '@tanstack/react-query'
import type { AuthData } from '@/contract/auth'
import { isOrganizationQuery } from '@/lib/query-keys'
import { writeAuthData } from '@/lib/storage'

/*
 * Issue 18 (docs/decisions/0023): the profile popup's switch to another of the account's
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
  client.removeQueries({ predicate: (query) => isOrganizationQuery(query.queryKey) })
  return authData
}

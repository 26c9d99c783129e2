import { apiTokenAccess, type Endpoint, type EndpointName, endpoints } from '@/contract/endpoints'

/* Who may call what, as the document's `security` and refusals say it: from the table's entries. */

export type Access = 'public' | 'visitor-session' | 'login' | 'vendor' | 'lab'

/** The calls that need a login but no permission: they act on the account, not on an organization's data. */
const LOGIN_WITHOUT_PERMISSION: ReadonlySet<EndpointName> = new Set([
  'logout',
  'keepSessionAlive',
  'acceptInvitation',
  'pendingInvitations',
  'switchOrganization',
])

export function accessOf(name: EndpointName): Access {
  const endpoint: Endpoint = endpoints[name]
  if (endpoint.permission !== null) return endpoint.audience
  if (LOGIN_WITHOUT_PERMISSION.has(name)) return 'login'
  return endpoint.service === 'main' && endpoint.method !== 'GET' ? 'visitor-session' : 'public'
}

/**
 * The scope an API token needs, as the server's bearer guard decides it (`apiTokenAccess` in
 * src/contract/endpoints, one rule for both): `read` for the calls that change nothing,
 * `read-write` for the others, none for the calls a token may never make.
 */
export function bearerScopeOf(name: EndpointName): 'read' | 'read-write' | null {
  if (accessOf(name) !== 'vendor') return null
  const access = apiTokenAccess(name)
  return access === 'session' ? null : access === 'read' ? 'read' : 'read-write'
}

export function securityOf(name: EndpointName) {
  const endpoint: Endpoint = endpoints[name]
  const access = accessOf(name)
  if (access === 'public') return []
  const csrf = endpoint.service === 'main' && endpoint.method !== 'GET'
  const cookie = csrf ? { sessionCookie: [], csrfToken: [] } : { sessionCookie: [] }
  const scope = bearerScopeOf(name)
  const optional = endpoint.loginOptional ? [{}] : []
  return [...optional, cookie, ...(scope ? [{ bearerAuth: [scope] }] : [])]
}

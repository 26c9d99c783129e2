import type { ApiTokenAccess } from '@/contract/api-tokens'
import type { RefusalForm } from '@/contract/refusals'
import type { Permission } from '@/contract/roles'
import { accountEndpoints } from '@/contract/endpoints/accounts'
import { apiTokenEndpoints } from '@/contract/endpoints/api-tokens'
import { certificateEndpoints } from '@/contract/endpoints/certificates'
import { certificationEndpoints } from '@/contract/endpoints/certification'
import { labEndpoints } from '@/contract/endpoints/lab'
import { notificationEndpoints } from '@/contract/endpoints/notifications'
import { organizationEndpoints } from '@/contract/endpoints/organizations'
import { portfolioEndpoints } from '@/contract/endpoints/portfolio'
import type { Endpoint } from '@/contract/endpoints/types'
import { webhookEndpoints } from '@/contract/endpoints/webhooks'

export type { Endpoint, EndpointTag } from '@/contract/endpoints/types'

/*
 * Every call the portal makes, in one table, one entry per call with all that is said of it (see
 * types.ts): the screens' api/ files, the MSW handlers, the server's routes and permission checks,
 * and the API document are all built from it. Each domain keeps its calls in its own file; the
 * order here is the order of the API document.
 */
export const endpoints = {
  ...accountEndpoints,
  ...portfolioEndpoints,
  ...certificationEndpoints,
  ...organizationEndpoints,
  ...labEndpoints,
  ...certificateEndpoints,
  ...notificationEndpoints,
  ...apiTokenEndpoints,
  ...webhookEndpoints,
} as const satisfies Record<string, Endpoint>

export type EndpointName = keyof typeof endpoints
/** The lab console's calls (lab staff sessions only). */
export type LabEndpointName = keyof typeof labEndpoints
/** The vendors' calls. */
export type VendorEndpointName = Exclude<EndpointName, LabEndpointName>

/** The printable report beside results.json (Download Results, decision 8). */
export const RUN_REPORT_PATH = '/runs/:runId/results.html'

/** Fills the `:name` parts of a path, encoded. */
export function endpointPath(path: string, params: Record<string, string> = {}) {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`The path ${path} needs a value for :${name}.`)
    return encodeURIComponent(value)
  })
}

/** Whether a name is one of the lab console's calls. */
export function isLabEndpoint(name: string): name is LabEndpointName {
  return Object.hasOwn(labEndpoints, name)
}

/** The permission a vendor call needs once logged in (one that needs none is a mistake of the caller). */
export function permissionOf(name: VendorEndpointName): Permission {
  const permission = endpoints[name].permission
  if (permission === null) throw new Error(`${name} is called without a login: it needs no permission.`)
  return permission
}

/**
 * A call's access for an API token: never for the session's own calls and the lab's; a call that
 * needs only the `read` permission (or none: public reference data, certificates' verification)
 * reads; anything else writes.
 */
export function apiTokenAccess(name: EndpointName): ApiTokenAccess {
  const endpoint: Endpoint = endpoints[name]
  if (endpoint.audience === 'lab' || endpoint.sessionOnly) return 'session'
  return endpoint.permission === null || endpoint.permission === 'read' ? 'read' : 'write'
}

/** How a call's input refusals are answered: the main service and the mocks answer alike. */
export function refusalFormOf(name: EndpointName): RefusalForm {
  const endpoint: Endpoint = endpoints[name]
  return {
    withStatus: endpoint.refusalForm?.withStatus === true,
    asText: endpoint.answerType === 'text',
    labels: endpoint.refusalForm?.labels ?? {},
  }
}

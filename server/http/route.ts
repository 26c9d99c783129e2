import type { Context, Hono, MiddlewareHandler } from 'hono'
import type * as v from 'valibot'
import {
  type EndpointName,
  endpoints,
  type LabEndpointName,
  permissionOf,
  refusalFormOf,
  type VendorEndpointName,
} from '@/contract/endpoints'
import type { LabRole } from '@/contract/lab'
import type { Role } from '@/contract/roles'
import type { MainEnv } from './context.ts'
import { jsonBody, queryInput } from './json-body.ts'
import { requireVendor } from './require-vendor.ts'
import { requireAccount } from './vendor-caller.ts'
import { requireLab } from './require-lab.ts'

/*
 * The main service's calls are registered from the endpoint table (src/contract/endpoints,
 * docs/decisions/0005): `route(app, 'login', handler)` takes the method and path from
 * `endpoints.login` and reads the input with the endpoint's request schema — the JSON body of a
 * POST, the query of a GET — so that the handler gets it typed as `c.var.body`, and a body the
 * schema refuses is answered 400 before the handler runs (middleware/json-body.ts).
 * `vendorRoute` adds requireVendor in front: the call needs a member's session, a vendorUserId in
 * the body must be the session's own (401, 403), and the role must allow the endpoint (403); the
 * handler reads `c.var.accountId` (the acting user), `c.var.organizationId` (the data's owner) and
 * `c.var.role`.
 */

/** The calls of the endpoint table that the main service answers. */
export type MainEndpointName = {
  [N in EndpointName]: (typeof endpoints)[N]['service'] extends 'main' ? N : never
}[EndpointName]

/** What the endpoint's request schema gives the handler, or undefined when the call takes nothing. */
export type RouteInput<N extends EndpointName> = (typeof endpoints)[N]['request'] extends infer S extends
  v.GenericSchema
  ? v.InferOutput<S>
  : undefined

type RouteContext<N extends EndpointName, Extra extends object = object> = Context<{
  Variables: MainEnv['Variables'] & { body: RouteInput<N> } & Extra
}>

type RouteHandler<N extends EndpointName, Extra extends object = object> = (
  c: RouteContext<N, Extra>,
) => Response | Promise<Response>

type RouteOptions = {
  /** Middleware that runs before the input is read (e.g. compress()). */
  before?: ReadonlyArray<MiddlewareHandler>
}

function register(
  app: Hono<MainEnv>,
  name: MainEndpointName,
  middleware: ReadonlyArray<MiddlewareHandler>,
  handler: MiddlewareHandler,
) {
  const endpoint = endpoints[name]
  const schema: v.GenericSchema | null = endpoint.request
  const input: MiddlewareHandler[] =
    schema === null
      ? []
      : [endpoint.method === 'GET' ? queryInput(schema) : jsonBody(schema, refusalFormOf(name))]
  const chain: MiddlewareHandler[] = [...middleware, ...input, handler]
  app.on(endpoint.method, endpoint.path, ...(chain as [MiddlewareHandler, ...MiddlewareHandler[]]))
}

/** Registers a call of the endpoint table: its method, its path, its input read with its schema. */
export function route<N extends MainEndpointName>(
  app: Hono<MainEnv>,
  name: N,
  handler: RouteHandler<N>,
  { before = [] }: RouteOptions = {},
) {
  register(app, name, before, handler as unknown as MiddlewareHandler)
}

/**
 * As route, for a call that needs a member's session: requireVendor first, with the permission
 * its entry of the endpoint table names (docs/decisions/0023).
 */
export function vendorRoute<N extends MainEndpointName & VendorEndpointName>(
  app: Hono<MainEnv>,
  name: N,
  handler: RouteHandler<N, { accountId: string; organizationId: string; role: Role }>,
  { before = [] }: RouteOptions = {},
) {
  const permission = permissionOf(name)
  register(
    app,
    name,
    [requireVendor(permission) as unknown as MiddlewareHandler, ...before],
    handler as unknown as MiddlewareHandler,
  )
}

/**
 * As route, for a call of a logged-in account whatever organization it acts for (requireAccount):
 * the handler reads `c.var.accountId`.
 */
export function accountRoute<N extends MainEndpointName>(
  app: Hono<MainEnv>,
  name: N,
  handler: RouteHandler<N, { accountId: string }>,
) {
  register(
    app,
    name,
    [requireAccount as unknown as MiddlewareHandler],
    handler as unknown as MiddlewareHandler,
  )
}

/**
 * As route, for a lab console call (docs/decisions/0024): requireLab first, with the
 * permission its entry of the endpoint table names; the handler reads `c.var.labStaffId` and
 * `c.var.labRole`. The set-password calls (permission null) are made before any login: use route.
 */
export function labRoute<N extends MainEndpointName & LabEndpointName>(
  app: Hono<MainEnv>,
  name: N,
  handler: RouteHandler<N, { labStaffId: string; labRole: LabRole }>,
  { before = [] }: RouteOptions = {},
) {
  const permission = endpoints[name].permission
  if (permission === null) throw new Error(`${name} is called without a login: register it with route().`)
  register(
    app,
    name,
    [requireLab(permission) as unknown as MiddlewareHandler, ...before],
    handler as unknown as MiddlewareHandler,
  )
}

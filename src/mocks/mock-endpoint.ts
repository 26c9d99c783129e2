import { http, HttpResponse, type PathParams } from 'msw'
import type * as v from 'valibot'
import { type Endpoint, type EndpointName, endpoints, refusalFormOf } from '@/contract/endpoints'
import {
  BODY_FIELD,
  FIELD_HEADER,
  isJsonContentType,
  NOT_JSON_MESSAGE,
  NOT_SENT_AS_JSON_MESSAGE,
  readInput,
  type Refusal,
  refusalBody,
  type RefusalForm,
} from '@/contract/refusals'
import * as said from '@/contract/server-messages'
import { type MockVendor, world } from '@/mocks/fixtures/world'

/*
 * The one way the fixture handlers are made: `mockEndpoint('savePortfolio', ({ body, vendor }) => …)`
 * matches the endpoint's method and path from the table, reads its input — the JSON body of a POST,
 * the query of a GET — with the endpoint's request schema, and answers as the services do before
 * the handler runs:
 *   - a body not sent as JSON (415), not JSON, or that the schema refuses (400): the services'
 *     refusal, `{ message, field }` (src/contract/refusals.ts);
 *   - for a call that names its vendor (vendorUserId, or vendor_user_id on the certification
 *     service): the fixture world has no session, so the named vendor stands for the signed-in one;
 *     a vendor id the world does not hold answers 403 with the server's FORBIDDEN_MESSAGE, as the
 *     server answers a vendorUserId that is not the session's — checked first, as the server's
 *     requireVendor does.
 */

/** The session token the fixture bootstrap hands out. */
export const FIXTURE_TOKEN = 'fixture-session-token'

/** Main-service calls match their /api/ path on any origin; certification calls their path on any host. */
export function endpointUrl(endpoint: Pick<Endpoint, 'service' | 'path'>) {
  return `*${endpoint.path}`
}

/** An input refusal as the services answer it: `{ message, field }` (docs/decisions/0015). */
export const badRequest = (refusal: Refusal, form: RefusalForm = {}, status = 400) =>
  form.asText
    ? HttpResponse.text(refusal.message, { status, headers: { [FIELD_HEADER]: refusal.field } })
    : HttpResponse.json(refusalBody(refusal, form), { status })

/** A JSON answer with the services' `{ message }` shape. */
export const answer = (message: string, status = 200) => HttpResponse.json({ message }, { status })

/** A new id in the fixture world ('pm-12', 'run-13'), never the same twice. */
export function nextId(prefix: string) {
  world.nextId += 1
  return `${prefix}-${world.nextId}`
}

type Input<N extends EndpointName> = (typeof endpoints)[N]['request'] extends infer S extends v.GenericSchema
  ? v.InferOutput<S>
  : undefined

/** What a handler gets: the checked input, the vendor it names (when it names one), the request. */
export type MockCall<N extends EndpointName> = {
  body: Input<N>
  vendor: MockVendor | undefined
  request: Request
  params: PathParams
}

/** The vendor a fixture id names. */
/** A vendor's own record (another vendor's is missing, as on the server), or undefined. */
export function ownRecord(vendor: MockVendor, portfolioManagerId: string) {
  return world.records.find(
    (record) => record.portfolioManagerId === portfolioManagerId && record.createdBy === vendor.authData.name,
  )
}

export function vendorById(vendorUserId: unknown): MockVendor | undefined {
  return world.vendors.find((vendor) => vendor.authData.vendorUserId === vendorUserId)
}

/** The vendor id a raw input claims, if it names one. */
function claimedVendor(raw: unknown): { claimed: boolean; id: unknown } {
  if (typeof raw !== 'object' || raw === null) return { claimed: false, id: undefined }
  if ('vendorUserId' in raw) return { claimed: true, id: raw.vendorUserId }
  if ('vendor_user_id' in raw) return { claimed: true, id: raw.vendor_user_id }
  return { claimed: false, id: undefined }
}

async function readRaw(
  endpoint: Endpoint,
  request: Request,
  form: RefusalForm,
): Promise<{ raw: unknown } | { refused: Response }> {
  if (endpoint.method === 'GET') return { raw: Object.fromEntries(new URL(request.url).searchParams) }
  if (!isJsonContentType(request.headers.get('Content-Type') ?? undefined)) {
    return { refused: badRequest({ message: NOT_SENT_AS_JSON_MESSAGE, field: BODY_FIELD }, form, 415) }
  }
  try {
    return { raw: await request.json() }
  } catch {
    return { refused: badRequest({ message: NOT_JSON_MESSAGE, field: BODY_FIELD }, form) }
  }
}

export function mockEndpoint<N extends EndpointName>(
  name: N,
  resolve: (call: MockCall<N>) => Response | Promise<Response>,
) {
  const endpoint: Endpoint = endpoints[name]
  const method = endpoint.method === 'GET' ? http.get : http.post
  return method(endpointUrl(endpoint), async ({ request, params }) => {
    if (endpoint.request === null) {
      return resolve({ body: undefined as Input<N>, vendor: undefined, request, params })
    }
    const form = endpoint.method === 'GET' ? {} : refusalFormOf(name)
    const input = await readRaw(endpoint, request, form)
    if ('refused' in input) return input.refused
    const claim = claimedVendor(input.raw)
    const vendor = claim.claimed ? vendorById(claim.id) : undefined
    if (claim.claimed && !vendor) return answer(said.FORBIDDEN_MESSAGE, 403)
    const read = readInput(endpoint.request, input.raw, form.labels)
    if ('refused' in read) return badRequest(read.refused, form)
    return resolve({ body: read.output as Input<N>, vendor, request, params })
  })
}

/** As mockEndpoint, for a call that names its vendor: the handler gets that vendor. */
export function vendorEndpoint<N extends EndpointName>(
  name: N,
  resolve: (call: MockCall<N> & { vendor: MockVendor }) => Response | Promise<Response>,
) {
  return mockEndpoint(name, (call) => {
    const { vendor } = call
    // The schema requires the vendor's id, so a call that gets here has named a known vendor.
    if (!vendor) return answer(said.FORBIDDEN_MESSAGE, 403)
    return resolve({ ...call, vendor })
  })
}

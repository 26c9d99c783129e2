import { delay, http, HttpResponse, type RequestHandler } from 'msw'
import { type EndpointName, endpoints } from '@/contract/endpoints'
import { endpointUrl } from '@/mocks/handlers'

/*
 * Named network states for stories and tests, added with `msw.use(...)` (stories) or
 * `server.use(...)` (Vitest) on top of the fixture world's handlers:
 *   scenarios.slow('listRecords', 2000)       answers after 2 s (the usual answer)
 *   scenarios.loading('listRecords')          never answers: the loading state
 *   scenarios.serverError('login', 'Invalid email id or password.', 401)
 *   scenarios.empty('listRecords')            an empty list
 *   scenarios.networkFailure('savePortfolio') the request fails before any answer
 */

function on(name: EndpointName, resolver: Parameters<typeof http.get>[1]): RequestHandler {
  const endpoint = endpoints[name]
  const method = endpoint.method === 'GET' ? http.get : http.post
  return method(endpointUrl(endpoint), resolver)
}

/** Empty answers for the calls that list things. */
const EMPTY_ANSWERS: Partial<Record<EndpointName, unknown>> = {
  listRecords: { portfolioManagerSubmittedDetailsList: [] },
  listComments: { comments: [] },
  listRuns: { runs: [] },
  catalogue: { vendorList: [], deviceNameList: [], deviceTypeList: [], productClassList: [] },
  addressData: { countryDetailsList: [], stateList: [], cityList: [] },
}

export const scenarios = {
  /** Waits, then lets the fixture world answer as usual. */
  slow: (name: EndpointName, ms = 2000) =>
    on(name, async () => {
      await delay(ms)
      return undefined
    }),
  /** Never answers, so the screen stays in its loading state. */
  loading: (name: EndpointName) =>
    on(name, async () => {
      await delay('infinite')
      return undefined
    }),
  /** Answers with an error status and the server's message (text for text answers). */
  serverError: (
    name: EndpointName,
    message = 'The service is unavailable. Please try again later.',
    status = 500,
  ) =>
    on(name, () =>
      endpoints[name].answerType === 'text'
        ? HttpResponse.text(message, { status })
        : HttpResponse.json({ message }, { status }),
    ),
  /** An empty list for the calls that list things. */
  empty: (name: keyof typeof EMPTY_ANSWERS & EndpointName) =>
    on(name, () => HttpResponse.json(EMPTY_ANSWERS[name] as Record<string, unknown>)),
  /** The request fails as if the network were down. */
  networkFailure: (name: EndpointName) => on(name, () => HttpResponse.error()),
}

import type * as v from 'valibot'
import { STATUS_SUCCESS } from '@/contract/common'
import { endpointPath, type EndpointName, endpoints } from '@/contract/endpoints'
import { type ApiResult, certificationService, mainService } from '@/lib/api-client'

/*
 * Calls an endpoint of the contract's table by name: the right service, method, path, body or
 * query, answer schema and answer type, typed from the table. The features' api/ files call
 * `requestEndpoint`, which gives the answer's data or throws (docs/decisions/0014).
 */

type Table = typeof endpoints

/** What the call takes: the request schema's input, or nothing. */
export type EndpointInput<N extends EndpointName> = Table[N]['request'] extends v.GenericSchema
  ? v.InferInput<Table[N]['request']>
  : undefined

/** What a 2xx answer holds: the answer schema's output, or the text. */
export type EndpointAnswer<N extends EndpointName> = Table[N]['answer'] extends v.GenericSchema
  ? v.InferOutput<Table[N]['answer']>
  : string

export type CallOptions = {
  signal?: AbortSignal
  params?: Record<string, string>
  /** Headers the call adds (submit's Idempotency-Key). */
  headers?: Record<string, string>
}

export async function callEndpoint<N extends EndpointName>(
  name: N,
  input: EndpointInput<N>,
  { signal, params, headers }: CallOptions = {},
): Promise<ApiResult<EndpointAnswer<N>>> {
  const endpoint: (typeof endpoints)[EndpointName] = endpoints[name]
  const client = endpoint.service === 'main' ? mainService : certificationService
  const path = endpointPath(endpoint.path, params)
  const common = {
    responseType: endpoint.answerType,
    ...(endpoint.answer ? { schema: endpoint.answer } : {}),
    ...(signal ? { signal } : {}),
    ...(headers ? { headers } : {}),
  }
  const result =
    endpoint.method === 'GET'
      ? await client.get(path, { ...common, ...(input ? { query: input as Record<string, string> } : {}) })
      : await client.post(path, input ?? {}, common)
  return result as ApiResult<EndpointAnswer<N>>
}

/** A non-2xx answer, carrying the server's message for the screen to show (spec §8). */
export class ApiAnswerError extends Error {
  readonly status: number
  constructor(message: string, status: number) {
    super(message)
    this.name = 'ApiAnswerError'
    this.status = status
  }
}

/** The data of a 2xx answer; any other answer throws ApiAnswerError (for TanStack Query's error state). */
export function dataOrThrow<T>(result: ApiResult<T>): T {
  if (!result.ok) throw new ApiAnswerError(result.message, result.status)
  return result.data
}

/**
 * A form's call (docs/decisions/0015): its data on 2xx, or the refusal when it names a field of the
 * form (one of `fields`; any field when none are given), which the form shows on that field with
 * no toast; any other failure throws ApiAnswerError, told as spec §8 says.
 */
export async function dataOrFieldRefusal<T, F extends string = string>(
  pending: Promise<ApiResult<T>>,
  fields?: readonly F[],
): Promise<{ ok: true; data: T } | { ok: false; field: F; message: string }> {
  const result = await pending
  if (result.ok) return { ok: true, data: result.data }
  const field = (result.data as { field?: unknown } | null)?.field
  if (typeof field === 'string' && (fields === undefined || (fields as readonly string[]).includes(field)))
    return { ok: false, field: field as F, message: result.message }
  throw new ApiAnswerError(result.message, result.status)
}

/** Calls and unwraps: what queryFn and mutationFn use. */
export async function requestEndpoint<N extends EndpointName>(
  name: N,
  input: EndpointInput<N>,
  options?: CallOptions,
): Promise<EndpointAnswer<N>> {
  return dataOrThrow(await callEndpoint(name, input, options))
}

/**
 * The registration and password calls answer 200 with a status (spec §7, §8): anything but
 * SUCCESS is a failure, told with the answer's message like any other.
 */
export function successOrThrow<T extends { status: string; message: string }>(answer: T): T {
  if (answer.status !== STATUS_SUCCESS) throw new ApiAnswerError(answer.message, 200)
  return answer
}

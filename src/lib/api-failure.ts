import type { ExternalToast } from 'sonner'
import { ApiNetworkError } from '@/lib/api-client'

/*
 * Spec §8 in one place: how a failed call is told. Every call goes through requestEndpoint, which
 * throws ApiAnswerError for an answer that is not a success and ApiNetworkError when no answer
 * came; the query client's MutationCache and QueryCache hand every such failure to `tellFailure`.
 * Screens only do what follows a failure on their own screen (a message beside a button, a read
 * again); they never show the toast themselves.
 */

/**
 * How a mutation's failures are told (its `meta`), by spec §8:
 * - 'answer' (default): the server's message as an error toast; no answer at all is logged only.
 * - 'any': every failure as an error toast, the network's too (a portfolio save: "a rejected
 *   request shows the error itself").
 * - 'none': logged only (Start Certify: "non-200: no message").
 */
export type FailureToast = 'answer' | 'any' | 'none'

export type FailureMeta = {
  failureToast?: FailureToast
  /** The toast container that shows it (registration and the password dialog have their own). */
  toasterId?: string
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: FailureMeta
  }
}

/**
 * Shows a toast. sonner loads with the first toast: it injects a stylesheet when it loads, and the
 * prerendered pages paint without it (docs/decisions/0008).
 */
export async function showToast(
  kind: 'success' | 'error' | 'warning' | 'info',
  message: string,
  options?: ExternalToast & { toasterId?: string },
): Promise<void> {
  const { toast } = await import('sonner')
  toast[kind](message, options)
}

/**
 * Logs a failure without what was sent or answered: bodies carry passwords and personal data.
 * The network error's message names the service, the method and the path only.
 */
function logFailure(error: unknown) {
  const what = error instanceof Error ? error.message : 'The call failed.'
  console.error(what)
}

/** Tells a failed mutation's failure as its meta says (spec §8). */
export function tellFailure(error: unknown, meta: FailureMeta | undefined = {}): void {
  const mode = meta.failureToast ?? 'answer'
  if (mode === 'none' || (mode === 'answer' && error instanceof ApiNetworkError)) {
    logFailure(error)
    return
  }
  const message = error instanceof Error ? error.message : String(error)
  void showToast('error', message, meta.toasterId ? { toasterId: meta.toasterId } : undefined)
}

/**
 * A read that failed is shown by the route's error component (or the part that made it); the
 * network failing is also logged, as spec §8 says for "other network failures".
 */
export function logReadFailure(error: unknown): void {
  if (error instanceof ApiNetworkError) logFailure(error)
}

/**
 * The answer of a mutation, or null when it failed. Its failure has been told already (the
 * MutationCache runs before the promise rejects): the caller only stops.
 */
export async function answerOrNull<T>(pending: Promise<T>): Promise<T | null> {
  try {
    return await pending
  } catch {
    return null
  }
}

import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { logReadFailure, tellFailure } from '@/lib/api-failure'

/**
 * One QueryClient per app (and per story): cached answers stay fresh for 30 s, failures retry once.
 * Every failed call is told in one place (src/lib/api-failure.ts, spec §8).
 */
export function createQueryClient(options: { retry?: boolean } = {}) {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => tellFailure(error, mutation.meta),
    }),
    queryCache: new QueryCache({ onError: logReadFailure }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: options.retry === false ? false : 1,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  })
}

let appQueryClient: QueryClient | undefined

/** The browser app's one QueryClient, made on first use (the screens that call the server). */
export function getAppQueryClient(): QueryClient {
  appQueryClient ??= createQueryClient()
  return appQueryClient
}

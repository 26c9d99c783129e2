import { QueryClient } from '@tanstack/react-query'

/** One QueryClient per app (and per story): cached answers stay fresh for 30 s, failures retry once. */
export function createQueryClient(options: { retry?: boolean } = {}) {
  return new QueryClient({
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

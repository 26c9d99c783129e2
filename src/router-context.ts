import type { QueryClient } from '@tanstack/react-query'

/**
 * What every route can read. `queryClient` is given by stories and the prerenderer; in the app the
 * `_data` layout route loads it for the screens that call the server (routes/_data.tsx). Its own
 * module: the root route reads it, and the router, which imports every route, sets it.
 */
export type RouterContext = { queryClient?: QueryClient | undefined }

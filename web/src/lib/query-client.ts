import { MutationCache, QueryClient, type QueryClientConfig } from '@tanstack/react-query'
import { getQueryFn } from './api-request'

/** docs/fan-site-rules.md §9 constants. */
export const QUERY_STALE_TIME_MS = 5 * 60_000
export const QUERY_GC_TIME_MS = 10 * 60_000
export const RETRY_BASE_DELAY_MS = 1000
/** The API timeout, which also caps the retry delay. */
export const API_TIMEOUT_MS = 10_000
const MAX_QUERY_RETRIES = 2
const MAX_MUTATION_RETRIES = 1

/** The "alternate configuration", used for tour dates: fresher data, polled every 5 minutes. */
export const tourDatesQueryConfig = {
  staleTime: 2 * 60_000,
  gcTime: 10 * 60_000,
  refetchOnWindowFocus: true,
  refetchInterval: 5 * 60_000,
} as const

/** Errors carry "{status}: ..." (see api-request.ts); a client error will not improve by retrying. */
export function isClientError(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('4')
}

export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return !isClientError(error) && failureCount < MAX_QUERY_RETRIES
}

export function shouldRetryMutation(failureCount: number, error: unknown): boolean {
  return !isClientError(error) && failureCount < MAX_MUTATION_RETRIES
}

/** 1000 ms, doubling per attempt, never more than the API timeout. */
export function retryDelay(attemptIndex: number): number {
  return Math.min(RETRY_BASE_DELAY_MS * 2 ** attemptIndex, API_TIMEOUT_MS)
}

export function queryClientConfig(): QueryClientConfig {
  return {
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: QUERY_STALE_TIME_MS,
        gcTime: QUERY_GC_TIME_MS,
        retry: shouldRetryQuery,
        retryDelay,
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
      },
      mutations: { retry: shouldRetryMutation, retryDelay },
    },
    mutationCache: new MutationCache({
      onError: (error) => console.error('Mutation error:', error),
    }),
  }
}

/** The browser's client: one per page load. */
export function createQueryClient(): QueryClient {
  return new QueryClient(queryClientConfig())
}

/**
 * The server's client: one per request, so no visitor's data is shared with another. Server renders fail
 * fast instead of retrying; the browser retries on its own after hydration.
 */
export function createServerQueryClient(): QueryClient {
  const config = queryClientConfig()
  return new QueryClient({
    ...config,
    defaultOptions: {
      ...config.defaultOptions,
      queries: { ...config.defaultOptions?.queries, retry: false },
    },
  })
}

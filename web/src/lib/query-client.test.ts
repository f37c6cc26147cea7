import { describe, expect, it, vi } from 'vitest'
import {
  createQueryClient,
  retryDelay,
  shouldRetryMutation,
  shouldRetryQuery,
  tourDatesQueryConfig,
} from './query-client'

describe('query client defaults (docs/fan-site-rules.md §8-9)', () => {
  const defaults = createQueryClient().getDefaultOptions()

  it('keeps data fresh for 5 minutes and cached for 10', () => {
    expect(defaults.queries?.staleTime).toBe(300_000)
    expect(defaults.queries?.gcTime).toBe(600_000)
  })

  it('refetches on window focus and on reconnect', () => {
    expect(defaults.queries?.refetchOnWindowFocus).toBe(true)
    expect(defaults.queries?.refetchOnReconnect).toBe(true)
  })

  it('does not retry a query whose error message starts with 4', () => {
    expect(shouldRetryQuery(0, new Error('404: Not Found'))).toBe(false)
    expect(shouldRetryQuery(0, new Error('401: Unauthorized'))).toBe(false)
  })

  it('retries other query failures up to 2 times', () => {
    const error = new Error('503: Service Unavailable')
    expect(shouldRetryQuery(0, error)).toBe(true)
    expect(shouldRetryQuery(1, error)).toBe(true)
    expect(shouldRetryQuery(2, error)).toBe(false)
    expect(shouldRetryQuery(0, new TypeError('Failed to fetch'))).toBe(true)
  })

  it('retries a mutation once, never on 4xx', () => {
    expect(shouldRetryMutation(0, new Error('500: Internal Server Error'))).toBe(true)
    expect(shouldRetryMutation(1, new Error('500: Internal Server Error'))).toBe(false)
    expect(shouldRetryMutation(0, new Error('429: Too Many Requests'))).toBe(false)
  })

  it('waits 1000 ms before the first retry, doubling, capped at the 10000 ms API timeout', () => {
    expect([0, 1, 2, 3, 4, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000])
  })

  it('uses these rules as the defaults', () => {
    expect(defaults.queries?.retry).toBe(shouldRetryQuery)
    expect(defaults.queries?.retryDelay).toBe(retryDelay)
    expect(defaults.mutations?.retry).toBe(shouldRetryMutation)
  })

  it('logs "Mutation error:" when a mutation fails', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const client = createQueryClient()
    const error = new Error('400: Bad Request')
    await expect(
      client
        .getMutationCache()
        .build(client, { mutationFn: () => Promise.reject(error) })
        .execute(undefined),
    ).rejects.toBe(error)
    expect(log).toHaveBeenCalledWith('Mutation error:', error)
    log.mockRestore()
  })

  it('runs real retries with the configured schedule', async () => {
    vi.useFakeTimers()
    const client = createQueryClient()
    const queryFn = vi.fn().mockRejectedValue(new Error('500: boom'))
    const result = client.fetchQuery({ queryKey: ['flaky'], queryFn }).catch((e: Error) => e)
    await vi.advanceTimersByTimeAsync(999)
    expect(queryFn).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(queryFn).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(2000)
    expect(queryFn).toHaveBeenCalledTimes(3)
    expect(((await result) as Error).message).toBe('500: boom')
    vi.useRealTimers()
  })
})

describe('alternate configuration for tour dates', () => {
  it('is stale after 2 minutes, cached 10, refetched on focus and every 5 minutes', () => {
    expect(tourDatesQueryConfig).toEqual({
      staleTime: 120_000,
      gcTime: 600_000,
      refetchOnWindowFocus: true,
      refetchInterval: 300_000,
    })
  })
})

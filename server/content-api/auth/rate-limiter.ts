/**
 * A fixed-window counter per key, in memory. Enough for one process guarding a password form; the window
 * resets on restart, which is acceptable for slowing down guessing.
 */
export type RateLimiter = {
  /** Counts one attempt; `retryAfterSeconds` is set when the key is over its limit. */
  hit(key: string): { allowed: boolean; retryAfterSeconds: number }
  reset(key: string): void
}

export function createRateLimiter(options: {
  limit: number
  windowMs: number
  now?: () => number
}): RateLimiter {
  const now = options.now ?? Date.now
  const windows = new Map<string, { count: number; resetAt: number }>()
  return {
    hit(key) {
      const at = now()
      if (windows.size > 10_000) {
        for (const [k, w] of windows) if (w.resetAt <= at) windows.delete(k)
      }
      let window = windows.get(key)
      if (!window || window.resetAt <= at) {
        window = { count: 0, resetAt: at + options.windowMs }
        windows.set(key, window)
      }
      window.count += 1
      const allowed = window.count <= options.limit
      return { allowed, retryAfterSeconds: allowed ? 0 : Math.ceil((window.resetAt - at) / 1000) }
    },
    reset(key) {
      windows.delete(key)
    },
  }
}

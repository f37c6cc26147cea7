import type { RequestHandler } from 'express'
import { rateLimitKey } from '../rate-limit-key'

export type RateLimiter = {
  /** Counts one attempt for `key`; when over the limit, says how many seconds until the window resets. */
  hit(key: string): { allowed: true } | { allowed: false; retryAfterSeconds: number }
}

const SWEEP_AT_SIZE = 10_000

/**
 * A fixed-window counter per key, in memory. One process is the default deployment; with several nodes each
 * enforces its own limit, which still bounds abuse per node. Old windows are swept once the map grows, so a
 * flood of distinct addresses cannot grow memory without bound.
 */
export function createRateLimiter({
  limit,
  windowMs = 60_000,
  now = Date.now,
}: {
  limit: number
  windowMs?: number
  now?: () => number
}): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>()
  let nextSweepAt = 0
  return {
    hit(key) {
      const t = now()
      // At most one sweep per second: while every entry is live, sweeping on each hit would be quadratic.
      if (windows.size >= SWEEP_AT_SIZE && t >= nextSweepAt) {
        nextSweepAt = t + 1000
        for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k)
      }
      let window = windows.get(key)
      if (!window || window.resetAt <= t) {
        window = { count: 0, resetAt: t + windowMs }
        windows.set(key, window)
      }
      window.count++
      if (window.count <= limit) return { allowed: true }
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - t) / 1000)) }
    },
  }
}

export function rateLimit(limiter: RateLimiter): RequestHandler {
  return (req, res, next) => {
    const result = limiter.hit(rateLimitKey(req.ip))
    if (result.allowed) return next()
    res
      .status(429)
      .set('Retry-After', String(result.retryAfterSeconds))
      .json({ message: 'Too many sign-ups from your network. Please try again in a minute.' })
  }
}

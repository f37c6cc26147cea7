import type { RequestHandler } from 'express'
import { createRateLimiter } from '../newsletter/rate-limit'
import { rateLimitKey } from '../rate-limit-key'

/** Enough for an editor reloading the preview all day; each call past it would cost a query for nothing. */
const ENABLES_PER_MINUTE = 30

/**
 * The anonymous `enable` route checks each secret with a query: a fixed window per address (the newsletter's
 * limiter, `rateLimitKey`), answered 429 with a message past it (issue 36).
 */
export function enableRateLimit(limit = ENABLES_PER_MINUTE): RequestHandler {
  const limiter = createRateLimiter({ limit })
  return (req, res, next) => {
    const result = limiter.hit(rateLimitKey(req.ip))
    if (result.allowed) return next()
    res
      .status(429)
      .set({ 'Retry-After': String(result.retryAfterSeconds), 'Cache-Control': 'no-store' })
      .json({ message: 'Too many preview openings from your network; try again in a minute' })
  }
}

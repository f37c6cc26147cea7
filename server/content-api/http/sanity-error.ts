import type { Response } from 'express'

/**
 * Sanity's error body: `@sanity/client` reads `error.description` (and falls back to `message`), so both are set.
 */
export function sendSanityError(res: Response, status: number, description: string, type?: string): void {
  res.status(status).json({
    error: { description, ...(type ? { type } : {}) },
    message: description,
    statusCode: status,
  })
}

import type { ErrorRequestHandler, Response } from 'express'
import type { Logger } from '../../logger'
import { ContentApiError } from '../engine'

/**
 * Writes a ContentApiError in Sanity's body shape. The error handler below is its caller; authenticate uses it
 * directly because it also guards routers outside the content API (the newsletter admin) that answer in
 * their own shape.
 */
export function sendContentApiError(res: Response, error: ContentApiError): void {
  // Caps on concurrent work clear within seconds; @sanity/client retries 429 with backoff.
  if (error.status === 429 && !res.get('Retry-After')) res.set('Retry-After', '1')
  res.status(error.status).json(error.toBody())
}

/** Turns anything a route threw (or body-parser reported) into the ContentApiError it should be answered as. */
function asContentApiError(err: unknown): ContentApiError | null {
  if (err instanceof ContentApiError) return err
  const status = Number((err as { status?: unknown } | null)?.status)
  const type = String((err as { type?: unknown } | null)?.type ?? '')
  if (status === 413 || type === 'entity.too.large')
    return new ContentApiError(413, 'requestEntityTooLarge', 'Request body is too large')
  if (type === 'entity.too.deep') return new ContentApiError(400, 'invalidJson', (err as Error).message)
  if (type === 'entity.parse.failed')
    return new ContentApiError(
      400,
      'invalidJson',
      `Request body is not valid JSON: ${(err as Error).message}`,
    )
  if (Number.isInteger(status) && status >= 400 && status < 500)
    return new ContentApiError(status, 'badRequest', (err as Error).message)
  return null
}

/** One error format for the whole API: `{error: {type, description, ...}, message, statusCode}`. */
export function contentErrorHandler(logger?: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) return next(err)
    let error = asContentApiError(err)
    if (!error) {
      ;(req.log ?? logger)?.error({ err }, 'content API request failed')
      error = new ContentApiError(500, 'internalError', 'Internal Server Error')
    }
    sendContentApiError(res, error)
  }
}

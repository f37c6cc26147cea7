import type { ErrorRequestHandler, RequestHandler } from 'express'
import { HttpError } from './errors'

/** Unmatched API paths answer JSON rather than falling through to the HTML 404 page. */
export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ message: `No route for ${req.method} ${req.baseUrl}${req.path}` })
}

function statusOf(err: unknown): number {
  if (err instanceof HttpError) return err.status
  const candidate = (err as { status?: unknown; statusCode?: unknown } | null) ?? {}
  const status = Number(candidate.status ?? candidate.statusCode)
  return Number.isInteger(status) && status >= 400 && status < 600 ? status : 500
}

/**
 * The single error handler. Client errors (4xx, including body-parser's 400/413/415) explain themselves;
 * server errors are logged with their stack and answered with a generic message.
 */
export const errorHandler: ErrorRequestHandler = (err, req, res, next) => {
  if (res.headersSent) return next(err)
  const status = statusOf(err)
  const message = status >= 500 ? 'Internal Server Error' : err instanceof Error ? err.message : 'Bad Request'
  if (status >= 500) req.log?.error({ err }, 'request failed')
  const details = err instanceof HttpError ? err.details : undefined
  if (req.accepts(['json', 'html']) === 'html' && req.method === 'GET') {
    res.status(status).type('html').send(`<!doctype html><title>${status}</title><h1>${status}</h1>`)
    return
  }
  res.status(status).json({ message, ...details })
}

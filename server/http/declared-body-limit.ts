import type { RequestHandler } from 'express'
import { HttpError } from './errors'

/**
 * 413 at once for a request whose declared `Content-Length` is over `limit` bytes, in body-parser's own error
 * shape (`type: 'entity.too.large'`), so every router answers it as it answers body-parser's. body-parser would
 * first wait for the whole body, or for `HTTP_BODY_TIMEOUT_S` and then 408. After an answer sent before the body,
 * a body that is not coming closes the connection (`applyServerTimeouts`). A chunked body, which declares no
 * length, still meets body-parser's own count.
 */
export function refuseDeclaredBodyOver(limit: number): RequestHandler {
  return (req, _res, next) => {
    const declared = Number(req.headers['content-length'])
    if (!(declared > limit)) return next()
    next(
      Object.assign(new HttpError(413, 'request entity too large'), {
        type: 'entity.too.large',
        expected: declared,
        length: declared,
        limit,
      }),
    )
  }
}

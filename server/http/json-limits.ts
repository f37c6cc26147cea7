import express, { type RequestHandler } from 'express'
import { refuseDeclaredBodyOver } from './declared-body-limit'
import { HttpError } from './errors'
import { DEFAULT_JSON_MAX_DEPTH, nestsDeeperThan } from '../json-depth'

export { DEFAULT_JSON_MAX_DEPTH, jsonDepth, nestsDeeperThan } from '../json-depth'

/** The error a too-deep body or parameter raises; `type` lets API routers answer it in their own shape. */
export class JsonTooDeepError extends HttpError {
  readonly type = 'entity.too.deep'

  constructor(what: string, maxDepth: number) {
    super(400, `${what} nests deeper than ${maxDepth} levels`)
    this.name = 'JsonTooDeepError'
  }
}

export function assertJsonDepth(value: unknown, maxDepth: number, what = 'JSON body'): void {
  if (nestsDeeperThan(value, maxDepth)) throw new JsonTooDeepError(what, maxDepth)
}

/**
 * `express.json` with both limits every JSON endpoint needs: a size in bytes (larger bodies get 413) and a
 * nesting depth (deeper bodies get 400 before any handler walks them recursively). A declared length over the
 * size gets its 413 before any byte is read (`refuseDeclaredBodyOver`).
 */
export function jsonBody({
  limit,
  maxDepth = DEFAULT_JSON_MAX_DEPTH,
  type,
  strict,
}: {
  limit: number
  maxDepth?: number
  type?: string | string[]
  strict?: boolean
}): RequestHandler {
  const parse = express.json({
    limit,
    ...(type ? { type } : {}),
    ...(strict === undefined ? {} : { strict }),
  })
  const refuseDeclared = refuseDeclaredBodyOver(limit)
  return (req, res, next) => {
    refuseDeclared(req, res, (tooLarge?: unknown) => {
      if (tooLarge) return next(tooLarge)
      parse(req, res, (error?: unknown) => {
        if (error) return next(error)
        try {
          if (req.body !== undefined) assertJsonDepth(req.body, maxDepth)
          next()
        } catch (tooDeep) {
          next(tooDeep)
        }
      })
    })
  }
}

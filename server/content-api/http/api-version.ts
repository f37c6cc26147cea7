import { Router, type Request } from 'express'
import { badRequest } from '../engine'

/**
 * The one API-version parser. Versions look like `v2025-02-19`, `v1` (the oldest) or `vX` (experimental,
 * treated as newest); all are accepted and only perspectives' defaults depend on them.
 */
const API_VERSION = /^v(\d{4}-\d{2}-\d{2}|1|X)$/

/** The part after `v` (`1`, `X` or the date), or null when `value` is not an API version. */
export function parseApiVersion(value: unknown): string | null {
  return API_VERSION.exec(String(value ?? ''))?.[1] ?? null
}

/** The request's version (`1` sorts before any date; callers treat `X` as "newest"); 400 when invalid. */
export function apiVersionOf(req: Request): string {
  const version = parseApiVersion(req.params.apiVersion)
  if (version === null) throw badRequest(`Invalid API version "${String(req.params.apiVersion)}"`)
  return version
}

/** Mounts a router under `/:apiVersion` for valid versions; other first segments fall through. */
export function underApiVersion(router: Router): Router {
  const outer = Router()
  outer.use('/:apiVersion', (req, res, next) => {
    if (parseApiVersion(req.params.apiVersion) === null) return next()
    router(req, res, next)
  })
  return outer
}

import { Router } from 'express'

/** `v1`, `vX` and dated versions (`v2025-02-19`) are all accepted; behaviour does not depend on them here. */
export const API_VERSION = /^v(1|X|\d{4}-\d{2}-\d{2})$/

/** Mounts a router under `/:apiVersion` for valid versions; other first segments fall through. */
export function underApiVersion(router: Router): Router {
  const outer = Router()
  outer.use('/:apiVersion', (req, res, next) => {
    if (!API_VERSION.test(req.params.apiVersion ?? '')) return next()
    router(req, res, next)
  })
  return outer
}

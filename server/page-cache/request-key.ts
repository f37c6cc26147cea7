import type { IncomingMessage } from 'node:http'
import type { PageCachePolicy } from '../../web/src/entry-server'
import { isLocalHostName } from '../http/public-origin'
import { requestProtocol } from '../http/request-protocol'
import { pageCacheKey } from './cache-key'

export type { PageCachePolicy }

export type RequestKey = {
  key: string
  cacheable: boolean
  /** SITE_URL's origin, else the request's. */
  origin: string
  /** The request target as sent (path and query). */
  target: string
  policy: PageCachePolicy
}

const ALL_PARAMS_DROPPED: PageCachePolicy = { cacheable: true, params: [] }
const POLICY_MEMO_LIMIT = 10_000

/**
 * The origin a page is kept and rendered under without SITE_URL: every `*.localhost` name is this machine
 * (RFC 6761), so `a.localhost`, `b.localhost`, ... share `localhost`'s pages instead of a render each; the
 * port stays (the built-in HTTPS front and the HTTP port are both `localhost`). Other hosts passed the allow
 * list (ADR 086), which names each one.
 */
export function canonicalOrigin(protocol: string, host: string | undefined): string {
  const given = host ?? 'localhost'
  const portAt = given.lastIndexOf(':')
  const name = portAt > given.lastIndexOf(']') ? given.slice(0, portAt) : given
  const port = name === given ? '' : given.slice(portAt)
  const lower = name.toLowerCase()
  const canonical = lower.endsWith('.localhost') && isLocalHostName(lower) ? 'localhost' : lower
  return `${protocol}://${canonical}${port}`
}

/**
 * The cache key of a request, computed from the raw request without a URL parse (it runs on every page
 * request); the route table is matched once per path (memoised), not per request.
 */
export function createRequestKeys({
  siteUrl,
  policyFor = () => ALL_PARAMS_DROPPED,
}: {
  siteUrl?: string
  policyFor?: (pathname: string) => PageCachePolicy
}): (req: IncomingMessage) => RequestKey {
  const siteOrigin = siteUrl === undefined ? undefined : new URL(siteUrl).origin
  const policies = new Map<string, PageCachePolicy>()
  const policyOf = (pathname: string) => {
    let policy = policies.get(pathname)
    if (!policy) {
      if (policies.size >= POLICY_MEMO_LIMIT) policies.clear()
      policy = policyFor(pathname)
      policies.set(pathname, policy)
    }
    return policy
  }
  return (req) => {
    const origin = siteOrigin ?? canonicalOrigin(requestProtocol(req), req.headers.host)
    const target = req.url ?? '/'
    const queryAt = target.indexOf('?')
    const pathname = queryAt < 0 ? target : target.slice(0, queryAt)
    const policy = policyOf(pathname)
    const query = queryAt < 0 ? '' : target.slice(queryAt + 1)
    return {
      key: pageCacheKey(origin, pathname, query, policy.params),
      cacheable: policy.cacheable,
      origin,
      target,
      policy,
    }
  }
}

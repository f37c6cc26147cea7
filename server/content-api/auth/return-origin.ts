import type { Request } from 'express'
import { isStudioPath, STUDIO_PATH } from '../../../web/src/lib/preview/preview-contract'

/** Where the Studio is served; the only pages a sign-in may hand a `#sid` to. */
export { STUDIO_PATH }

/**
 * Where the login page may send the browser back to (with a `#sid=`): only the Studio (`/admin` and below)
 * on the host that served the login page, or on one of the configured public hosts. Any other page, even one
 * on this origin (an uploaded file, a news post), would receive a login grant it could spend (ADR 085).
 */
export function safeReturnUrl(origin: unknown, req: Request, extraHosts: string[] = []): URL | null {
  if (typeof origin !== 'string' || origin.length > 2000) return null
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  if (url.username || url.password) return null
  const hosts = [req.get('host'), ...extraHosts].filter(Boolean).map((h) => h!.toLowerCase())
  if (!hosts.includes(url.host.toLowerCase())) return null
  // The URL parser has already resolved `..` and `%2e%2e` segments, so this is the path the browser loads.
  if (!isStudioPath(url.pathname)) return null
  url.hash = ''
  return url
}

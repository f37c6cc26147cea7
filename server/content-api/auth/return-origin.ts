import type { Request } from 'express'

/**
 * Where the login page may send the browser back to (with a `#sid=`): only a page on the host that served the
 * login page, or on one of the configured public hosts. Anything else would hand a login grant to another site.
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
  url.hash = ''
  return url
}

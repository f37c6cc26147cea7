import type { IncomingHttpHeaders } from 'node:http'
import type { RequestHandler } from 'express'

/**
 * The headers the app's security middleware (server/http/security-headers.ts) sets on a response whose inline
 * scripts have these hashes, collected once per render, so a cached page answered on the fast path carries
 * exactly the headers every other response gets. The middleware must set headers synchronously and read
 * nothing of the request but its headers.
 */
export function securityHeaderSet(
  handlers: RequestHandler[],
  cspScriptHashes: string[],
): Record<string, string> {
  const headers: Record<string, string> = {}
  const req = { method: 'GET', url: '/', headers: {} as IncomingHttpHeaders }
  const res = {
    locals: { cspScriptHashes },
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value)
      return res
    },
    getHeader: (name: string) => headers[name.toLowerCase()],
    removeHeader(name: string) {
      delete headers[name.toLowerCase()]
    },
  }
  for (const handler of handlers) {
    let called = false
    handler(req as never, res as never, (err?: unknown) => {
      if (err) throw err instanceof Error ? err : new Error(String(err))
      called = true
    })
    if (!called) throw new Error('A security header middleware did not finish synchronously')
  }
  return headers
}

import type { Request, Response } from 'express'
import { preferredEncoding } from './encoding'
import { bodyOf, type Rendition } from './rendition'

/** RFC 9110: If-None-Match uses the weak comparison, and `*` matches any current representation. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}

/**
 * Answers with a rendition, a new render or a stored one alike: 304 when the client already holds these bytes,
 * else the smallest form the client accepts (brotli, gzip, or as is). The page's own headers were made with the
 * rendition and join those the app's middleware set on `res` (security, transport, request id); the CSP is
 * replaced by one that allows the page's inline scripts by hash (http/security-headers.ts). HEAD gets the head only.
 */
export function sendRendition(req: Request, res: Response, rendition: Rendition): void {
  res.locals.allowInlineScripts?.(res, rendition.cspScriptHashes)
  const ok = rendition.status >= 200 && rendition.status < 300
  if (ok && matchesEtag(req.headers['if-none-match'], rendition.etag)) {
    res.writeHead(304, rendition.heads.notModified)
    res.end()
    return
  }
  const encoding = preferredEncoding(req.headers['accept-encoding'])
  const form = (encoding !== 'identity' && rendition[encoding] && encoding) || 'identity'
  res.writeHead(rendition.status, rendition.heads[form])
  res.end(req.method === 'HEAD' ? undefined : bodyOf(rendition, form))
}

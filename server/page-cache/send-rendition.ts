import type { IncomingMessage, ServerResponse } from 'node:http'
import { preferredEncoding } from './encoding'
import type { Rendition } from './rendition'

/** RFC 9110: If-None-Match uses the weak comparison, and `*` matches any current representation. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}

/**
 * Answers with a rendition: 304 when the client already holds these bytes, else the smallest form the client
 * accepts (brotli, gzip, or as is). Every head was made with the rendition; per request there is only the
 * choice of form and the `extra` headers (the request id). HEAD gets the head only. Returns the status sent.
 */
export function sendRendition(
  req: IncomingMessage,
  res: ServerResponse,
  rendition: Rendition,
  extra: string[] = [],
): number {
  const ok = rendition.status >= 200 && rendition.status < 300
  if (ok && matchesEtag(req.headers['if-none-match'], rendition.etag)) {
    res.writeHead(
      304,
      extra.length ? [...rendition.heads.notModified, ...extra] : rendition.heads.notModified,
    )
    res.end()
    return 304
  }
  const encoding = preferredEncoding(req.headers['accept-encoding'])
  const form = (encoding !== 'identity' && rendition[encoding] && encoding) || 'identity'
  const head = rendition.heads[form]
  res.writeHead(rendition.status, extra.length ? [...head, ...extra] : head)
  res.end(req.method === 'HEAD' ? undefined : rendition[form])
  return rendition.status
}

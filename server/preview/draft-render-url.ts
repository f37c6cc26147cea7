import type { Request } from 'express'
import { requestProtocol } from '../http/request-protocol'
import { renderUrlFor } from '../page-cache/cache-key'
import { canonicalOrigin } from '../page-cache/request-key'

/**
 * The URL a draft page renders under, built as a public page's is (page-responses.ts): SITE_URL's origin, else
 * the request's canonical one, and a path that cannot name another host (`//evil.example/` renders as
 * `/evil.example/`), so its canonical link and `og:url` stay on this site (issue 36).
 */
export function draftRenderUrl(req: Request, siteUrl: string | undefined): URL {
  const origin = siteUrl ? new URL(siteUrl).origin : canonicalOrigin(requestProtocol(req), req.headers.host)
  return renderUrlFor(origin, req.originalUrl)
}

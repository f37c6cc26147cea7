import type { RequestHandler } from 'express'
import { inlineScriptHashes } from './inline-script-hashes'
import { createRendition, type Rendition, type RenditionInput } from './rendition'
import { securityHeaderSet } from './security-header-set'

/**
 * A rendered page or feed as it is kept and sent: the app's security headers with the hashes of the page's inline
 * scripts in its CSP, and its cache policy (5xx never stored anywhere).
 */
export function pageRendition(
  input: RenditionInput,
  { securityHandlers, cacheControl }: { securityHandlers: RequestHandler[]; cacheControl: string },
): Promise<Rendition> {
  const hashes = input.contentType.startsWith('text/html') ? inlineScriptHashes(String(input.body)) : []
  return createRendition({
    ...input,
    headers: {
      ...securityHeaderSet(securityHandlers, hashes),
      'cache-control': input.status >= 500 ? 'no-store' : cacheControl,
      ...input.headers,
    },
  })
}

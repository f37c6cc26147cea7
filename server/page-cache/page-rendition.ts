import { inlineScriptHashes } from './inline-script-hashes'
import { createRendition, type Rendition, type RenditionInput } from './rendition'

/**
 * A rendered page or feed as it is kept and sent: the hashes of the page's inline scripts for the app's CSP, and
 * its cache policy (5xx never stored anywhere).
 */
export function pageRendition(input: RenditionInput, cacheControl: string): Promise<Rendition> {
  return createRendition({
    ...input,
    cspScriptHashes: input.contentType.startsWith('text/html') ? inlineScriptHashes(String(input.body)) : [],
    headers: {
      'cache-control': input.status >= 500 ? 'no-store' : cacheControl,
      ...input.headers,
    },
  })
}

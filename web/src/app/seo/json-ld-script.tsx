import { stegaCleanJson } from '../../lib/preview/stega-clean'
import { withSafeJsonLdUrls } from '../../lib/safe-url'
import { serializeJsonForScript } from '../../lib/serialize-json'

/**
 * A JSON-LD block. Not executable script, so the CSP does not apply; the text is escaped for <script>, and
 * no URL in it has a scheme other than http(s), mailto or tel (lib/safe-url.ts). On a draft page its strings
 * are read without their stega edit links, which are for people, not crawlers (ADR 160).
 */
export function JsonLdScript({ data }: { data: unknown }) {
  const html = serializeJsonForScript(withSafeJsonLdUrls(stegaCleanJson(data)))
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: html }} />
}

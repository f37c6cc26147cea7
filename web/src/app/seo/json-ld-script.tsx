import { withSafeJsonLdUrls } from '../../lib/safe-url'
import { serializeJsonForScript } from '../../lib/serialize-json'

/**
 * A JSON-LD block. Not executable script, so the CSP does not apply; the text is escaped for <script>, and
 * no URL in it has a scheme other than http(s), mailto or tel (lib/safe-url.ts).
 */
export function JsonLdScript({ data }: { data: unknown }) {
  const html = serializeJsonForScript(withSafeJsonLdUrls(data))
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: html }} />
}

import { serializeJsonForScript } from '../../lib/serialize-json'

/** A JSON-LD block. Not executable script, so the CSP does not apply; the text is escaped for <script>. */
export function JsonLdScript({ data }: { data: unknown }) {
  return (
    <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonForScript(data) }} />
  )
}

/**
 * What the browser renders where the server wrote a JSON-LD block: the same element, empty. Hydration leaves
 * the server's text in place (React does not compare `dangerouslySetInnerHTML` when it hydrates, and the value
 * never changes afterwards), so the builders of the JSON-LD stay out of the browser bundle (ADR 130). Crawlers
 * read the server's HTML; a page reached by client-side navigation has an empty block. A file of its own, so
 * the browser bundle does not carry JsonLdScript's serializer either.
 */
export function JsonLdPlaceholder() {
  return (
    <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />
  )
}

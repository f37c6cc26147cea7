/**
 * Text for XML character data and attribute values: the five markup characters escaped, and the characters
 * XML 1.0 forbids (most C0 controls, lone surrogates, U+FFFE/U+FFFF) dropped, since one of them in a post
 * would make the whole feed unreadable for a strict parser.
 */
export function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

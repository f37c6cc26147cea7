import { createHash } from 'node:crypto'

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi

/**
 * CSP sources for every inline script of a document: the state hand-off, JSON-LD, any bootstrap. Scripts with a
 * `src` are covered by the policy's hosts. The hash is over the element's text exactly as sent, so the page
 * must not change after it is hashed.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const [, attributes, text] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes ?? '')) continue
    hashes.add(
      `'sha256-${createHash('sha256')
        .update(text ?? '', 'utf8')
        .digest('base64')}'`,
    )
  }
  return [...hashes]
}

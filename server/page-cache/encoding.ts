export type Encoding = 'br' | 'gzip' | 'identity'

/**
 * The best encoding an `Accept-Encoding` header allows among brotli, gzip and none: the highest q wins, brotli
 * first on a tie; `*` stands for any encoding not named; `q=0` refuses one. A small pure parser, because it runs
 * on every cached answer.
 */
export function preferredEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity'
  let encoding = recent.get(header)
  if (encoding === undefined) {
    encoding = parsePreferred(header)
    if (recent.size >= RECENT_LIMIT) recent.clear()
    recent.set(header, encoding)
  }
  return encoding
}

/**
 * The answers for the headers seen last: browsers and proxies send a handful of distinct values, and parsing
 * one was several per cent of a stored page's CPU (ADR 090). Bounded, since any client may send any value.
 */
const recent = new Map<string, Encoding>()
const RECENT_LIMIT = 100

function parsePreferred(header: string): Encoding {
  const q: Partial<Record<string, number>> = {}
  for (const part of header.split(',')) {
    const [rawName, ...rawParams] = part.split(';')
    const name = rawName!.trim().toLowerCase()
    if (!name) continue
    let quality = 1
    for (const param of rawParams) {
      const [key, value] = param.split('=')
      if (key?.trim().toLowerCase() === 'q') quality = Number(value) || 0
    }
    q[name] = quality
  }
  const of = (name: 'br' | 'gzip') => q[name] ?? q['*'] ?? 0
  const br = of('br')
  const gzip = of('gzip')
  if (br > 0 && br >= gzip) return 'br'
  if (gzip > 0) return 'gzip'
  return 'identity'
}
